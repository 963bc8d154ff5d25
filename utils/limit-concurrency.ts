/**
 * At most `max` tasks in flight at a time (Decision D5: 6 requests per site), started in the
 * order they were queued. A failing task frees its slot like a succeeding one, so one bad URL
 * never stalls the rest of a site's checks.
 */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function limitConcurrency(max: number): Limiter {
  const slots = Math.max(1, Math.floor(max));
  const waiting: (() => void)[] = [];
  let running = 0;

  const release = () => {
    running--;
    waiting.shift()?.();
  };

  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        running++;
        // `Promise.resolve().then(task)` turns a task that throws synchronously into a rejection.
        Promise.resolve().then(task).then(resolve, reject).finally(release);
      };
      if (running < slots) start();
      else waiting.push(start);
    });
}
