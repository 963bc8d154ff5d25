import { describe, expect, it } from 'vitest';
import { inPool } from '../../../utils/engine/check/pool';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('inPool', () => {
  it('starts tasks in order, keeps results in order, and never runs more than the limit', async () => {
    let inFlight = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await inPool(20, 6, async (i) => {
      started.push(i);
      peak = Math.max(peak, ++inFlight);
      await tick(i % 3);
      inFlight--;
      return i * 10;
    });
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i * 10));
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(6);
    expect(inFlight).toBe(0);
  });

  it.each([0, -3, 0.5, Number.NaN])('treats a limit of %s as one at a time', async (limit) => {
    let inFlight = 0;
    let peak = 0;
    const results = await inPool(4, limit, async (i) => {
      peak = Math.max(peak, ++inFlight);
      await tick();
      inFlight--;
      return i;
    });
    expect(results).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(1);
  });

  it('runs nothing for no tasks', async () => {
    expect(await inPool(0, 6, async () => 1)).toEqual([]);
  });
});
