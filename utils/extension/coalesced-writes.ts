/**
 * At most one write in flight, and at most one started per `spacingMs`; meanwhile newer values
 * replace older ones. A check of a 200-skill index reports progress 200 times in a second: each
 * storage write costs the worker about a millisecond and wakes every page listening, so the panel
 * gets ten a second instead (`npm run bench`, docs/benchmarks.md). `drained` writes what waits at once.
 */
export function coalescedWrites<T>(write: (value: T) => Promise<void>, spacingMs = 0): { write(value: T): void; drained(): Promise<void> } {
  let pending: { value: T } | null = null;
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastStart = -Infinity;
  let draining = false;
  const pump = (): void => {
    if (inFlight || !pending || timer) return;
    const wait = draining ? 0 : lastStart + spacingMs - Date.now();
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
    async drained() {
      draining = true;
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      pump();
      while (inFlight) await inFlight;
      draining = false;
    },
  };
}
