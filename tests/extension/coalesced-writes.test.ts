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
