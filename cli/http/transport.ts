/**
 * The command line's transport: node:http and node:https (cli/http/fetch.ts), answering each
 * redirect as it is, so every hop goes through the URL policy, with a DNS lookup that can pin
 * host names to addresses, like `curl --resolve`, and refuse names that resolve to private
 * addresses. Pins let tests and owners point public-looking names at a local server while the
 * public URL policy stays on (docs/architecture.md). Not undici's fetch: its megabyte of
 * JavaScript cost a whole check more than the check's own work (bench: `check --json`).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { NetworkError, type NetworkCause, type Transport } from '../../utils/engine/net/fetch-types';
import { honoursStop, stopOnSignal, type RequestStop } from '../../utils/engine/net/request-stop';
import { nonPublicAddress } from '../../utils/engine/net/url-policy';
import { english } from '../english';
import { nodeFetch, type Connections } from './fetch';
import type { NodeResponse } from './response';

export interface NodeTransportOptions {
  /** host → IP, like curl --resolve: lets tests give public-looking names (shop.poppy.test) to
   *  127.0.0.1 so the public URL policy stays on. `*.poppy.test` pins every name under it. */
  resolve?: Record<string, string>;
  /** Extra CA certificate(s) (PEM) to trust, for https fixture servers with a test CA. */
  ca?: string | string[];
  /** Refuse a name that DNS resolves to a loopback, private, link-local, CGNAT or reserved
   *  address (DNS rebinding: the URL policy judges names, the connection goes to addresses). Set
   *  when the checked site is public; `resolve` pins are the user's own choice and stay allowed. */
  refusePrivateAddresses?: boolean;
}

const LOCALHOST_SUBDOMAIN = /\.localhost$/;

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** `Shop.Poppy.Test.` and `shop.poppy.test` are one name to DNS. */
function normaliseHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^\[|\]$/g, '');
}

function refused(hostname: string, address: string, why: string): NodeJS.ErrnoException {
  const message = `${hostname} resolves to ${address}, which ${why}: refused while checking a public site`;
  return Object.assign(new Error(message), { code: 'EPRIVATEADDRESS' });
}

/** A transport that owns connections: `close()` ends them (a survey closes each site's). */
export interface NodeTransport extends Transport {
  fetch(url: string, init: RequestInit, stop?: RequestStop): Promise<NodeResponse>;
  close(): Promise<void>;
}

/** Contexts by CA text: a survey makes a transport per site, and a context costs a parse of every root. */
const secureContexts = new Map<string, SecureContext>();

function secureContextFor(extraCa: string[]): SecureContext | undefined {
  if (extraCa.length === 0) return undefined;
  const key = extraCa.join('\n');
  let context = secureContexts.get(key);
  if (!context) secureContexts.set(key, (context = createSecureContext({ ca: [...rootCertificates, ...extraCa] })));
  return context;
}

/** Node's and OpenSSL's error codes, by the cause an owner can act on. */
const CAUSES: Readonly<Record<string, NetworkCause>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  ERR_SSL_WRONG_VERSION_NUMBER: 'tls-protocol',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'tls-protocol',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'tls-untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'tls-untrusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'tls-untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'tls-untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'tls-untrusted',
  CERT_UNTRUSTED: 'tls-untrusted',
  CERT_HAS_EXPIRED: 'tls-expired',
  CERT_NOT_YET_VALID: 'tls-expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'tls-name',
  ECONNRESET: 'reset',
};

/** A TLS failure on the request's first write is only `EPROTO`: OpenSSL's reason is in the message. */
const EPROTO_REASONS: readonly [RegExp, NetworkCause][] = [[/wrong version number|packet length too long/, 'tls-protocol']];

/** nodeFetch wraps the socket's error in `cause`; racing IPv4 and IPv6 gives an AggregateError. */
function networkCause(error: unknown): NetworkCause | null {
  type Coded = { code?: unknown; message?: unknown };
  const cause = (error as { cause?: unknown } | null)?.cause as (Coded & { errors?: Coded[] }) | undefined;
  const failure = cause?.code === undefined ? cause?.errors?.[0] : cause;
  const code = failure?.code;
  if (code === 'EPROTO') return EPROTO_REASONS.find(([reason]) => reason.test(String(failure?.message)))?.[1] ?? null;
  return typeof code === 'string' && Object.hasOwn(CAUSES, code) ? CAUSES[code]! : null;
}

export function createNodeTransport(options: NodeTransportOptions = {}): NodeTransport {
  const exact = new Map<string, string>();
  const suffixes: [string, string][] = [];
  for (const [host, address] of Object.entries(options.resolve ?? {})) {
    if (host.startsWith('*.')) suffixes.push([`.${normaliseHost(host.slice(2))}`, normaliseHost(address)]);
    else exact.set(normaliseHost(host), normaliseHost(address));
  }
  /** A name pinned by `resolve`: its own pin first, then the longest `*.` pin it is under. */
  const pinnedAddress = (host: string): string | undefined =>
    exact.get(host) ?? suffixes.filter(([suffix]) => host.endsWith(suffix)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];

  // Node calls this with `all: true` when it races IPv4 and IPv6 (autoSelectFamily), and then
  // wants a list; otherwise one address and its family.
  const lookup = (hostname: string, opts: LookupOptions, callback: LookupCallback): void => {
    const answer = (addresses: LookupAddress[]) => {
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    };
    const address = pinnedAddress(normaliseHost(hostname));
    if (address !== undefined) {
      answer([{ address, family: isIP(address) || 4 }]);
      return;
    }
    // RFC 6761: every *.localhost name is loopback. Browsers resolve them so, but many system
    // resolvers (glibc without nss-myhostname) do not: ask for `localhost` itself, as a dev
    // server at http://shop.localhost:3000 expects.
    if (LOCALHOST_SUBDOMAIN.test(normaliseHost(hostname))) {
      dnsLookup('localhost', opts, callback);
      return;
    }
    if (!options.refusePrivateAddresses) {
      dnsLookup(hostname, opts, callback);
      return;
    }
    dnsLookup(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      // Every address, not only the one tried first: the connection may fall back to any of them.
      for (const { address: ip } of addresses) {
        const why = nonPublicAddress(ip);
        if (why) return callback(refused(hostname, ip, english(why)), []);
      }
      answer(addresses);
    });
  };

  // A `ca` list replaces Node's trust store, so keep the public roots beside the test CA. Build
  // the context once: passing `ca` per connection re-parses every root (over 100 ms a connection).
  const secureContext = secureContextFor(options.ca === undefined ? [] : [options.ca].flat());
  // Kept-alive connections, as a browser keeps them: 200 skills on one origin reuse a few sockets.
  const connections: Connections = {
    http: new HttpAgent({ keepAlive: true }),
    https: new HttpsAgent({ keepAlive: true }),
    lookup: lookup as Connections['lookup'],
    ...(secureContext ? { secureContext } : {}),
  };

  const request = async (url: string, init: RequestInit, stop: RequestStop): Promise<NodeResponse> => {
    try {
      return await nodeFetch(url, init, connections, stop);
    } catch (error) {
      const cause = stop.reason !== null ? null : networkCause(error);
      throw cause ? new NetworkError(cause, (error as Error).message, { cause: (error as Error).cause }) : error;
    }
  };
  return honoursStop({
    manualRedirects: true,
    // The fetch module's stop when it gives one (init.signal is then never read: no AbortController).
    fetch: (url, init, stop) => request(url, init, stop ?? stopOnSignal(init.signal)),
    close: async () => {
      connections.http.destroy();
      connections.https.destroy();
    },
  });
}
