/**
 * Waiting on a condition instead of sleeping: the browsers and the extension's worker run on
 * their own clocks, so every e2e step waits for the state it needs, never for a fixed time.
 */
export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Says what was awaited when it times out. */
  what?: string;
}

/**
 * Polls `probe` until `done` accepts its value; returns that value. A probe that throws counts as
 * "not yet" (a worker being restarted, a page still loading), and its last error is reported.
 */
export async function waitFor<T>(
  probe: () => Promise<T> | T,
  done: (value: T) => boolean,
  { timeoutMs = 15_000, intervalMs = 50, what = 'condition' }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: { value?: T; error?: unknown } = {};
  for (;;) {
    try {
      const value = await probe();
      if (done(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() > deadline) {
      const seen = 'error' in last ? `last error: ${String(last.error)}` : `last value: ${JSON.stringify(last.value)}`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
