/**
 * How one request, or every request of a check, is stopped from outside (its timeout, the
 * caller, the whole check's deadline) without an AbortController per request: the dearest
 * object of a request in Node (docs/benchmarks.md). The fetch module (fetch-bounded.ts) makes them;
 * a transport marked with `honoursStop` (the command line's) ends its request through them.
 */
import type { Transport } from './fetch-types';

/**
 * Ends one request from outside (its timeout, the caller, the check's deadline): a plain object,
 * where an AbortController would cost a signal and an event target per request. Also an
 * EventListener: added to an AbortSignal, that signal's abort stops the request.
 */
export class RequestStop {
  /** Why the request was stopped; null while it may run. */
  reason: unknown = null;
  /** The transport's way to end the request, set while its answer or body is open. */
  onStop: ((reason: unknown) => void) | null = null;
  /** Run once the request is over (`settle`): drops a listener the stop was given. */
  release: (() => void) | null = null;
  #controller: AbortController | null = null;

  /** An AbortSignal that follows this stop, for transports that take only a signal. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.reason !== null) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  stop(reason: unknown): void {
    if (this.reason !== null) return;
    this.reason = reason;
    const onStop = this.onStop;
    this.onStop = null;
    onStop?.(reason);
    this.#controller?.abort(reason);
  }

  /** The request ended (answered and read, or failed): later stops change nothing for it. */
  settle(): void {
    this.onStop = null;
    const release = this.release;
    this.release = null;
    release?.();
  }

  handleEvent(event: Event): void {
    this.stop((event.target as AbortSignal | null)?.reason ?? new DOMException('aborted', 'AbortError'));
  }
}

/**
 * Stops every request that joined it at once: the whole check's deadline. Joining is a Set entry
 * per request, where a listener on an AbortSignal cost two EventTarget calls a request.
 */
export class StopGroup {
  /** Why the group stopped; null until it does. */
  reason: unknown = null;
  readonly #members = new Set<RequestStop>();

  get stopped(): boolean {
    return this.reason !== null;
  }

  join(stop: RequestStop): void {
    if (this.reason !== null) stop.stop(this.reason);
    else this.#members.add(stop);
  }

  leave(stop: RequestStop): void {
    this.#members.delete(stop);
  }

  stop(reason: unknown): void {
    if (this.reason !== null) return;
    this.reason = reason;
    for (const member of this.#members) member.stop(reason);
    this.#members.clear();
  }
}

/** The transports whose `fetch` honours its `stop`. A set of objects, not a flag: a wrapper
 *  copying a transport's fields (`{ ...inner, fetch }`) is another object and gets a signal. */
const stopping = new WeakSet<Transport>();

export function honoursStop<T extends Transport>(transport: T): T {
  stopping.add(transport);
  return transport;
}

export function takesStop(transport: Transport): boolean {
  return stopping.has(transport);
}

/** A stop that follows `signal` (a plain `fetch(url, init)` whose caller gave a signal). */
export function stopOnSignal(signal: AbortSignal | null | undefined): RequestStop {
  const stop = new RequestStop();
  if (!signal) return stop;
  if (signal.aborted) {
    stop.stop(signal.reason);
    return stop;
  }
  signal.addEventListener('abort', stop, { once: true });
  stop.release = () => signal.removeEventListener('abort', stop);
  return stop;
}
