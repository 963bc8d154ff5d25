import type { ServerResponse } from 'node:http';
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import {
  browserTransport,
  capFor,
  fetchBounded,
  mediaTypeEssence,
  requestInit,
  type FetchKind,
  type FetchResult,
  type Transport,
} from '../../../utils/engine/net/fetch-bounded';
import { DEFAULT_LIMITS, type Limits } from '../../../utils/engine/spec';
import { siteContext, type SiteContext } from '../../../utils/engine/net/url-policy';
import { makeTestCert, startServer, type Handler, type TestServer } from '../../fixtures/test-server';
import { english } from '../../helpers/english';

const KiB = 1024;
const MiB = 1024 * KiB;
const LIMITS: Limits = { ...DEFAULT_LIMITS, timeoutMs: 5000, poppyBytes: 64 * KiB, maxRedirects: 3 };
// Short enough to keep the suite quick, long enough for a TLS handshake on a busy machine.
const FAST: Limits = { ...LIMITS, timeoutMs: 1000 };
const RAW = Buffer.from([0xef, 0xbb, 0xbf, 0x23, 0x0d, 0x0a, 0xff, 0x00]); // BOM, CRLF, invalid UTF-8

/** What the server did with a body it was streaming: how far it got and whether we hung up. */
interface Streamed {
  written: number;
  finished: boolean;
  hungUp: Promise<void>;
}
let lastStream: Streamed | null = null;

/** A result shaped for `toMatchObject`, so a success shows up as a readable mismatch. */
/** A failure with its detail in English, as the command line and the findings say it. */
const failure = (r: FetchResult) => (r.ok ? { reason: 'ok' } : { ...r, detail: english(r.detail) });

function track(res: ServerResponse): Streamed {
  const state: Streamed = { written: 0, finished: false, hungUp: new Promise((resolve) => res.on('close', resolve)) };
  lastStream = state;
  return state;
}

/** Writes exactly `total` bytes in 16 KiB chunks, waiting for the client to take each one. */
function pump(res: ServerResponse, total: number): void {
  const state = track(res);
  const chunk = Buffer.alloc(16 * KiB, 0x61);
  const next = () => {
    while (state.written < total && !res.destroyed) {
      const part = chunk.subarray(0, Math.min(chunk.length, total - state.written));
      state.written += part.length;
      if (!res.write(part)) return void res.once('drain', next);
    }
    if (!res.destroyed) res.end(() => (state.finished = true));
  };
  next();
}

const handler: Handler = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const n = Number(url.searchParams.get('n') ?? 0);
  switch (url.pathname) {
    case '/ok.json':
      res.writeHead(200, {
        'Content-Type': 'Application/JSON; charset=utf-8',
        'Cache-Control': 'max-age=60',
        'Access-Control-Allow-Origin': '*',
        'Set-Cookie': 'session=secret; Path=/',
      });
      return void res.end('{"a":1}');
    case '/raw':
      return void res.writeHead(200, { 'Content-Type': 'text/markdown' }).end(RAW);
    case '/empty':
      return void res.writeHead(200).end();
    case '/size':
      res.writeHead(200, url.searchParams.has('declare') ? { 'Content-Length': n } : {});
      return pump(res, n);
    case '/big':
      res.writeHead(200, url.searchParams.has('declare') ? { 'Content-Length': 50 * MiB } : {});
      return pump(res, 50 * MiB);
    case '/drip': {
      res.writeHead(200, { 'Content-Type': 'application/json' }).write('x');
      const timer = setInterval(() => res.write('x'), 50);
      track(res).hungUp.then(() => clearInterval(timer));
      return;
    }
    case '/silent':
      return void track(res);
    case '/go':
      return void res.writeHead(Number(url.searchParams.get('status') ?? 302), { Location: url.searchParams.get('to') ?? '' }).end();
    case '/chain':
      return void res.writeHead(302, { Location: n > 0 ? `/chain?n=${n - 1}` : '/ok.json' }).end();
    case '/loop':
      return void res.writeHead(302, { Location: '/loop' }).end();
    case '/no-location':
      return void res.writeHead(302).end();
    case '/error':
      return void res.writeHead(500).end('oops');
    case '/status':
      return void res.writeHead(n).end();
    default:
      return void res.writeHead(404).end('not found');
  }
};

const tls = makeTestCert();
let http: TestServer;
let https: TestServer;
let node: Transport;

