/**
 * The one limit on a check's requests (Decision D5: at most `limits.concurrency` in flight per
 * site). `count` tasks run on at most `limit` workers, each taking the next task in order when it
 * is free; a task does one request at most, so requests in flight never exceed the limit, and
 * neither do bodies alive. Results keep the tasks' order. Tasks must not throw (the engine turns
 * every failure into data).
 */
export async function inPool<T>(count: number, limit: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  // At least one worker whatever the limit says (0, a fraction, NaN), or nothing would run.
  const workers = Math.min(count, Math.max(1, Math.floor(limit) || 1));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
