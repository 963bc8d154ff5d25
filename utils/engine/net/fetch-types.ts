/**
 * The shapes of the one fetch module (`utils/engine/net/fetch-bounded.ts`): what a caller passes in and
 * what comes back. Failures are data, never exceptions.
 */
import type { Words } from '../report/words';
import type { Limits } from '../spec';
import type { MayContact, PolicyReason, SiteContext } from './url-policy';
import type { RequestStop, StopGroup } from './request-stop';

export interface Transport {
  /**
   * One request. A transport marked with `honoursStop` (Node's) ends it through `stop` (body
   * included) and gets no `init.signal`: the fetch module then makes no AbortController, the
   * dearest object of a request in Node (docs/benchmarks.md). Any other transport (the browser's fetch,
   * a wrapper) may ignore `stop`: it gets `init.signal`, tied to the same stop.
   */
  fetch(url: string, init: RequestInit, stop?: RequestStop): Promise<TransportResponse>;
  /** True when 3xx answers to `redirect: 'manual'` are readable (Node). Browsers return opaque
   *  redirects, so there we follow and judge the final URL (spec: extension-security §5). */
  manualRedirects: boolean;
}

/** A body's reader, as the fetch module reads it: a chunk at a time, cancelled past its cap. */
export interface BodyReader {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  cancel(): Promise<void>;
}

/**
 * What the fetch module reads of an answer: a web `Response` is one (the browser's), and so is
 * the command line's lighter answer over node:http (cli/http/response.ts).
 */
export interface TransportResponse {
  readonly status: number;
  readonly url: string;
  readonly redirected: boolean;
  readonly headers: { get(name: string): string | null };
  readonly body: { getReader(): BodyReader; cancel(): Promise<void> } | null;
}

/**
 * Why a connection failed, when the transport can tell (Node can; a browser only says "Failed to
 * fetch"). Named so that an owner reads the cause, never a TLS library's message.
 */
export type NetworkCause =
  /** Nothing listens at that address and port. */
  | 'refused'
  /** The host name does not resolve. */
  | 'dns'
  /** An https request reached a server that speaks plain http on that port. */
  | 'tls-protocol'
  /** The certificate is not signed by an authority we trust (self-signed, a private CA). */
  | 'tls-untrusted'
  /** The certificate has expired or is not valid yet. */
  | 'tls-expired'
  /** The certificate does not name the host. */
  | 'tls-name'
  /** The connection was dropped before an answer. */
  | 'reset'
  /** The answer began, and its connection closed before the body it announced had arrived. */
  | 'cut-off'
  /** The body is not the gzip or deflate data its Content-Encoding names. */
  | 'bad-coding';

/**
 * What a transport throws when it knows the cause; anything else thrown is a network error. A
 * TypeError, as `fetch` itself rejects, so code that expects fetch's failures still sees one.
 */
export class NetworkError extends TypeError {
  constructor(
    readonly networkCause: NetworkCause,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

export type FetchKind = 'poppy' | 'index' | 'skill-md' | 'archive' | 'metadata' | 'openapi';

export interface FetchOptions {
  kind: FetchKind;
  site: SiteContext;
  transport: Transport;
  limits: Limits;
  signal?: AbortSignal;
  /** The panel's re-check button: revalidate with the server instead of trusting the cache. */
  revalidate?: boolean;
  /** The whole check's deadline: stops every request of the check when it passes. */
  deadline?: StopGroup;
  /** Bytes the whole check may still read from the site, shared by all its requests. */
  siteBytes?: ByteBudget;
  /** Validators this URL sent with the body we kept (D5): asked for conditionally, a 304 is a success. */
  validators?: Validators;
  /** May the request, or a redirect hop, go to an origin other than the site's own (D5)? Every
   *  caller says: a hop it refuses is not made, and the failure is `not-contacted`. */
  mayContact: MayContact;
  /** Past the byte cap, answer with the first `cap` bytes (`FetchSuccess.cut`) instead of failing:
   *  the skill indexes, whose entries within the cap are still read (D5). */
  keepPrefix?: boolean;
  /** The requested URL as the URL policy already allowed it for `site` (checkFetchTarget's
   *  verdict): spares parsing and judging it again. Ignored unless its href is the requested URL. */
  allowed?: URL;
}

/** HTTP validators of one response (RFC 9110 §8.8), as the server sent them. */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** A byte allowance shared by the requests of one check; each request takes what it reads. */
export interface ByteBudget {
  left: number;
  /** The allowance it started with, for messages. */
  readonly total: number;
}

export interface FetchSuccess {
  ok: true;
  requestedUrl: string;
  /** Final URL after redirects: relative URLs in the document resolve against it (D1). */
  url: string;
  redirected: boolean;
  /** Every hop in manual mode; in follow mode (browsers) only the final URL is known. */
  redirects: string[];
  /** 304 only to a request that sent `validators`: the server vouches the kept body is unchanged,
   *  and `bytes` is empty. */
  status: 200 | 304;
  /** Media-type essence, lower case, no parameters. */
  contentType: string | null;
  contentEncoding: string | null;
  cacheControl: string | null;
  accessControlAllowOrigin: string | null;
  etag: string | null;
  lastModified: string | null;
  /** Seconds the answer spent in caches on the way (RFC 9111 §5.1); absent when not read. */
  age?: string | null;
  /** The exact served bytes (after content decoding), never decoded text: digests hash these. */
  bytes: Uint8Array;
  /** Only with `keepPrefix`: the body was longer than the cap, and `bytes` are its first `cap`. */
  cut?: true;
}

export type FailureReason =
  | 'blocked'
  | 'redirect-blocked'
  | 'insecure-redirect'
  | 'too-many-redirects'
  | 'timeout'
  | 'network'
  | 'http-status'
  | 'too-large'
  | 'aborted'
  /** The whole check's deadline passed (Limits.checkMs): "the site was too slow". */
  | 'too-slow'
  /** The check had read its byte allowance for the site (Limits.siteBytes). */
  | 'over-budget'
  /** The URL, or a redirect hop, is on another origin this check may not contact yet (D5): not
   *  requested. Our privacy rule, never the site's fault. */
  | 'not-contacted';

export interface FetchFailure {
  ok: false;
  requestedUrl: string;
  /** The last URL actually requested; null when the policy refused the first one. */
  url: string | null;
  reason: FailureReason;
  /** Why, in words (fetch-words.ts): "HTTP 404", "no answer within 10 s", "larger than 2 MiB". */
  detail: Words;
  httpStatus: number | null;
  redirected: boolean;
  /** Why the URL policy refused the request or a redirect target. */
  policy?: PolicyReason;
  /** `not-contacted` failures: the address that was not asked (a redirect's target, or the URL). */
  elsewhere?: string;
  /** `network` failures whose cause the transport named. */
  network?: NetworkCause;
  /** `http-status` failures: the answer's Cache-Control (how long a 404 may be believed). */
  cacheControl?: string | null;
}

export type FetchResult = FetchSuccess | FetchFailure;
