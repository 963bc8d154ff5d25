/**
 * Checks of public sites run with the network guard's block rules installed; checks of local
 * sites (D5: a dev server may point at loopback and private hosts) run with them removed. The
 * rules are global to the extension, so the two kinds never run at the same time: a check waits
 * while the other kind runs, checks of one kind run together, and waiting kinds take turns in
 * arrival order so neither starves. With nothing running the rules are installed: removed is
 * never the resting state, and a new worker (the old one may have died mid local check; session
 * rules outlive it) installs them before its first check.
 */
import type { GuardMode } from './network-guard';

interface Waiter {
  mode: GuardMode;
  start(): void;
}

export interface ModeLock {
  /** Runs `task` once the guard is in `mode`; the mode holds until `task` settles. */
  run<T>(mode: GuardMode, task: () => Promise<T>): Promise<T>;
}

/** A switch that has not answered by then counts as failed: a hung browser call must not hold every check. */
const APPLY_TIMEOUT_MS = 5000;

/**
 * `apply` switches the browser to a mode. A failure is logged and the mode counted as applied:
 * a browser refusing the rules must not stop every check, and fetchBounded still judges each
 * final URL.
 */
export function createModeLock(apply: (mode: GuardMode) => Promise<void>, applyTimeoutMs = APPLY_TIMEOUT_MS): ModeLock {
  let mode: GuardMode | null = null; // unknown until this worker applied one
  let running = 0;
  let pumping = false;
  const queue: Waiter[] = [];

  async function switchTo(next: GuardMode): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), applyTimeoutMs)));
    try {
      await Promise.race([apply(next), stuck]);
    } catch (error) {
      console.error(`Poppy Inspector: could not switch the network guard to ${next}`, error);
    } finally {
      clearTimeout(timer);
    }
    mode = next;
  }

  /** Starts whatever may start now. Only one pump runs; it re-reads the state after each await. */
  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      for (;;) {
        const want = queue[0]?.mode ?? (running === 0 ? 'public' : mode);
        if (want !== mode) {
          if (running > 0 || want === null) return; // the other kind finishes first
          await switchTo(want);
          continue;
        }
        if (queue.length === 0) return;
        // Every waiter of the current kind starts, also those queued behind the other kind:
        // they would run together with the ones ahead anyway.
        for (const waiter of queue.filter((w) => w.mode === want)) {
          queue.splice(queue.indexOf(waiter), 1);
          running += 1;
          waiter.start();
        }
      }
    } finally {
      pumping = false;
    }
  }

  void pump();
  return {
    run<T>(wanted: GuardMode, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = async () => {
          try {
            resolve(await task());
          } catch (error) {
            reject(error);
          } finally {
            running -= 1;
            void pump();
          }
        };
        queue.push({ mode: wanted, start: () => void start() });
        void pump();
      });
    },
  };
}
