// Inflate step sizes: ordinary data in steps of inflateStepBytes, data that expands a lot in steps
// that inflate about 256 KiB, so no one step holds the thread long (cooperative listing).
import { describe, expect, it } from 'vitest';
import { firstStep, nextStep } from '../../../utils/engine/archive/steps';
import { ARCHIVE_LIMITS } from '../../../utils/engine/spec';

const limits = ARCHIVE_LIMITS;

describe('inflate steps', () => {
  it('start small, so a bomb shows itself before inflating megabytes at once', () => {
    expect(firstStep(limits)).toBe(256);
  });

  it('text that expands 3 times goes in full steps', () => {
    expect(nextStep(4096, 3 * 4096, limits)).toBe(4096);
    expect(nextStep(256, 700, limits)).toBe(4096);
  });

  it('zeros that expand 1000 times go in steps that inflate about 256 KiB', () => {
    expect(nextStep(4096, 4096 * 1000, limits)).toBe(262);
    expect(nextStep(256, 256 * 1032, limits)).toBe(256);
  });

  it('nothing inflated yet (a header, a cut stream) is a full step, never zero', () => {
    expect(nextStep(256, 0, limits)).toBe(4096);
    expect(nextStep(1, 10_000_000, limits)).toBe(256);
  });
});
