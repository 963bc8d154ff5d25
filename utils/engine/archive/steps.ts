// How much compressed input the next inflate step gets. Deflate expands at most ~1032 times, so
// a step's output, and the time it holds the thread, is bounded by its input. Small steps cost a
// copy of fflate's 32 KiB window each, so ordinary data goes in `inflateStepBytes`; data that
// expands a lot (zeros, a bomb) gets steps sized to inflate about 256 KiB each, so no one step
// runs long.

import type { ArchiveLimits } from '../spec';

const LARGE_OUTPUT = 256 * 1024;

/** The first step is small: a bomb shows itself before it can inflate megabytes in one go. */
export const firstStep = (limits: ArchiveLimits): number => Math.max(1, limits.inflateStepBytes >> 4);

/** The next step, from how much the last one (`lastStep` bytes in) inflated. */
export function nextStep(lastStep: number, lastOutput: number, limits: ArchiveLimits): number {
  const sized = Math.floor((lastStep * LARGE_OUTPUT) / Math.max(lastOutput, 1));
  return Math.min(limits.inflateStepBytes, Math.max(firstStep(limits), sized));
}
