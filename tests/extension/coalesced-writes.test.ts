import { describe, expect, it } from 'vitest';
import { coalescedWrites } from '../../utils/extension/coalesced-writes';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `ready()` holds, looking every millisecond for at most a second. */
async function until(ready: () => boolean): Promise<void> {
  for (let waited = 0; !ready() && waited < 1000; waited++) await pause(1);
}

describe('coalescedWrites', () => {
  it('a burst of 100 000 values becomes a few writes, the last one the latest value', async () => {
    const written: number[] = [];
    const w = coalescedWrites(async (v: number) => {
      await pause(1);
      written.push(v);
    });
    for (let i = 1; i <= 100_000; i++) w.write(i);
    await until(() => written.at(-1) === 100_000);
    expect(written.length).toBeLessThanOrEqual(2);
    expect(written.at(-1)).toBe(100_000);
  });

  it('writes every value when they arrive slower than writes finish, in order', async () => {
    const written: number[] = [];
    const w = coalescedWrites(async (v: number) => void written.push(v));
    for (let i = 1; i <= 5; i++) {
      w.write(i);
      await until(() => written.length === i);
    }
    expect(written).toEqual([1, 2, 3, 4, 5]);
  });

  it('a failing write does not stop later ones', async () => {
    const written: number[] = [];
    let tried = 0;
    const w = coalescedWrites(async (v: number) => {
      tried++;
      if (v === 1) throw new Error('quota');
      written.push(v);
    });
    w.write(1);
    await until(() => tried === 1);
    w.write(2);
    await until(() => written.length === 1);
    expect(written).toEqual([2]);
  });
});

describe('coalescedWrites with a spacing', () => {
  it('starts at most one write per spacing, the first one spacing after creation', async () => {
    const starts: number[] = [];
    const written: number[] = [];
    const t0 = Date.now();
    const w = coalescedWrites(async (v: number) => {
      starts.push(Date.now());
      written.push(v);
    }, 50);
    for (let i = 1; i <= 30; i++) {
      w.write(i);
      await pause(10);
    }
    // Values every 10 ms or so: one write per 50 ms of it, not one per value; none before 50 ms.
    const elapsed = Date.now() - t0;
    expect(starts[0]! - t0).toBeGreaterThanOrEqual(49);
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.length).toBeLessThanOrEqual(Math.floor(elapsed / 50));
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(49);
    await until(() => written.at(-1) === 30);
    expect(written.at(-1)).toBe(30);
  });

  it('a task over within the first spacing writes nothing', async () => {
    const written: number[] = [];
    const w = coalescedWrites(async (v: number) => void written.push(v), 10_000);
    w.write(1);
    w.write(2);
    await w.dropped();
    await pause(30);
    expect(written).toEqual([]);
  });

  it('dropped forgets what waits and resolves once the write in flight has ended', async () => {
    const written: number[] = [];
    let finish = () => {};
    const w = coalescedWrites(
      (v: number) =>
        new Promise<void>((resolve) => {
          written.push(v);
          finish = resolve;
        }),
      20,
    );
    w.write(1);
    await until(() => written.length === 1);
    w.write(2);
    let ended = false;
    const dropping = w.dropped().then(() => (ended = true));
    await pause(40);
    expect(ended).toBe(false);
    finish();
    await dropping;
    await pause(40);
    expect(written).toEqual([1]);
  });
});
