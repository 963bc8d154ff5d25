/**
 * One HTTP(S) request on node:http / node:https, answered as the engine reads an answer
 * (cli/http/response.ts).
 * A redirect is answered as it is (cli/http/fetch.ts follows them if asked), the caller's signal ends the
 * request at any point, body included, and the body is pulled: nothing is read or decoded ahead
 * of the engine, which stops at its cap. Failures reject like `fetch` does: a TypeError whose
 * `cause` is the socket's, TLS's or our own error (cli/http/transport.ts names the cause).
 */
import { request as httpRequest, type Agent as HttpAgent, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import type { SecureContext } from 'node:tls';
import type { RequestStop } from '../../utils/engine/net/request-stop';
import { ACCEPT_ENCODING, codingsOf, decoderFor, judgeCodings } from './coding-guard';
import { NodeBody, NodeHeaders, NodeResponse } from './response';

export interface Connections {
  http: HttpAgent;
  https: HttpsAgent;
  lookup: LookupFunction;
  secureContext?: SecureContext;
}

// Statuses whose responses have no body (fetch gives them none).
const NULL_BODY = new Set([204, 205, 304]);

export function failed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

/** The request's headers, lower case; ours for Accept-Encoding, whatever the caller passed. */
function requestHeaders(target: URL, init: RequestInit): OutgoingHttpHeaders {
  const given = init.headers;
  // Pairs or a Headers are iterable, a record is not (and naming Headers would load undici).
  const entries: Iterable<[string, string]> =
    given === undefined ? [] : Symbol.iterator in given ? (given as Iterable<[string, string]>) : Object.entries(given);
  const headers: OutgoingHttpHeaders = { host: target.host };
  for (const [name, value] of entries) headers[name.toLowerCase()] = value;
  headers['accept-encoding'] = ACCEPT_ENCODING;
  // What fetch sends for `cache: 'no-cache'` (the panel's "Check again"): revalidate on the way;
  // and for 'no-store' (skill files, fetch-bounded.ts requestInit): no stored copy, please.
  if (init.cache === 'no-cache') headers['cache-control'] ??= 'max-age=0';
  if (init.cache === 'no-store') {
    headers['cache-control'] ??= 'no-cache';
    headers.pragma ??= 'no-cache';
  }
  return headers;
}

/** The body's first byte without consuming it (null for an empty body): raw deflate or zlib. */
function peekFirstByte(source: Readable): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      source.off('readable', onReadable).off('end', onEnd).off('error', onError);
    };
    const onReadable = () => {
      const first = source.read(1) as Buffer | null;
      if (first === null) return;
      stop();
      source.unshift(first);
      resolve(first[0]!);
    };
    const onEnd = () => (stop(), resolve(null));
    const onError = (error: Error) => (stop(), reject(error));
    source.on('readable', onReadable).on('end', onEnd).on('error', onError);
  });
}

async function answer(res: IncomingMessage, settled: () => void, onSource: (s: Readable) => void): Promise<NodeResponse> {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 599) throw new Error(`the server answered with HTTP status ${status}`);
  const verdict = judgeCodings(codingsOf(res.headers));
  let fields = res.headers;
  let source: Readable | null = res;
  if (NULL_BODY.has(status)) {
    res.resume();
    source = null;
  } else if (!verdict.ok) {
    // A body we would read: refuse it. Any other answer's body is thrown away unread, so it only
    // loses the header that would have started a decoder.
    if (status === 200) throw new Error(verdict.why);
    fields = { ...fields, 'content-encoding': undefined };
  } else if (verdict.coding !== 'identity') {
    const decoder = decoderFor(verdict.coding, verdict.coding === 'deflate' ? await peekFirstByte(res) : null);
    // pipeline destroys both on an error in either; the error reaches the reader through NodeBody.
    if (decoder) source = pipeline(res, decoder, () => {});
  }
  if (source) onSource(source);
  else settled();
  const body = source ? new NodeBody(source, settled, source === res && drainable(res) ? drain : hangUp) : null;
  return new NodeResponse(status, new NodeHeaders(fields), body);
}

