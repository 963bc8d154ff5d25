import { describe, expect, it } from 'vitest';
import { coalescedWrites } from '../../utils/extension/coalesced-writes';

describe('coalescedWrites', () => {
  it('a burst of 100 000 values becomes a few writes, the last one the latest value', async () => {
    const written: number[] = [];
    const w = coalescedWrites(async (v: number) => {
      await new Promise((r) => setTimeout(r, 1));
      written.push(v);
    });
    for (let i = 1; i <= 100_000; i++) w.write(i);
    await w.drained();
    expect(written.length).toBeLessThanOrEqual(2);
    expect(written.at(-1)).toBe(100_000);
  });

  it('writes every value when they arrive slower than writes finish, in order', async () => {
    const written: number[] = [];
    const w = coalescedWrites(async (v: number) => void written.push(v));
    for (let i = 1; i <= 5; i++) {
      w.write(i);
      await w.drained();
    }
    expect(written).toEqual([1, 2, 3, 4, 5]);
  });

  it('a failing write does not stop later ones', async () => {
    const written: number[] = [];
    const w = coalescedWrites(async (v: number) => {
      if (v === 1) throw new Error('quota');
      written.push(v);
    });
    w.write(1);
    await w.drained();
    w.write(2);
    await w.drained();
    expect(written).toEqual([2]);
  });
});

describe('coalescedWrites with a spacing', () => {
  it('starts at most one write per spacing, the first at once', async () => {
    const starts: number[] = [];
    const written: number[] = [];
    const w = coalescedWrites(async (v: number) => {
      starts.push(Date.now());
      written.push(v);
    }, 50);
    const t0 = Date.now();
    for (let i = 1; i <= 30; i++) {
      w.write(i);
      await new Promise((r) => setTimeout(r, 10));
    }
    // Values every 10 ms or so: one write per 50 ms of it, not one per value; the first at once.
    const elapsed = Date.now() - t0;
    expect(written[0]).toBe(1);
    expect(starts[0]! - t0).toBeLessThan(10);
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.length).toBeLessThanOrEqual(Math.floor(elapsed / 50) + 1);
    expect(written.length).toBeLessThan(30);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(49);
    await w.drained();
    expect(written.at(-1)).toBe(30);
  });

  it('drained writes the waiting value without waiting out the spacing', async () => {
    const written: number[] = [];
    const w = coalescedWrites(async (v: number) => void written.push(v), 10_000);
    w.write(1);
    w.write(2);
    const t0 = Date.now();
    await w.drained();
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(written).toEqual([1, 2]);
    // Spacing holds again after the drain.
    w.write(3);
    await new Promise((r) => setTimeout(r, 30));
    expect(written).toEqual([1, 2]);
    await w.drained();
    expect(written).toEqual([1, 2, 3]);
  });
});