beforeAll(async () => {
  http = await startServer(handler);
  https = await startServer(handler, tls);
  node = createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1' }, ca: tls.cert });
});
afterAll(async () => {
  await Promise.all([http.close(), https.close()]);
});

/** One way of reaching the fixture: a transport, the visited site and the server behind it. */
interface Setup {
  name: string;
  transport: () => Transport;
  server: () => TestServer;
  base: () => string;
  site: () => SiteContext;
  /** A redirect target the policy refuses for this site, and what the follow mode makes of it. */
  refusedTarget: () => string;
  refused: { reason: string; policy?: string; reachesServer: boolean };
}

const localBase = () => `http://127.0.0.1:${http.port}`;
const publicBase = () => `https://shop.poppy.test:${https.port}`;
const publicSite = () => siteContext('https://shop.poppy.test');
/** These tests are about the rules of a request, not whom it may contact (that has its own below). */
const anyHost = () => true;
const withRedirects = (transport: () => Transport, manualRedirects: boolean) => () => ({ fetch: transport().fetch, manualRedirects });

const setups: Setup[] = [
  {
    name: 'global fetch, manual redirects, local site',
    transport: () => ({ fetch: globalThis.fetch, manualRedirects: true }),
    server: () => http,
    base: localBase,
    site: () => siteContext(localBase()),
    refusedTarget: () => `http://user:pw@127.0.0.1:${http.port}/secret`,
    refused: { reason: 'redirect-blocked', policy: 'user-info', reachesServer: false },
  },
  {
    name: 'browserTransport (global fetch, following redirects), local site',
    transport: () => browserTransport,
    server: () => http,
    base: localBase,
    site: () => siteContext(localBase()),
    refusedTarget: () => `http://user:pw@127.0.0.1:${http.port}/secret`,
    // fetch itself refuses to follow into user info: a network error, and nothing is sent.
    refused: { reason: 'network', reachesServer: false },
  },
  {
    name: 'node transport, manual redirects, public https site',
    transport: () => node,
    server: () => https,
    base: publicBase,
    site: publicSite,
    refusedTarget: () => `https://127.0.0.1:${https.port}/secret`,
    refused: { reason: 'redirect-blocked', policy: 'loopback', reachesServer: false },
  },
  {
    name: 'node transport, following redirects (as browsers do), public https site',
    transport: withRedirects(() => node, false),
    server: () => https,
    base: publicBase,
    site: publicSite,
    refusedTarget: () => `https://127.0.0.1:${https.port}/secret`,
    // Browsers follow on their own: the hop is requested, and only the final URL can be judged.
    refused: { reason: 'redirect-blocked', policy: 'loopback', reachesServer: true },
  },
];