/** Past this a body is not read to its end to keep the connection: the connection is closed. */
const DRAIN_BYTES = 16 * 1024;
/** A small body that has not ended by then closes its connection all the same. */
const DRAIN_MS = 1000;

/** A body the engine does not read (a 404's page, a redirect's) that is small and says so. */
function drainable(res: IncomingMessage): boolean {
  const length = res.headers['content-length'];
  return length !== undefined && /^\d{1,5}$/.test(length) && Number(length) <= DRAIN_BYTES;
}

function hangUp(source: Readable): void {
  source.destroy();
}

/**
 * Reads a small unwanted body to its end and throws it away, so its kept-alive connection serves
 * the next request (a site's 404 for poppy.json otherwise cost a new connection every check), as
 * browsers do. Bounded: at most DRAIN_BYTES, as declared (Node fails a longer one), within DRAIN_MS.
 * The engine does not wait for it (its cancel is not awaited).
 */
function drain(source: Readable): Promise<void> {
  const timer = setTimeout(hangUp, DRAIN_MS, source);
  // NodeBody listens for 'readable', which stops resume() from flowing: read what comes instead.
  const readAll = () => {
    while (source.read() !== null);
  };
  source.on('readable', readAll);
  readAll();
  // The cancel's promise: settled once the body has ended or the connection closed.
  return new Promise<void>((resolve) => {
    const done = () => (clearTimeout(timer), resolve());
    source.once('end', done).once('close', done);
  });
}

/** A reused kept-alive connection that failed before any answer: the server had closed it. */
class StaleConnection extends Error {}
const STALE_CODES = new Set(['ECONNRESET', 'EPIPE']);
const STALE_TRIES = 8;

/**
 * One GET (or init.method) of `url`, its redirect answered as it is; see the module comment.
 * Sent again when a kept-alive connection turns out closed before any answer
 * (Node's advice for `reusedSocket`): the server closes idle connections after a few seconds,
 * and a check busy listing an archive may not have seen that yet. Our requests are all GETs.
 */
export async function requestOnce(url: string, init: RequestInit, connections: Connections, stop: RequestStop): Promise<NodeResponse> {
  // Each stale connection is closed when it fails, so a few tries use up the idle ones at most.
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(url, init, connections, stop);
    } catch (error) {
      if (!(error instanceof StaleConnection)) throw error;
      if (tries >= STALE_TRIES) throw failed(error.cause);
    }
  }
}

function attempt(url: string, init: RequestInit, connections: Connections, stop: RequestStop): Promise<NodeResponse> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:') return Promise.reject(failed(new Error(`${target.protocol} is not http or https`)));
  if (stop.reason !== null) return Promise.reject(failed(stop.reason));
  return new Promise<NodeResponse>((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)({
      method: init.method ?? 'GET',
      hostname: target.hostname.replace(/^\[|\]$/g, ''),
      port: target.port || undefined,
      path: `${target.pathname}${target.search}`,
      headers: requestHeaders(target, init),
      agent: secure ? connections.https : connections.http,
      lookup: connections.lookup,
      ...(secure && connections.secureContext ? { secureContext: connections.secureContext } : {}),
    });
    let body: Readable | null = null;
    // The stop ends the request at any point, body included, until the answer is settled.
    stop.onStop = (reason) => {
      request.destroy(reason as Error);
      body?.destroy(reason as Error);
    };
    const settled = () => stop.settle();
    let responded = false;
    request.on('error', (error) => {
      // Once the head has come, the body reports its own end or error: bytes past a short
      // Content-Length fail the connection, not the answer already read.
      if (responded) return;
      const stale = request.reusedSocket && stop.reason === null && STALE_CODES.has((error as NodeJS.ErrnoException).code ?? '');
      // Sent again on another connection (requestOnce): the stop stays armed for that attempt.
      if (stale) stop.onStop = null;
      else settled();
      reject(stale ? new StaleConnection(error.message, { cause: error }) : failed(error));
    });
    request.on('response', (res) => {
      responded = true;
      answer(res, settled, (source) => (body = source)).then(resolve, (error: unknown) => {
        res.destroy();
        settled();
        reject(failed(error));
      });
    });
    request.end();
  });
}
