/**
 * At most one write in flight; while it runs, newer values replace older ones. A check of an
 * index with thousands of entries reports progress thousands of times in a burst: storage sees
 * a handful of writes, the last one always the latest value.
 */
export function coalescedWrites<T>(write: (value: T) => Promise<void>): { write(value: T): void; drained(): Promise<void> } {
  let pending: { value: T } | null = null;
  let inFlight: Promise<void> | null = null;
  const pump = (): void => {
    if (inFlight || !pending) return;
    const { value } = pending;
    pending = null;
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
      while (inFlight) await inFlight;
    },
  };
}
