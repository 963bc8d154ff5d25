/**
 * The only module that calls `fetch` (extension-security.md §5), always through an injected
 * transport so the extension, the CLI and the tests share one set of rules: URL policy before
 * every request and on every redirect, no credentials or referrer, one timeout covering the body,
 * status 200 only, and a byte cap enforced while reading. Failures are data, never exceptions:
 * the engine turns them into skill statuses and findings.
 */
import {
  NetworkError,
  type ByteBudget,
  type FailureReason,
  type FetchFailure,
  type FetchKind,
  type FetchOptions,
  type FetchResult,
  type FetchSuccess,
  type Transport,
  type TransportResponse,
  type Validators,
} from './fetch-types';
import { RequestStop, takesStop } from './request-stop';
import type { Limits } from '../spec';
import { MEDIA_TYPES, OPENAPI_BYTES, OPENAPI_MEDIA_TYPES } from '../spec';
import type { Words } from '../report/words';
import { FETCH_WORDS } from './fetch-words';
import { checkFetchTarget, mayContactOrigin, type PolicyReason } from './url-policy';

export type {
  ByteBudget,
  FailureReason,
  FetchFailure,
  FetchKind,
  FetchOptions,
  FetchResult,
  FetchSuccess,
  Transport,
  TransportResponse,
  Validators,
} from './fetch-types';

/**
 * The extension's transport: the platform `fetch`, called through a wrapper because browsers
 * throw "Illegal invocation" when `fetch` runs with another `this`. Opaque redirects there, so
 * follow mode.
 */
