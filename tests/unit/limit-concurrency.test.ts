import { describe, expect, it } from 'vitest';
import { limitConcurrency } from '../../utils/limit-concurrency';

/** A task that records when it starts and finishes only when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('limitConcurrency', () => {
  it('runs at most N tasks at once, in queue order, and returns each result', async () => {
    const limit = limitConcurrency(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const results = gates.map((g, i) =>
      limit(async () => {
        started.push(i);
        await g.opened;
        return i * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30]);
  });

  it('never exceeds the limit under load', async () => {
    const limit = limitConcurrency(6);
    let inFlight = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        limit(async () => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          await new Promise((resolve) => setTimeout(resolve, i % 3));
          inFlight--;
        }),
      ),
    );
    expect(peak).toBe(6);
    expect(inFlight).toBe(0);
  });

  it('frees the slot of a task that rejects or throws synchronously', async () => {
    const limit = limitConcurrency(1);
    const failed = limit(() => Promise.reject(new Error('boom')));
    const thrown = limit(() => {
      throw new Error('sync');
    });
    const next = limit(async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(thrown).rejects.toThrow('sync');
    expect(await next).toBe('ran');
  });

  it.each([0, -3, 0.5])('treats a limit of %s as one at a time', async (max) => {
    const limit = limitConcurrency(max);
    const first = gate();
    const started: string[] = [];
    const a = limit(async () => {
      started.push('a');
      await first.opened;
    });
    const b = limit(async () => {
      started.push('b');
    });
    await tick();
    expect(started).toEqual(['a']);
    first.open();
    await Promise.all([a, b]);
    expect(started).toEqual(['a', 'b']);
  });
});
