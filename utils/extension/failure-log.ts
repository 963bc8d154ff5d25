/**
 * Where each of our failed requests had got to, from webRequest events: the URL a fetch started
 * at, and the URL it failed at after following redirects. `fetch` itself only says "Failed to
 * fetch"; explainingTransport (utils/extension/network-guard.ts) turns a failure at a hop the policy refuses
 * into that refused redirect. It also keeps each redirect answer's Location, which a manual
 * redirect's opaque response hides (readableRedirects). No browser API here: the background
 * feeds it the events.
 */

/** The fields we read from `onErrorOccurred` details… */
export interface RequestEvent {
  requestId: string;
  url: string;
}

/** …and from `onBeforeRedirect` details. */
export interface RedirectEvent extends RequestEvent {
  redirectUrl: string;
}

/** …and from a response head's details, with `responseHeaders`: `onHeadersReceived`'s, or for a
 *  redirect in Chromium `onBeforeRedirect`'s. */
export interface HeadersEvent extends RequestEvent {
  statusCode: number;
  responseHeaders?: { name: string; value?: string }[];
}

/** A redirect answer as the server sent it: its status and its raw `Location`. */
export interface RedirectAnswer {
  status: number;
  location: string;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * How long a failed fetch waits for its events. Chromium 156 sometimes rejects the fetch before
 * the events reach the worker (about 1 in 20 in a tight loop), Firefox delivers them later still
 * on a busy machine (a redirect event over 500 ms after the rejection, seen at load 20 on 2 cores),
 * and there is no error event at all for a hop outside our host access (plain `http:` to a public
 * or private name). The wait ends at the first conclusive event, so only a failure that no event
 * explains (rare: a public site's skill host that refuses connections gets its error event) waits
 * this long.
 */
const EVENT_GRACE_MS = 2000;
/** Bounds the maps: entries of requests nobody asks about must not pile up. */
const MAX_ENTRIES = 500;

const withoutHash = (url: string) => url.split('#', 1)[0]!;

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export function createFailureLog(graceMs = EVENT_GRACE_MS) {
  const starts = new Map<string, string>(); // requestId → the URL it started at
  const hops = new Map<string, string>(); // start URL → where its last redirect pointed
  const failures = new Map<string, string>(); // start URL → the URL it failed at
  const answers = new Map<string, RedirectAnswer>(); // URL → its redirect answer (manual mode)
  const waiting = new Map<string, (() => void)[]>();
  const startOf = (requestId: string, url: string) => starts.get(requestId) ?? withoutHash(url);
  const wakeAll = (start: string) => {
    for (const wake of waiting.get(start) ?? []) wake();
  };

  return {
    redirected({ requestId, url, redirectUrl }: RedirectEvent): void {
      const start = startOf(requestId, url);
      remember(starts, requestId, start);
      remember(hops, start, redirectUrl);
      wakeAll(start);
    },

    /** A response's head: a redirect's status and Location are kept for `redirectOf`. */
    answered({ url, statusCode, responseHeaders }: HeadersEvent): void {
      if (!REDIRECT_STATUSES.has(statusCode)) return;
      const location = responseHeaders?.find((h) => h.name.toLowerCase() === 'location')?.value;
      if (location === undefined) return;
      const key = withoutHash(url);
      remember(answers, key, { status: statusCode, location });
      wakeAll(key);
    },

    /**
     * The redirect answer to our request for `url`: `fetch` with `redirect: 'manual'` gives an
     * opaque redirect with no Location, and the response head's event carries it. Its event
     * reaches the worker after the fetch has resolved (measured: about 20 ms in Chromium 156, up
     * to 300 ms in Firefox ESR 153 on a busy machine); null when none comes within the grace period.
     */
    async redirectOf(url: string): Promise<RedirectAnswer | null> {
      const key = withoutHash(url);
      if (!answers.has(key)) await waitFor(key, () => answers.has(key));
      return answers.get(key) ?? null;
    },

    /** The last event of a failed request, after all its redirects. */
    failed({ requestId, url }: RequestEvent): void {
      const start = startOf(requestId, url);
      starts.delete(requestId);
      remember(failures, start, url);
      wakeAll(start);
    },

    /**
     * Where the failed request for `url` stopped: the URL of its error event (itself when it was
     * never redirected), else where its last redirect pointed, else null. It waits up to the
     * grace period for its error event, or for a redirect to a hop `conclusive` accepts (a hop
     * the policy refuses explains the failure whatever comes after it).
     */
    async failedAt(url: string, conclusive: (hop: string) => boolean = () => false): Promise<string | null> {
      const key = withoutHash(url);
      const settled = () => failures.has(key) || (hops.has(key) && conclusive(hops.get(key)!));
      if (!settled()) await waitFor(key, settled);
      const at = failures.get(key) ?? hops.get(key) ?? null;
      failures.delete(key);
      hops.delete(key);
      return at;
    },

    clear(): void {
      starts.clear();
      hops.clear();
      failures.clear();
      answers.clear();
    },
  };

  /** Waits until `settled` holds after an event for `key`, or the grace period ends. */
  function waitFor(key: string, settled: () => boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, graceMs);
      function done() {
        clearTimeout(timer);
        const left = (waiting.get(key) ?? []).filter((w) => w !== check);
        if (left.length > 0) waiting.set(key, left);
        else waiting.delete(key);
        resolve();
      }
      const check = () => {
        if (settled()) done();
      };
      waiting.set(key, [...(waiting.get(key) ?? []), check]);
    });
  }
}
