// What validators save (D5): a re-check of the 200-skill site with the bodies and ETags a
// first check kept (every skill a 304), against the same re-check fetching every file whole.
import { createNodeTransport } from '../cli/http/transport';
import { checkSite, inMemorySkillMemory, type SkillMemory } from '../utils/engine/check';
import type { Transport } from '../utils/engine/net/fetch-bounded';
import { serveMany } from './sites-process';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;

/** Counts answers and the body bytes servers declared for them (the fixture server sends Content-Length). */
function countingTransport(inner: Transport) {
  const tally = { requests: 0, notModified: 0, bodyBytes: 0 };
  const transport: Transport = {
    ...inner,
    fetch: async (url, init) => {
      const response = await inner.fetch(url, init);
      tally.requests += 1;
      if (response.status === 304) tally.notModified += 1;
      else tally.bodyBytes += Number(response.headers.get('content-length') ?? 0);
      return response;
    },
  };
  return { transport, tally, reset: () => Object.assign(tally, { requests: 0, notModified: 0, bodyBytes: 0 }) };
}

export async function benchRevalidation(count = 200, rounds = 11): Promise<string[]> {
  const sites = await serveMany(count, 4096);
  const origin = sites.origin(sites.names[0]!);
  const counting = countingTransport(createNodeTransport());
  try {
    const memory = inMemorySkillMemory();
    const check = async (m: SkillMemory | undefined) => {
      counting.reset();
      const t = performance.now();
      const { report } = await checkSite(origin, { transport: counting.transport, memory: m });
      const ms = performance.now() - t;
      if (report.skills.filter((s) => s.status === 'verified').length !== count) throw new Error('not every skill verified');
      return { ms, ...counting.tally };
    };
    await check(memory); // the first check keeps every body and its ETag
    for (let i = 0; i < 5; i++) {
      await check(undefined);
      await check(memory);
    }
    const whole: number[] = [];
    const conditional: number[] = [];
    let w = { ms: 0, requests: 0, notModified: 0, bodyBytes: 0 };
    let c = w;
    for (let i = 0; i < rounds; i++) {
      // Interleaved, alternating which goes first.
      if (i % 2) {
        c = await check(memory);
        w = await check(undefined);
      } else {
        w = await check(undefined);
        c = await check(memory);
      }
      conditional.push(c.ms);
      whole.push(w.ms);
    }
    const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
    return [
      `re-check of ${count} skills × 4 KiB, whole files: ${w.requests} requests, ${kib(w.bodyBytes)} of bodies, ${median(whole).toFixed(1)} ms (median of ${rounds}, ${spread(whole)})`,
      `re-check with kept ETags:      ${c.requests} requests (${c.notModified} answered 304), ${kib(c.bodyBytes)} of bodies, ${median(conditional).toFixed(1)} ms (${spread(conditional)})`,
      `saved by 304s: ${kib(w.bodyBytes - c.bodyBytes)} (${(100 * (1 - c.bodyBytes / w.bodyBytes)).toFixed(1)} % of body bytes); time ratio kept / whole: ${(median(conditional) / median(whole)).toFixed(2)}x`,
    ];
  } finally {
    await sites.stop();
  }
}
