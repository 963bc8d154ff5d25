// The engine in Node against a bare baseline (docs/benchmarks.md), and its memory against the number of
// skills (docs/benchmarks.md). The sites are served from another process on loopback.
import { createHash } from 'node:crypto';
import { createNodeTransport } from '../cli/http/transport';
import type { Transport } from '../utils/engine/net/fetch-types';
import { bodyText, eachChunk } from '../tests/helpers/body-text';
import { checkSite, type CheckDeps } from '../utils/engine/check';
import type { Report } from '../utils/engine/report/report';
import { WELL_KNOWN } from '../utils/engine/spec';
import { cliEngineDeps } from './cli-engine';
import { serveMany } from './sites-process';
import { interleaved, mib, ms, msFigure, ratioFigure, time, timed, verdict } from './stats';

/** The bare minimum a verifier must do: the same requests, 6 at a time, each body hashed as it
 *  arrives (with node:crypto, the quickest hash Node has, as the command line's engine uses). */
export async function baseline(origin: string, transport: Transport): Promise<number> {
  await eachChunk(await transport.fetch(origin + WELL_KNOWN.poppy, {}), () => {});
  const indexUrl = origin + WELL_KNOWN.skillIndex;
  const index = JSON.parse(await bodyText(await transport.fetch(indexUrl, {}))) as { skills: { url: string; digest: string }[] };
  let next = 0;
  let verified = 0;
  const worker = async () => {
    while (next < index.skills.length) {
      const s = index.skills[next++]!;
      const hash = createHash('sha256');
      await eachChunk(await transport.fetch(new URL(s.url, indexUrl).href, {}), (chunk) => hash.update(chunk));
      if (`sha256:${hash.digest('hex')}` === s.digest) verified++;
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return verified;
}

/** Skills that did not come out verified, as "name: status (reason)", at most five. */
export function unverified(report: Report): string[] {
  return report.skills
    .filter((s) => s.status !== 'verified')
    .slice(0, 5)
    .map((s) => `${s.name}: ${s.status}${s.reason ? ` (${JSON.stringify(s.reason)})` : ''}`);
}

/** How far away the second measurement's server is: each answer waits this long. */
export const NEARBY_SERVER_MS = 2;

export async function benchEngineSpeed(count = 200, rounds = 15, warmups = 15): Promise<string[]> {
  const loopback = await engineAgainstBaseline(count, rounds, warmups, 0);
  // Its rounds spread more (timers on both sides): more of them.
  const nearby = await engineAgainstBaseline(count, 2 * rounds, warmups, NEARBY_SERVER_MS);
  return [
    `engine, first (cold) check of ${count} skills: ${ms(loopback.cold)}`,
    `engine, ${count} skills on loopback, warm (after ${warmups} warm-up rounds): ${msFigure(loopback.wall.subject)}, CPU ${msFigure(loopback.cpu.subject)}`,
    `baseline (fetch 6 at a time + node:crypto hash): ${msFigure(loopback.wall.reference)}, CPU ${msFigure(loopback.cpu.reference)}`,
    `ratio engine / baseline, wall time: ${ratioFigure(loopback.wall.ratios)}, ${verdict(loopback.wall.ratios, 1.1)}`,
    `ratio engine / baseline, CPU time of this process: ${ratioFigure(loopback.cpu.ratios)}`,
    // On loopback both sides are bound by this process's CPU; a server even a little way off
    // leaves the client waiting, and the engine's checks run in those waits.
    `the same with every file's answer ${NEARBY_SERVER_MS} ms away: engine ${msFigure(nearby.wall.subject)}, baseline ${msFigure(nearby.wall.reference)}`,
    `ratio engine / baseline, ${NEARBY_SERVER_MS} ms away, wall time: ${ratioFigure(nearby.wall.ratios)}, ${verdict(nearby.wall.ratios, 1.1)}`,
    `ratio engine / baseline, ${NEARBY_SERVER_MS} ms away, CPU time of this process: ${ratioFigure(nearby.cpu.ratios)}`,
  ];
}

/** The engine and the baseline, warm, interleaved, against one site whose answers wait `latencyMs`. */
async function engineAgainstBaseline(count: number, rounds: number, warmups: number, latencyMs: number) {
  const sites = await serveMany(count, 4096, 1, { latencyMs });
  const origin = sites.origin(sites.names[0]!);
  const transport = createNodeTransport();
  const deps: CheckDeps = cliEngineDeps(transport);
  try {
    const engine = async () => {
      const { report } = await checkSite(origin, deps);
      const failed = unverified(report);
      if (failed.length > 0) throw new Error(`engine did not verify every skill: ${failed.join('; ')}`);
    };
    const bare = async () => {
      const verified = await baseline(origin, transport);
      if (verified !== count) throw new Error(`baseline verified ${verified} of ${count} skills`);
    };
    // The first check is what a one-off CLI run costs: cold JIT, new sockets.
    const cold = await time(engine);
    // Both sides keep getting faster for about 15 rounds (JIT tiers); compare them warm.
    for (let i = 0; i < warmups; i++) {
      await bare();
      await engine();
    }
    return { cold, ...(await interleaved(rounds, timed(engine), timed(bare))) };
  } finally {
    await sites.stop();
  }
}

/**
 * Peak extra memory during one check: must follow the caps and concurrency, not the count.
 * A full collection before every sample stretches a check many times over, so the requests get a
 * generous timeout here, and a check that still fails is printed, not thrown.
 */
export async function benchEngineMemory(): Promise<string[]> {
  const bodyBytes = 512 * 1024;
  const lines: string[] = [];
  const peaks: number[] = [];
  for (const count of [25, 200]) {
    const sites = await serveMany(count, bodyBytes);
    try {
      // 200 × 512 KiB is past the check's byte allowance (siteBytes): lifted here, where the
      // figure is what the caps and the pool hold at once, not what the allowance cuts off.
      const limits = { timeoutMs: 120_000, checkMs: 3_600_000, siteBytes: 2 * count * bodyBytes };
      const cli = cliEngineDeps(createNodeTransport());
      const deps: CheckDeps = { ...cli, limits: { ...cli.limits, ...limits } };
      // Samples are taken as skills complete, and one check can miss the moment when every
      // worker holds a body at once: repeat checks until both counts had as many samples (16
      // checks of 25 skills, 2 of 200) and keep the highest peak.
      let peak = 0;
      const failures: string[] = [];
      for (let i = 0; i < 400 / count; i++) {
        const run = await peakExtraMemory(sites.origin(sites.names[0]!), deps);
        peak = Math.max(peak, run.peak);
        if (run.failed.length > 0) failures.push(`check ${i + 1}: ${run.failed.join('; ')}`);
      }
      peaks.push(peak);
      lines.push(
        `peak extra memory, ${String(count).padStart(3)} skills × 512 KiB: ${mib(peak)} (all bodies: ${mib(count * bodyBytes)})`,
        ...failures.map((f) => `  NOT ALL VERIFIED, ${f}`),
      );
    } finally {
      await sites.stop();
    }
  }
  lines.push(`memory ratio 200 / 25 skills: ${(peaks[1]! / peaks[0]!).toFixed(2)}x (skill count ratio 8x; bounded means near 1x)`);
  if (!(globalThis as { gc?: unknown }).gc) lines.push('(run with node --expose-gc for steadier memory figures)');
  return lines;
}

async function peakExtraMemory(
  origin: string,
  deps: CheckDeps,
  onReport?: (report: Report) => void,
  everySkills = 1,
): Promise<{ peak: number; failed: string[] }> {
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
  // Every 50 ms: a collection each time is what stretches a check, and on a busy machine a 5 ms
  // timer kept the section collecting for most of a quarter of an hour.
  const timer = setInterval(sample, 50);
  const { report } = await checkSite(origin, { ...deps, onProgress: ({ done }) => done % everySkills === 0 && sample() });
  clearInterval(timer);
  sample();
  onReport?.(report);
  return { peak: peak - start, failed: unverified(report) };
}

/**
 * Peak extra memory of checking an index of the largest valid entries (1024-character
 * descriptions, D5's byte cap), in the command line's configuration: it should grow with the
 * entries (their parsed objects and reports), not hold a copy of the document per step (bytes,
 * text, JSON, kept answers).
 */
export async function benchLongIndexMemory(): Promise<string[]> {
  const lines: string[] = [];
  const figures: { count: number; peak: number; index: number }[] = [];
  for (const count of [200, 1000]) {
    const sites = await serveMany(count, 0, 1, { shape: 'long' });
    try {
      const origin = sites.origin(sites.names[0]!);
      const deps = cliEngineDeps(createNodeTransport());
      const limits = { ...deps.limits, timeoutMs: 120_000, checkMs: 3_600_000 };
      let peak = 0;
      let index = 0;
      const failures: string[] = [];
      // A collection before every sample: one per 20 skills (and the 50 ms timer's) keeps a
      // 1000-skill check from taking minutes; the index is held from its read to the end anyway.
      for (let i = 0; i < 2; i++) {
        const run = await peakExtraMemory(
          origin,
          { ...deps, limits },
          (report) => {
            index = report.documents.find((d) => d.kind === 'index')?.bytes ?? 0;
          },
          20,
        );
        peak = Math.max(peak, run.peak);
        if (run.failed.length > 0) failures.push(`check ${i + 1}: ${run.failed.length} not verified`);
      }
      figures.push({ count, peak, index });
      lines.push(
        `peak extra memory, ${String(count).padStart(4)} skills, largest valid index entries (index ${mib(index)}): ${mib(peak)}, ${(peak / index).toFixed(1)}x the index`,
        ...failures.map((f) => `  NOT ALL VERIFIED, ${f}`),
      );
    } finally {
      await sites.stop();
    }
  }
  const [small, large] = figures;
  lines.push(
    `memory ratio 1000 / 200 long entries: ${(large!.peak / small!.peak).toFixed(2)}x (entries and index size 5x: memory follows the entries)`,
  );
  return lines;
}