describe.each(setups)('fetchBounded: $name', (setup) => {
  const manual = () => setup.transport().manualRedirects;
  const get = (path: string, kind: FetchKind = 'poppy', more: Partial<Parameters<typeof fetchBounded>[1]> = {}) =>
    fetchBounded(`${setup.base()}${path}`, {
      kind,
      site: setup.site(),
      transport: setup.transport(),
      limits: LIMITS,
      mayContact: anyHost,
      ...more,
    });
  const paths = () => setup.server().log.map((r) => r.path);

  it('reads a 200 JSON answer with its headers', async () => {
    const r = await get('/ok.json');
    expect(r).toMatchObject({
      ok: true,
      requestedUrl: `${setup.base()}/ok.json`,
      url: `${setup.base()}/ok.json`,
      redirected: false,
      redirects: [],
      status: 200,
      contentType: 'application/json',
      contentEncoding: null,
      cacheControl: 'max-age=60',
      accessControlAllowOrigin: '*',
    });
    expect(r.ok && new TextDecoder().decode(r.bytes)).toBe('{"a":1}');
  });

  it('returns the exact served bytes, undecoded', async () => {
    const r = await get('/raw', 'skill-md');
    expect(r.ok && Buffer.from(r.bytes).equals(RAW)).toBe(true);
    expect(r.ok && r.contentType).toBe('text/markdown');
  });

  it('returns an empty body as zero bytes', async () => {
    const r = await get('/empty');
    expect(r.ok && r.bytes.byteLength).toBe(0);
    expect(r.ok && r.contentType).toBe(null);
  });

  it.each([
    ['/missing', 404],
    ['/error', 500],
    ['/no-location', 302],
    // Only 200 carries the document: another 2xx has no body or part of one, and a 304 is an
    // answer only to a request that sent validators.
    ['/status?n=204', 204],
    ['/status?n=206', 206],
    ['/status?n=304', 304],
  ])('treats %s as a failed status', async (path, status) => {
    expect(failure(await get(path))).toMatchObject({ reason: 'http-status', httpStatus: status, detail: `HTTP ${status}` });
  });

  it('sends only the Accept header: no cookie, authorization or referrer, even after Set-Cookie', async () => {
    await get('/ok.json');
    const before = setup.server().log.length;
    await get('/chain?n=1', 'skill-md');
    const seen = setup.server().log.slice(before);
    expect(seen.map((r) => r.path)).toEqual(['/chain?n=1', '/chain?n=0', '/ok.json']);
    for (const { headers } of seen) {
      expect(headers.cookie).toBe(undefined);
      expect(headers.authorization).toBe(undefined);
      expect(headers.referer).toBe(undefined);
      // A skill file is asked of the site itself, never of a stored copy (requestInit).
      expect([headers['cache-control'], headers.pragma]).toEqual(['no-cache', 'no-cache']);
      expect(headers.accept).toBe('text/markdown, text/plain, */*;q=0.1');
    }
    expect(setup.server().log[before - 1]?.headers['cache-control']).toBe(undefined);
  });

  it('keeps skill files and archives out of the HTTP cache; the discovery documents use it, revalidated on a re-check', () => {
    const kinds = ['poppy', 'index', 'metadata', 'skill-md', 'archive'] as const;
    const modes = kinds.map((kind) => [kind, requestInit(kind, {}, false).cache, requestInit(kind, { revalidate: true }, false).cache]);
    expect(modes).toEqual([
      ['poppy', 'default', 'no-cache'],
      ['index', 'default', 'no-cache'],
      ['metadata', 'default', 'no-cache'],
      ['skill-md', 'no-store', 'no-store'],
      ['archive', 'no-store', 'no-store'],
    ]);
    const conditional = requestInit('skill-md', { validators: { etag: '"e1"', lastModified: null } }, true);
    expect(conditional).toMatchObject({ method: 'GET', credentials: 'omit', referrerPolicy: 'no-referrer', redirect: 'manual' });
    expect(conditional.headers).toEqual({ Accept: 'text/markdown, text/plain, */*;q=0.1', 'If-None-Match': '"e1"' });
  });

  it('revalidates on a re-check', async () => {
    await get('/ok.json', 'index', { revalidate: true });
    expect(setup.server().log.at(-1)?.headers['cache-control']).toBe('max-age=0');
    expect(setup.server().log.at(-1)?.headers.accept).toBe('application/json, */*;q=0.1');
  });

  it.each([
    ['exactly the cap, streamed', '/size?n=65536', true],
    ['exactly the cap, declared', '/size?n=65536&declare', true],
    ['one byte over, streamed', '/size?n=65537', false],
    ['one byte over, declared', '/size?n=65537&declare', false],
  ])('counts bytes to the cap: %s', async (_, path, ok) => {
    const r = await get(path);
    expect(r.ok ? r.bytes.byteLength : r.reason).toBe(ok ? 65536 : 'too-large');
    // One byte over the cap, declared: refused on the header, before any of the body.
    if (!ok && path.endsWith('&declare')) expect(!r.ok && english(r.detail)).toBe('larger than 64 KiB (Content-Length 65537)');
  });

  it.each([
    ['without Content-Length', '/big'],
    ['with Content-Length', '/big?declare'],
  ])('hangs up on an over-cap body %s', async (_, path) => {
    const r = await get(path);
    expect(failure(r)).toMatchObject({ reason: 'too-large', httpStatus: 200 });
    // A declared length past the cap is refused before the body: the words name it.
    expect(!r.ok && english(r.detail)).toMatch(
      path.endsWith('declare') ? /^larger than 64 KiB \(Content-Length 52428800\)$/ : /^larger than 64 KiB$/,
    );
    const served = lastStream!;
    await served.hungUp;
    expect(served.finished).toBe(false);
    expect(served.written).toBeLessThan(50 * MiB);
  });

  it.each([
    ['without Content-Length', '/big'],
    ['with Content-Length', '/big?declare'],
    ['exactly the cap, declared', '/size?n=65536&declare'],
    ['within the cap, declared long', '/size?n=100000&declare'],
  ])('keepPrefix (the indexes): past the cap, the first cap bytes, marked cut, %s', async (_, path) => {
    const limits = { ...LIMITS, indexBytes: 64 * KiB };
    const r = await get(path, 'index', { limits, keepPrefix: true });
    const over = !path.includes('n=65536');
    expect(r.ok && [r.bytes.byteLength, r.cut ?? false, r.bytes.every((b) => b === 0x61)]).toEqual([64 * KiB, over, true]);
    if (!over) return;
    const served = lastStream!;
    await served.hungUp;
    expect(served.written).toBeLessThan(50 * MiB);
  });

  it('reads a long declared body whole: its bytes in order, in one buffer', async () => {
    const limits = { ...LIMITS, poppyBytes: 4 * MiB };
    const r = await get('/size?n=3000000&declare', 'poppy', { limits });
    expect(r.ok && [r.bytes.byteLength, r.bytes.buffer.byteLength, r.bytes.every((b) => b === 0x61)]).toEqual([3000000, 3000000, true]);
  });

  it('gives up on a body that drips past the timeout', async () => {
    const started = performance.now();
    const r = await get('/drip', 'poppy', { limits: FAST });
    expect(failure(r)).toMatchObject({ reason: 'timeout', detail: 'the answer did not finish within 1 s' });
    expect(performance.now() - started).toBeLessThan(3000);
    await lastStream!.hungUp;
  });

  it('gives up on a server that never answers', async () => {
    const r = await get('/silent', 'poppy', { limits: FAST });
    expect(failure(r)).toMatchObject({ reason: 'timeout', detail: 'no answer within 1 s', httpStatus: null });
    await lastStream!.hungUp;
  });

  it('tells a caller abort from a timeout', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const r = await get('/silent', 'poppy', { signal: controller.signal });
    expect(failure(r)).toMatchObject({ reason: 'aborted' });
  });

  it("leaves no listener on the caller's signal once its requests are done", async () => {
    // A check's deadline lives as long as the check: 200 requests must not leave 200 listeners.
    const controller = new AbortController();
    for (let i = 0; i < 5; i++) expect((await get('/ok.json', 'poppy', { signal: controller.signal })).ok).toBe(true);
    expect(await get('/silent', 'poppy', { signal: controller.signal, limits: FAST })).toMatchObject({ reason: 'timeout' });
    await lastStream!.hungUp;
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('sends nothing when the caller already gave up', async () => {
    const before = setup.server().log.length;
    const r = await get('/ok.json', 'poppy', { signal: AbortSignal.abort() });
    expect(failure(r)).toMatchObject({ reason: 'aborted', url: null });
    expect(setup.server().log.length).toBe(before);
  });

  it('follows a same-origin redirect and reports the final URL', async () => {
    const r = await get('/go?status=307&to=/ok.json');
    const final = `${setup.base()}/ok.json`;
    expect(r).toMatchObject({ ok: true, url: final, redirected: true, redirects: [final] });
  });

  it('follows up to maxRedirects hops', async () => {
    const r = await get('/chain?n=2');
    expect(r.ok && r.url).toBe(`${setup.base()}/ok.json`);
    expect(r.ok && r.redirects.length).toBe(manual() ? 3 : 1);
  });

  it('stops after maxRedirects hops (manual mode) and on a loop (both modes)', async () => {
    const r = await get('/chain?n=3');
    // Follow mode leaves counting to the browser (20 hops), so only a loop trips it there.
    expect(failure(r)).toMatchObject(manual() ? { reason: 'too-many-redirects', detail: 'more than 3 redirects' } : { reason: 'ok' });
    expect(failure(await get('/loop'))).toMatchObject({ reason: 'too-many-redirects', redirected: manual() });
  });

  it('refuses a redirect to a blocked target', async () => {
    const r = await get(`/go?to=${encodeURIComponent(setup.refusedTarget())}`);
    expect(failure(r)).toMatchObject({ reason: setup.refused.reason, ...(setup.refused.policy ? { policy: setup.refused.policy } : {}) });
    expect(paths().includes('/secret')).toBe(setup.refused.reachesServer);
  });

  it('reports a refused connection as a network failure', async () => {
    const r = await fetchBounded(setup.base().replace(/:\d+$/, ':1') + '/x', {
      kind: 'poppy',
      site: setup.site(),
      transport: setup.transport(),
      limits: LIMITS,
      mayContact: anyHost,
    });
    expect(failure(r)).toMatchObject({ reason: 'network', httpStatus: null });
    expect(!r.ok && english(r.detail)).toMatch(/^network error \(.+\)$/);
  });
});

describe('fetchBounded: public site rules', () => {
  const counting = (inner: () => Transport) => {
    const calls: string[] = [];
    return {
      calls,
      transport: (): Transport => ({ fetch: (url, init) => (calls.push(url), inner().fetch(url, init)), manualRedirects: true }),
    };
  };

  it.each([
    ['loopback address', () => `https://127.0.0.1:${https.port}/secret`, 'loopback'],
    ['plain http', () => `http://shop.poppy.test:${http.port}/secret`, 'insecure-http'],
    ['user info', () => `https://me:pw@shop.poppy.test:${https.port}/secret`, 'user-info'],
    ['javascript: URL', () => 'javascript:alert(1)', 'scheme'],
  ])('never sends a request to a blocked %s', async (_, target, policy) => {
    const { calls, transport } = counting(() => node);
    const before = http.log.length + https.log.length;
    const r = await fetchBounded(target(), {
      kind: 'skill-md',
      site: publicSite(),
      transport: transport(),
      limits: LIMITS,
      mayContact: anyHost,
    });
    expect(failure(r)).toMatchObject({ reason: 'blocked', policy, url: null, httpStatus: null, redirected: false });
    expect(calls).toEqual([]);
    expect(http.log.length + https.log.length).toBe(before);
  });

  it.each([
    ['manual', true, false],
    ['follow', false, true],
  ])('refuses an https → http redirect (%s mode)', async (_, manualRedirects, reachesServer) => {
    const before = http.log.length;
    const target = `http://shop.poppy.test:${http.port}/ok.json`;
    const r = await fetchBounded(`${publicBase()}/go?to=${encodeURIComponent(target)}`, {
      kind: 'poppy',
      site: publicSite(),
      transport: { fetch: node.fetch, manualRedirects },
      limits: LIMITS,
      mayContact: anyHost,
    });
    expect(failure(r)).toMatchObject({ reason: 'insecure-redirect', policy: 'insecure-http', redirected: true });
    expect(!r.ok && english(r.detail)).toBe(`redirects to ${target}, leaving https`);
    expect(http.log.length > before).toBe(reachesServer);
  });

  it('lets a local https site redirect to http', async () => {
    const site = siteContext(`https://127.0.0.1:${https.port}`);
    const target = `${localBase()}/ok.json`;
    const r = await fetchBounded(`https://127.0.0.1:${https.port}/go?to=${encodeURIComponent(target)}`, {
      kind: 'poppy',
      site,
      transport: node,
      limits: LIMITS,
      mayContact: anyHost,
    });
    expect(r).toMatchObject({ ok: true, url: target, redirected: true });
  });
});

describe('capFor: the caps D5 sets, as figures', () => {
  it.each([
    // Its own fields' 256 KiB plus the index cap for an embedded skill_index, up to whole MiB (D5).
    ['poppy', 2 * MiB],
    // The index cap fits the skill cap at the largest valid entries (D5): 200 × 8463 bytes + 4 KiB.
    ['index', 200 * 8463 + 4 * KiB],
    ['skill-md', 1 * MiB],
    ['archive', 10 * MiB],
  ] as const)('%s → %d bytes', (kind, bytes) => {
    expect(capFor(kind, DEFAULT_LIMITS)).toBe(bytes);
  });

  it('10 s a request, 6 in flight, 200 skills in the extension', () => {
    expect([DEFAULT_LIMITS.timeoutMs, DEFAULT_LIMITS.concurrency, DEFAULT_LIMITS.maxSkills]).toEqual([10_000, 6, 200]);
  });
});

describe('mediaTypeEssence', () => {
  it.each([
    ['application/json', 'application/json'],
    ['Application/JSON; charset=UTF-8', 'application/json'],
    ['  text/markdown ;charset=utf-8', 'text/markdown'],
    ['application/vnd.api+json', 'application/vnd.api+json'],
    ['text/html, application/json', null],
    ['json', null],
    ['', null],
    [null, null],
  ])('%j → %j', (header, essence) => {
    expect(mediaTypeEssence(header)).toBe(essence);
  });
});
