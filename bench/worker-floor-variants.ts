// Is the floor the browser's or ours? The bare loop in the worker (worker-floor.ts) against
// itself with one thing about how a check makes its requests changed: if none of the
// extension's own (its guard, its streamed reads) moves it, what is left under the worker's
// figure is Chromium's fetch (docs/benchmarks.md).
import { bareWorkerLoop, type FloorVariant } from './worker-floor';
import type { WorkerHandle } from './extension-process';
import { interleaved, msFigure, ratioFigure, type Timing } from './stats';

const VARIANTS: readonly [FloorVariant, string][] = [
  ['no-guard-rules', "without the network guard's declarativeNetRequest session rules"],
  ['watched', "with the guard's webRequest observers registered (as in a public site's check)"],
  ['streamed', 'each body read a chunk at a time (as fetchBounded enforces its cap), not arrayBuffer()'],
  ['http-cache', "skill files through the HTTP cache ('default', not 'no-store')"],
];

/** Fresh sites `floorVariants` needs for `rounds` rounds of each variant. */
export const floorVariantSites = (rounds: number) => 2 * VARIANTS.length * rounds;

/** `origins`: two fresh 200-skill sites per round and variant (a loop never meets a warm site). */
export async function floorVariants(
  worker: WorkerHandle,
  ready: () => Promise<unknown>,
  origins: string[],
  skills: number,
): Promise<string[]> {
  const rounds = Math.floor(origins.length / (2 * VARIANTS.length));
  let next = 0;
  const problems: string[] = [];
  const loop = (variant: FloorVariant) => async (): Promise<Timing> => {
    const origin = origins[next++]!;
    // Chrome stops a worker idle for 30 s; the loop is evaluated in it.
    await ready();
    const { ms, verified } = (await worker.evaluate(bareWorkerLoop(origin, variant))) as { ms: number; verified: number };
    if (verified !== skills) problems.push(`${variant} on ${origin}: ${verified} of ${skills} bodies matched`);
    // Wall time only: the renderer's CPU is read in 10 ms steps, too coarse for a few-% difference.
    return { wall: ms, cpu: 0 };
  };
  const lines = [`the floor's loop against itself with one thing changed (${rounds} interleaved rounds each, fresh sites):`];
  for (const [variant, label] of VARIANTS) {
    const { wall } = await interleaved(rounds, loop(variant), loop('as-asked'));
    lines.push(`  ${label}: ${msFigure(wall.subject)} against ${msFigure(wall.reference)}; ratio ${ratioFigure(wall.ratios)}`);
  }
  return [...lines, ...problems.map((p) => `  PROBLEM: ${p}`)];
}