export const browserTransport: Transport = {
  fetch: (url, init) => fetch(url, init),
  manualRedirects: false,
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** What we ask for; `*∕*` last so a strict server answers with something we can report on
 *  rather than 406. */
const ACCEPT_HEADERS: Record<FetchKind, Readonly<Record<string, string>>> = {
  poppy: accept(MEDIA_TYPES.json),
  index: accept(MEDIA_TYPES.json),
  metadata: accept(MEDIA_TYPES.json),
  'skill-md': accept(MEDIA_TYPES.skillMd),
  archive: accept([...MEDIA_TYPES.tarGz, ...MEDIA_TYPES.zip]),
  openapi: accept(OPENAPI_MEDIA_TYPES),
};

/** Built once per kind: `fetch` copies the headers and never changes what it is given. */
function accept(types: readonly string[]): Readonly<Record<string, string>> {
  return Object.freeze({ Accept: [...types, '*/*;q=0.1'].join(', ') });
}

/**
 * What every request of a check sends, but its signal: a bare GET with no credentials or
 * referrer, the Accept header of its kind (plus the validators a kept body came with), and the
 * browser's HTTP cache by kind. Skill files and archives never touch that cache ('no-store'):
 * their status comes from this check's answer (D5), which a fresh cached copy is not; our own
 * body cache and validators already make an unchanged file a 304; and a site's 200 files (up to
 * 10 MiB each) would otherwise push the user's own pages out of their cache. The browser then
 * sends `Cache-Control: no-cache` with them, as the Fetch standard says. The discovery documents
 * keep the cache's default, so their `Cache-Control` is honoured ("Check again" revalidates).
 * The cache's lookups and writes were also a fifth of a 200-skill check in Chromium (bench).
 */
export function requestInit(
  kind: FetchKind,
  { validators, revalidate }: Pick<FetchOptions, 'validators' | 'revalidate'>,
  manualRedirects: boolean,
): RequestInit {
  const artifact = kind === 'skill-md' || kind === 'archive';
  return {
    method: 'GET',
    headers: validators ? conditional(ACCEPT_HEADERS[kind], validators) : ACCEPT_HEADERS[kind],
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    redirect: manualRedirects ? 'manual' : 'follow',
    cache: artifact ? 'no-store' : revalidate ? 'no-cache' : 'default',
  };
}

export function capFor(kind: FetchKind, limits: Limits): number {
  switch (kind) {
    case 'poppy':
      return limits.poppyBytes;
    case 'index':
      return limits.indexBytes;
    case 'skill-md':
      return limits.skillMdBytes;
    case 'archive':
      return limits.archiveBytes;
    case 'metadata':
      return limits.metadataBytes;
    case 'openapi':
      return OPENAPI_BYTES;
  }
}

const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const ESSENCE = new RegExp(`^${TOKEN}/${TOKEN}$`, 'i');

/** The last header read and its essence: a site serves its 200 skill files with one header. */
let lastType: { header: string | null; essence: string | null } = { header: null, essence: null };

/** `Text/HTML; charset=utf-8` → `text/html`; anything that is not `type/subtype` → null. */
export function mediaTypeEssence(header: string | null): string | null {
  if (header === lastType.header) return lastType.essence;
  const essence = header?.split(';', 1)[0]?.trim() ?? '';
  const result = ESSENCE.test(essence) ? essence.toLowerCase() : null;
  lastType = { header, essence: result };
  return result;
}

/** `262144` → `256 KiB`: limits in messages and hints, in the units they are set in. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** `10000` → `10 s`. */
export function formatMs(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

/** Hostile servers choose Location values; keep what we echo short. */
function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Cancel a body we will not read; an already-failed stream is no longer our problem. */
function discard(response: TransportResponse): void {
  response.body?.cancel().catch(() => {});
}

type ReadOutcome = { ok: true; bytes: Uint8Array; cut?: true } | { ok: false; over: 'cap' | 'site' };

/**
 * Reads at most `cap` bytes and hangs up the moment the count passes it, or the moment the
 * check's allowance for the whole site runs out (each chunk is taken from it as it arrives).
 * `keepPrefix`: past the cap, the first `cap` bytes are the answer.
 */
async function readCapped(
  body: TransportResponse['body'],
  cap: number,
  site: ByteBudget | undefined,
  keepPrefix = false,
  declared: number | null = null,
): Promise<ReadOutcome> {
  if (!body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  // A long body of declared length goes into one buffer of that size as it comes, so it is never
  // held twice (its chunks, then their join): a long index is read at one copy. A body longer
  // than it said falls back to collecting chunks; small ones keep their own chunk (below).
  let into = declared !== null && declared >= JOIN_AHEAD_BYTES ? new Uint8Array(Math.min(declared, cap)) : null;
  let total = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    if (keepPrefix && total + chunk.byteLength > cap) {
      chunk = chunk.subarray(0, cap - total);
      cut = true;
    }
    total += chunk.byteLength;
    if (site) site.left -= chunk.byteLength;
    if (total > cap || (site && site.left < 0)) {
      reader.cancel().catch(() => {});
      return { ok: false, over: total > cap ? 'cap' : 'site' };
    }
    if (into !== null && total <= into.byteLength) {
      into.set(chunk, total - chunk.byteLength);
    } else {
      if (into !== null) chunks.push(into.subarray(0, total - chunk.byteLength));
      into = null;
      chunks.push(chunk);
    }
    if (cut) {
      reader.cancel().catch(() => {});
      break;
    }
  }
  const bytes = into !== null ? (total === into.byteLength ? into : into.subarray(0, total)) : whole(chunks, total);
  return cut ? { ok: true, bytes, cut: true } : { ok: true, bytes };
}

/** Bodies declared at least this long are read into one buffer (readCapped). */
const JOIN_AHEAD_BYTES = 64 * 1024;

/** The chunks as one array: a small file usually arrives as one chunk that owns its whole
 *  buffer, used as it is. */
function whole(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const only = chunks.length === 1 ? chunks[0]! : null;
  if (only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength) return only;
  return joined(chunks, total);
}

function joined(chunks: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** What a failure reports about the request so far; updated as the request goes on. */
interface Attempt {
  requestedUrl: string;
  url: string | null;
  redirected: boolean;
  httpStatus: number | null;
}

export async function fetchBounded(requestedUrl: string, options: FetchOptions): Promise<FetchResult> {
  const { kind, site, transport, limits, signal, deadline, siteBytes } = options;
  const attempt: Attempt = { requestedUrl, url: null, redirected: false, httpStatus: null };

  const allowed = options.allowed;
  const first = checkFetchTarget(allowed !== undefined && allowed.href === requestedUrl ? allowed : requestedUrl, site);
  if (!first.ok) return fail(attempt, 'blocked', FETCH_WORDS.blocked({ policy: first.detail }), first.reason);
  if (!mayContactOrigin(site, first.url.origin, options.mayContact)) return notContacted(attempt, first.url, false);
  if (signal?.aborted) return fail(attempt, 'aborted', FETCH_WORDS.cancelled({}));
  // Past the deadline or the site's byte allowance no request starts at all.
  if (deadline?.stopped) return fail(attempt, 'too-slow', FETCH_WORDS.tooSlow({}));
  if (siteBytes && siteBytes.left <= 0) return overBudget(attempt, siteBytes);

  // Not AbortSignal.timeout: its timer outlives the request by the whole timeout (it is dropped
  // only when the signal is garbage), so every check would leave hundreds of live timers, weak
  // references and finalizers behind. This timer ends with the request. The caller's signal and
  // the check's deadline stop the request through the same RequestStop (the signal's listener
  // itself, removed when the request ends; a member of the deadline's group meanwhile); the
  // catch below tells which one it was.
  const stop = new RequestStop();
  const timer = setTimeout(timeUp, limits.timeoutMs, stop);
  signal?.addEventListener('abort', stop, { once: true });
  deadline?.join(stop);
  const init = requestInit(kind, options, transport.manualRedirects);
  // A plain property, set only for a transport that needs it (a getter would put every init in
  // slow dictionary mode: a microsecond per request).
  if (!takesStop(transport)) init.signal = stop.signal;
  const redirects: string[] = [];
  let current = first.url.href;
  let stage = FETCH_WORDS.noAnswerWithin;
  try {
    let response: TransportResponse;
    for (;;) {
      attempt.url = current;
      response = await transport.fetch(current, init, stop);
      attempt.httpStatus = response.status;
      const location = transport.manualRedirects && REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      if (location === null) break;
      discard(response);
      attempt.redirected = true;
      if (redirects.length >= limits.maxRedirects) {
        return fail(attempt, 'too-many-redirects', FETCH_WORDS.tooManyRedirects({ max: limits.maxRedirects }));
      }
      const next = checkFetchTarget(location, site, current);
      if (!next.ok) return redirectRefused(attempt, next, URL.canParse(location, current) ? new URL(location, current).href : location);
      // Every hop obeys the same contact rule as the first request (D5, D10): not made.
      if (!mayContactOrigin(site, next.url.origin, options.mayContact)) return notContacted(attempt, next.url, true);
      current = next.url.href;
      redirects.push(current);
    }
    if (!transport.manualRedirects && response.redirected) {
      attempt.redirected = true;
      attempt.url = response.url || current;
      redirects.push(attempt.url);
      const final = checkFetchTarget(attempt.url, site);
      if (!final.ok) {
        discard(response);
        return redirectRefused(attempt, final, attempt.url);
      }
      // A following transport has made the hop already; its bytes still never count (D5).
      if (!mayContactOrigin(site, final.url.origin, options.mayContact)) {
        discard(response);
        return notContacted(attempt, final.url, true);
      }
    }
    if (response.status === 304 && options.validators) {
      discard(response);
      return success(requestedUrl, attempt, current, redirects, response, 304, new Uint8Array(0));
    }
    if (response.status !== 200) {
      discard(response);
      const failure = fail(attempt, 'http-status', FETCH_WORDS.httpStatus({ status: response.status }));
      const cacheControl = response.headers.get('cache-control');
      if (cacheControl !== null) failure.cacheControl = cacheControl;
      return failure;
    }
    const cap = capFor(kind, limits);
    const declared = response.headers.get('content-length');
    if (!options.keepPrefix && declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > cap) {
      discard(response);
      return fail(attempt, 'too-large', FETCH_WORDS.tooLargeDeclared({ cap: formatBytes(cap), declared: declared.trim() }));
    }
    stage = FETCH_WORDS.unfinishedWithin;
    const length = declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : null;
    const body = await readCapped(response.body, cap, siteBytes, options.keepPrefix, length);
    if (!body.ok) {
      return body.over === 'cap'
        ? fail(attempt, 'too-large', FETCH_WORDS.tooLarge({ cap: formatBytes(cap) }))
        : overBudget(attempt, siteBytes!);
    }
    const answer = success(requestedUrl, attempt, current, redirects, response, 200, body.bytes);
    if (body.cut) answer.cut = true;
    return answer;
  } catch (error) {
    if (signal?.aborted) return fail(attempt, 'aborted', FETCH_WORDS.cancelled({}));
    if (deadline?.stopped) return fail(attempt, 'too-slow', FETCH_WORDS.tooSlow({}));
    if (stop.reason !== null) return fail(attempt, 'timeout', stage({ time: formatMs(limits.timeoutMs) }));
    return networkFailure(attempt, error, stage === FETCH_WORDS.unfinishedWithin);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
    deadline?.leave(stop);
  }
}

/** The request timer's end (a module function: no closure per request). */
function timeUp(stop: RequestStop): void {
  stop.stop(new DOMException('timeout', 'TimeoutError'));
}

function success(
  requestedUrl: string,
  attempt: Attempt,
  current: string,
  redirects: string[],
  response: TransportResponse,
  status: 200 | 304,
  bytes: Uint8Array,
): FetchSuccess {
  const headers = response.headers;
  return {
    ok: true,
    requestedUrl,
    url: attempt.url ?? current,
    redirected: attempt.redirected,
    redirects,
    status,
    contentType: mediaTypeEssence(headers.get('content-type')),
    contentEncoding: headers.get('content-encoding'),
    cacheControl: headers.get('cache-control'),
    accessControlAllowOrigin: headers.get('access-control-allow-origin'),
    etag: headers.get('etag'),
    lastModified: headers.get('last-modified'),
    age: headers.get('age'),
    bytes,
  };
}

/** The Accept header plus the validators a kept body came with (RFC 9110 §13.1): the server
 *  answers 304 with no body when the file is unchanged. If-None-Match wins where both apply. */
function conditional(accept: Readonly<Record<string, string>>, v: Validators): Record<string, string> {
  const headers: Record<string, string> = { ...accept };
  if (v.etag !== null) headers['If-None-Match'] = v.etag;
  if (v.lastModified !== null) headers['If-Modified-Since'] = v.lastModified;
  return headers;
}

function fail(attempt: Attempt, reason: FailureReason, detail: Words, policy?: PolicyReason): FetchFailure {
  const { requestedUrl, url, httpStatus, redirected } = attempt;
  const failure: FetchFailure = { ok: false, requestedUrl, url, reason, detail, httpStatus, redirected };
  if (policy) failure.policy = policy;
  return failure;
}

function overBudget(attempt: Attempt, siteBytes: ByteBudget): FetchFailure {
  return fail(attempt, 'over-budget', FETCH_WORDS.overBudget({ budget: formatBytes(siteBytes.total) }));
}

/** A URL, or a redirect hop, on another origin the check may not contact yet: not asked. */
function notContacted(attempt: Attempt, target: URL, hop: boolean): FetchFailure {
  const words = hop ? FETCH_WORDS.redirectsTo : FETCH_WORDS.hostedOn;
  const failure = fail(attempt, 'not-contacted', words({ host: target.host }));
  failure.elsewhere = shorten(target.href);
  return failure;
}

function redirectRefused(attempt: Attempt, verdict: { reason: PolicyReason; detail: Words }, to: string): FetchFailure {
  const target = shorten(to);
  if (verdict.reason === 'insecure-http') {
    return fail(attempt, 'insecure-redirect', FETCH_WORDS.insecureRedirect({ target }), verdict.reason);
  }
  return fail(attempt, 'redirect-blocked', FETCH_WORDS.redirectBlocked({ target, policy: verdict.detail }), verdict.reason);
}

/** `reading`: the head had come and the body was being read (a browser then says only "network error"). */
function networkFailure(attempt: Attempt, error: unknown, reading: boolean): FetchFailure {
  if (error instanceof NetworkError) {
    const failure = fail(attempt, 'network', FETCH_WORDS.cause[error.networkCause]({}));
    failure.network = error.networkCause;
    return failure;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  // Follow mode (browsers, undici) gives up on a loop by itself; name it when we can tell.
  if (/redirect count exceeded|too many redirects/i.test(message)) {
    return fail(attempt, 'too-many-redirects', FETCH_WORDS.redirectLoop({}));
  }
  return fail(attempt, 'network', (reading ? FETCH_WORDS.readFailed : FETCH_WORDS.network)({ error: shorten(message) }));
}
