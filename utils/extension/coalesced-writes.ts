/**
 * At most one write in flight, and at most one started per `spacingMs`, the first one spacing
 * after creation; meanwhile newer values replace older ones. A check of a 200-skill index reports
 * progress 200 times in a second: each storage write costs the worker about a millisecond and
 * wakes every page listening, so the panel gets ten a second instead, and a 3-skill check, over
 * before the first spacing ends, none (`npm run bench`, docs/benchmarks.md). `dropped` forgets
 * what waits: the task has ended, and its result follows.
 */
export function coalescedWrites<T>(write: (value: T) => Promise<void>, spacingMs = 0): { write(value: T): void; dropped(): Promise<void> } {
  let pending: { value: T } | null = null;
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastStart = Date.now();
  const pump = (): void => {
    if (inFlight || !pending || timer) return;
    const wait = lastStart + spacingMs - Date.now();
    if (wait > 0) {
      timer = setTimeout(() => {
        timer = null;
        pump();
      }, wait);
      return;
    }
    const { value } = pending;
    pending = null;
    lastStart = Date.now();
    inFlight = write(value)
      .catch(() => undefined)
      .finally(() => {
        inFlight = null;
        pump();
      });
  };
  return {
    write(value) {
      pending = { value };
      pump();
    },
    async dropped() {
      pending = null;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      while (inFlight) await inFlight;
    },
  };
}
