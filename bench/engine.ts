// Engine speed against a bare baseline, and its memory against the number of skills (issue 2).
import { createNodeTransport } from '../cli/node-transport';
import { checkSite } from '../utils/engine/check';
import type { Transport } from '../utils/engine/net/fetch-bounded';
import { WELL_KNOWN } from '../utils/engine/spec';
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The bare minimum a verifier must do: the same requests, 6 at a time, WebCrypto hashes. */
async function baseline(origin: string, transport: Transport): Promise<number> {
  await transport.fetch(origin + WELL_KNOWN.poppy, {}).then((r) => r.arrayBuffer());
  const indexUrl = origin + WELL_KNOWN.skillIndex;
  const index = (await (await transport.fetch(indexUrl, {})).json()) as { skills: { url: string; digest: string }[] };
  let next = 0;
  let verified = 0;
  const worker = async () => {
    while (next < index.skills.length) {
      const s = index.skills[next++]!;
      const bytes = await (await transport.fetch(new URL(s.url, indexUrl).href, {})).arrayBuffer();
      const hex = Buffer.from(await crypto.subtle.digest('SHA-256', bytes)).toString('hex');
      if (`sha256:${hex}` === s.digest) verified++;
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return verified;
}

/** Starts bench/serve-many.ts in a child process; resolves with its origin and a stop function. */
async function serveMany(count: number, bodyBytes: number): Promise<{ origin: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/serve-many.ts', String(count), String(bodyBytes)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    origin: chunk.toString().trim(),
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function benchEngineSpeed(count = 200, rounds = 15, warmups = 15): Promise<string[]> {
  const { origin, stop } = await serveMany(count, 4096);
  const transport = createNodeTransport();
  try {
    const engine = async () => {
      const { report } = await checkSite(origin, { transport });
      if (report.skills.filter((s) => s.status === 'verified').length !== count) throw new Error('engine did not verify every skill');
    };
    const bare = async () => {
      if ((await baseline(origin, transport)) !== count) throw new Error('baseline did not verify every skill');
    };
    // The first check is what a one-off CLI run costs: cold JIT, new sockets.
    const cold = await time(engine);
    // Both sides keep getting faster for about 15 rounds (JIT tiers); compare them warm.
    for (let i = 0; i < warmups; i++) {
      await bare();
      await engine();
    }
    const e: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < rounds; i++) {
      // Alternate the order so neither side always runs on a warmer machine.
      if (i % 2) {
        e.push(await time(engine));
        b.push(await time(bare));
      } else {
        b.push(await time(bare));
        e.push(await time(engine));
      }
    }
    const me = median(e);
    const mb = median(b);
    return [
      `engine, first (cold) check of ${count} skills: ${cold.toFixed(1)} ms`,
      `engine, ${count} skills on loopback:   ${me.toFixed(1)} ms (median of ${rounds}, after ${warmups} warm-up rounds)`,
      `baseline (fetch 6 at a time + WebCrypto): ${mb.toFixed(1)} ms`,
      `ratio engine / baseline:                ${(me / mb).toFixed(2)}x (target ≤ 1.20x)`,
    ];
  } finally {
    await stop();
  }
}

/** Peak extra memory during one check: must follow the caps and concurrency, not the count. */
export async function benchEngineMemory(): Promise<string[]> {
  const bodyBytes = 512 * 1024;
  const lines: string[] = [];
  const peaks: number[] = [];
  for (const count of [25, 200]) {
    const { origin, stop } = await serveMany(count, bodyBytes);
    try {
      const transport = createNodeTransport();
      // Samples are taken as skills complete, and one check can miss the moment when every
      // worker holds a body at once: repeat checks until both counts had as many samples (24
      // checks of 25 skills, 3 of 200) and keep the highest peak.
      let peak = 0;
      for (let i = 0; i < 600 / count; i++) peak = Math.max(peak, await peakExtraMemory(origin, transport));
      peaks.push(peak);
      lines.push(
        `peak extra memory, ${String(count).padStart(3)} skills × 512 KiB: ${(peak / 2 ** 20).toFixed(1)} MiB (all bodies: ${((count * bodyBytes) / 2 ** 20).toFixed(0)} MiB)`,
      );
    } finally {
      await stop();
    }
  }
  lines.push(`memory ratio 200 / 25 skills: ${(peaks[1]! / peaks[0]!).toFixed(2)}x (skill count ratio 8x; bounded means near 1x)`);
  if (!(globalThis as { gc?: unknown }).gc) lines.push('(run with node --expose-gc for steadier memory figures)');
  return lines;
}

async function peakExtraMemory(origin: string, transport: Transport): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const start = used();
  let peak = start;
  // Collect before each sample so the figure is memory the check holds, not garbage V8 has not
  // swept yet (which depends on the machine, not on our bounds). A timer alone samples a short
  // check only a few times; a sample as each skill completes (while the other workers hold
  // their bodies) adds one per skill.
  const sample = () => {
    gc?.();
    peak = Math.max(peak, used());
  };
  const timer = setInterval(sample, 5);
  const { report } = await checkSite(origin, { transport, onProgress: sample });
  clearInterval(timer);
  sample();
  if (report.skills.some((s) => s.status !== 'verified')) throw new Error('memory bench: not all verified');
  return peak - start;
}
