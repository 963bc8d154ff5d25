// How the bench turns timings into figures: a ratio is measured round by round, the two sides of
// a round run back to back in alternating order, and the figure is the median of the rounds'
// ratios with its spread. On a shared, busy machine both sides of a round see the same load, so
// the ratio holds where absolute milliseconds do not.

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value below which `p` (0–1) of the values fall, interpolated between neighbours. */
export function quantile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

export async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** This process's CPU time (user + system) in milliseconds. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Wall and CPU milliseconds of one run. CPU time is what a busy machine distorts least: other
 *  processes take turns on the cores, but not out of this process's own CPU time. */
export async function timeBoth(fn: () => Promise<unknown>): Promise<Timing> {
  const cpu = cpuMs();
  const wall = await time(fn);
  return { wall, cpu: cpuMs() - cpu };
}

export interface Timing {
  wall: number;
  cpu: number;
}

export interface Paired {
  /** Milliseconds of the measured side, per round. */
  subject: number[];
  /** Milliseconds of what it is compared with, per round. */
  reference: number[];
  /** subject / reference, per round. */
  ratios: number[];
}

/** `rounds` rounds of both sides back to back, the order swapped every round; each side is
 *  told the round's number (a round may need its own site). */
export async function interleaved(
  rounds: number,
  subject: (round: number) => Promise<Timing>,
  reference: (round: number) => Promise<Timing>,
): Promise<PairedTimings> {
  const wall: Paired = { subject: [], reference: [], ratios: [] };
  const cpu: Paired = { subject: [], reference: [], ratios: [] };
  const add = (into: Paired, s: number, r: number) => {
    into.subject.push(s);
    into.reference.push(r);
    into.ratios.push(s / r);
  };
  for (let i = 0; i < rounds; i++) {
    let s: Timing;
    let r: Timing;
    if (i % 2) {
      s = await subject(i);
      r = await reference(i);
    } else {
      r = await reference(i);
      s = await subject(i);
    }
    add(wall, s.wall, r.wall);
    add(cpu, s.cpu, r.cpu);
  }
  return { wall, cpu };
}

export interface PairedTimings {
  wall: Paired;
  cpu: Paired;
}

/** A timed side of `interleaved`: runs `fn` once in this process. */
export const timed = (fn: () => Promise<unknown>) => () => timeBoth(fn);

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const x = (value: number) => `${value.toFixed(2)}x`;

/** "1.07x (median of 15 interleaved rounds; middle half 1.04–1.10x, all 0.98–1.21x)". */
export function ratioFigure(ratios: readonly number[]): string {
  const spread = `middle half ${x(quantile(ratios, 0.25))}–${x(quantile(ratios, 0.75))}, all ${x(Math.min(...ratios))}–${x(Math.max(...ratios))}`;
  return `${x(median(ratios))} (median of ${ratios.length} interleaved rounds; ${spread})`;
}

/** "median 41.2 ms (37.9–48.0)". */
export function msFigure(values: readonly number[]): string {
  return `median ${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
}

/** Whether a ratio meets its target, in words the table can quote. */
export function verdict(ratios: readonly number[], target: number): string {
  return `target ≤ ${x(target)}: ${median(ratios) <= target ? 'met' : 'NOT met'}`;
}

export const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
