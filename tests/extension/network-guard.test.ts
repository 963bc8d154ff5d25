// @vitest-environment node
/**
 * The network guard: its block rules match exactly the URLs the URL policy refuses for a public
 * site (tables and exhaustive sweeps of every address prefix that decides), the mode lock keeps
 * public and local checks apart, and a request the browser stopped at a refused redirect hop is
 * reported as that refused redirect by fetchBounded (real servers on 127.0.0.1).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeTransport } from '../../cli/http/transport';
import { createFailureLog } from '../../utils/extension/failure-log';
import { createModeLock } from '../../utils/extension/guard-lock';
import { fetchBounded, type FetchResult, type Transport } from '../../utils/engine/net/fetch-bounded';
import {
  explainingTransport,
  GUARD_PATTERNS,
  readableRedirects,
  GUARD_RULE_IDS,
  guardBlocks,
  guardModeFor,
  guardRules,
  rulesInPlace,
  numberRange,
  type GuardMode,
} from '../../utils/extension/network-guard';
import { DEFAULT_LIMITS } from '../../utils/engine/spec';
import { checkFetchTarget, siteContext } from '../../utils/engine/net/url-policy';
import { makeTestCert, startServer, type TestServer } from '../fixtures/test-server';
import { english } from '../helpers/english';

const PUBLIC = siteContext('https://shop.example');

/** What the policy says of `href` for a public site. */
const policyRefuses = (href: string) => !checkFetchTarget(href, PUBLIC).ok;

describe('numberRange', () => {
  it.each([
    [0, 255, 10],
    [64, 127, 10],
    [16, 31, 10],
    [7, 7, 10],
    [0, 0xff, 16],
    [0x6440, 0x647f, 16],
    [0xac10, 0xac1f, 16],
    [0xe000, 0xffff, 16],
    [0x0f, 0x1234, 16],
    [3, 0xfff0, 16],
  ] as const)('%i…%i in base %i matches exactly that range', (lo, hi, radix) => {
    const regex = new RegExp(`^${numberRange(lo, hi, radix)}$`);
    const wrong: number[] = [];
    for (let n = 0; n <= (radix === 10 ? 999 : 0xffff); n += 1) {
      if (regex.test(n.toString(radix)) !== (n >= lo && n <= hi)) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });
});

describe('guard rules ≡ URL policy (public site)', () => {
  // The absolute http(s) rows of tests/engine/net/url-policy.test.ts, plus hostile-corpus spellings.
  it.each([
    'https://127.0.0.1/',
    'http://2130706433/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://0x7f000001/',
    'https://0177.0.0.1/',
    'https://127.1/',
    'https://127.255.255.254/',
    'https://%31%32%37.0.0.1/',
    'https://10.0.0.1/',
    'https://10.255.255.255/',
    'https://172.16.0.1/',
    'https://172.31.255.255/',
    'https://172.15.0.1/',
    'https://172.32.0.1/',
    'https://192.168.1.10/',
    'https://0xc0.0xa8.1.10/',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/',
    'https://100.127.255.255/',
    'https://100.128.0.1/',
    'https://0.0.0.0/',
    'https://0/',
    'https://198.18.0.1/',
    'https://198.19.255.255/',
    'https://198.20.0.1/',
    'https://224.0.0.1/',
    'https://255.255.255.255/',
    'https://93.184.215.14/',
    'https://8.8.8.8:8443/x',
    'https://[::1]/',
    'https://[0:0:0:0:0:0:0:1]/',
    'https://[::]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:192.168.0.1]/',
    'https://[::ffff:169.254.169.254]/',
    'https://[::127.0.0.1]/',
    'https://[64:ff9b::10.0.0.1]/',
    'https://[::ffff:8.8.8.8]/',
    'https://[fe80::1]/',
    'https://[febf::1]/',
    'https://[fc00::1]/',
    'https://[fd12:3456:789a::1]/',
    'https://[ff02::1]/',
    'https://[2606:4700::1111]/',
    'https://[2606:4700::1111]:444/',
    'https://localhost/',
    'https://LOCALHOST:8443/',
    'https://localhost./',
    'https://api.localhost/',
    'https://intranet/',
    'https://intranet./',
    'https://printer.local/',
    'https://db.corp.internal/',
    'https://router.home.arpa/',
    'https://home.arpa/',
    'https://nas.lan/',
    'https://nas.lan./',
    'https://cdn.example.net./x',
    'https://lan.example.com/',
    'https://local.example.com/',
    'https://cdn.example.net:8443/SKILL.md',
    'https://user:pw@cdn.example.net/',
    'https://user@cdn.example.net/',
    'https://:pw@cdn.example.net/',
    'https://cdn.example.net@127.0.0.1/',
    'https://@cdn.example.net/',
    'https://cdn.example.net/a@b',
    'http://cdn.example.net/x',
    'HTTPS://CDN.Example.NET/x',
    'https:\\\\127.0.0.1\\x',
    'https://2852039166/latest/meta-data/',
    'https://[::ffff:10.0.0.1]/',
    'https://xn--bcher-kva.example/',
    'https://a.b.c.d.example/?q=127.0.0.1',
    'https://example.com/http://127.0.0.1/',
    'https://example.com:8443#localhost',
  ])('%s', (raw) => {
    const href = new URL(raw).href;
    expect(guardBlocks(href)).toBe(policyRefuses(href));
  });

  // 65536 addresses: a second alone, past the 5 s default on a busy machine; not timed.
  it('agrees on every IPv4 /16 prefix', () => {
    const wrong: string[] = [];
    for (let a = 0; a < 256; a += 1) {
      for (let b = 0; b < 256; b += 1) {
        const href = `https://${a}.${b}.7.9:8443/x`;
        if (guardBlocks(href) !== policyRefuses(href)) wrong.push(href);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  // Exhaustive sweeps (65536 groups each): seconds of CPU, more when the machine is busy; not timed.
  it('agrees on every IPv4-mapped, IPv4-compatible and NAT64 address prefix', () => {
    const wrong: string[] = [];
    for (let group = 0; group <= 0xffff; group += 1) {
      const g = group.toString(16);
      for (const raw of [`https://[::ffff:${g}:1]/`, `https://[::${g}:0]/`, `https://[64:ff9b::${g}:1]/`, `https://[::ffff:${g}:0]/`]) {
        const href = new URL(raw).href; // WHATWG compresses the zero groups the way browsers do
        if (guardBlocks(href) !== policyRefuses(href)) wrong.push(href);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('agrees on every first IPv6 group', () => {
    const wrong: string[] = [];
    for (let group = 1; group <= 0xffff; group += 1) {
      for (const raw of [`https://[${group.toString(16)}::1]/`, `https://[${group.toString(16)}:1:2:3:4:5:6:7]:8443/`]) {
        const href = new URL(raw).href;
        if (guardBlocks(href) !== policyRefuses(href)) wrong.push(href);
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('makes no rules for a local site and one block rule per pattern, for our requests only, for a public one', () => {
    expect(guardModeFor(siteContext('http://127.0.0.1:3000'))).toBe('local');
    expect(guardModeFor(PUBLIC)).toBe('public');
    expect(guardRules('local', 'abcdefghijklmnopabcdefghijklmnop')).toEqual([]);
    const rules = guardRules('public', 'abcdefghijklmnopabcdefghijklmnop');
    expect(rules.map((r) => r.id)).toEqual(GUARD_RULE_IDS);
    expect(rules.map((r) => r.condition.regexFilter)).toEqual(GUARD_PATTERNS);
    for (const rule of rules) {
      expect(rule.action).toEqual({ type: 'block' });
      expect(rule.condition.initiatorDomains).toEqual(['abcdefghijklmnopabcdefghijklmnop']);
      expect(rule.condition.resourceTypes).toEqual(['xmlhttprequest', 'other']);
    }
  });

  it('knows the rules are in place when the browser holds exactly ours, whatever defaults it added and other rules it has', () => {
    const host = 'abcdefghijklmnopabcdefghijklmnop';
    const wanted = guardRules('public', host);
    const asStored = wanted.map((rule) => ({ ...rule, condition: { ...rule.condition, isUrlFilterCaseSensitive: false } }));
    const foreign = { id: 1, priority: 1, action: { type: 'allow' }, condition: { urlFilter: 'example' } };
    expect(rulesInPlace([...asStored, foreign], wanted)).toBe(true);
    expect(rulesInPlace([foreign], guardRules('local', host))).toBe(true);
    // Anything else is rewritten: missing, extra, or changed rules, or another extension host.
    expect(rulesInPlace([], wanted)).toBe(false);
    expect(rulesInPlace(asStored.slice(1), wanted)).toBe(false);
    expect(rulesInPlace(asStored, guardRules('local', host))).toBe(false);
    expect(rulesInPlace(asStored, guardRules('public', 'ponmlkjihgfedcbaponmlkjihgfedcba'))).toBe(false);
    const changed = asStored.map((rule, i) => (i === 3 ? { ...rule, condition: { ...rule.condition, regexFilter: '^https://' } } : rule));
    expect(rulesInPlace(changed, wanted)).toBe(false);
    const fewerTypes = asStored.map((rule) => ({ ...rule, condition: { ...rule.condition, resourceTypes: ['xmlhttprequest'] } }));
    expect(rulesInPlace(fewerTypes, wanted)).toBe(false);
  });
});

/** A macrotask: every promise callback queued so far (task ends, rule switches) has run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A lock whose `apply` records each switch; tasks are promises the test settles by hand. */
function recordingLock(fail = false) {
  const applied: GuardMode[] = [];
  const lock = createModeLock(async (mode) => {
    applied.push(mode);
    if (fail) throw new Error('rules refused');
  });
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const task = (mode: GuardMode, name: string) =>
    lock.run(mode, () => {
      started.push(name);
      return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
    });
  /** Ends a running task and lets the lock start whatever may start next. */
  const finish = async (name: string) => {
    const end = finishers.get(name);
    if (!end) throw new Error(`${name} is not running`);
    end();
    await settle();
  };
  return { applied, started, task, finish };
}

describe('mode lock', () => {
  it('installs the rules at start, before any check', async () => {
    const { applied, started, task } = recordingLock();
    void task('public', 'p1');
    await settle();
    expect(applied).toEqual(['public']);
    expect(started).toEqual(['p1']);
  });

  it('runs checks of one kind together and keeps the other kind waiting until they end', async () => {
    const { applied, started, task, finish } = recordingLock();
    const p1 = task('public', 'p1');
    const p2 = task('public', 'p2');
    const l1 = task('local', 'l1');
    await settle();
    expect(started).toEqual(['p1', 'p2']);
    await finish('p1');
    expect(started).toEqual(['p1', 'p2']); // p2 still runs under the rules
    await finish('p2');
    expect(started).toEqual(['p1', 'p2', 'l1']);
    expect(applied).toEqual(['public', 'local']);
    await finish('l1');
    expect(applied).toEqual(['public', 'local', 'public']); // back to the resting state
    expect(await Promise.all([p1, p2, l1])).toEqual(['p1', 'p2', 'l1']);
  });

  it('takes turns: a public check arriving while a local one waits runs after it', async () => {
    const { started, task, finish } = recordingLock();
    void task('public', 'p1');
    await settle();
    void task('local', 'l1');
    void task('public', 'p2');
    await settle();
    expect(started).toEqual(['p1']);
    await finish('p1');
    expect(started).toEqual(['p1', 'l1']);
    await finish('l1');
    expect(started).toEqual(['p1', 'l1', 'p2']);
  });

  it('still runs checks when the browser refuses the rules, and says so', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { started, task } = recordingLock(true);
    void task('public', 'p1');
    await settle();
    expect(started).toEqual(['p1']);
    expect(String(error.mock.calls[0]?.[0])).toMatch(/network guard/);
    error.mockRestore();
  });

  it('goes on when a switch never answers', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const lock = createModeLock(() => new Promise(() => {}), 30);
    await expect(lock.run('local', async () => 'ran')).resolves.toBe('ran');
    // At start, into local, and back to public: each switch gave up on its own.
    await vi.waitFor(() => expect(error.mock.calls.map((call) => String(call[1]))).toEqual(Array(3).fill('Error: no answer')));
    error.mockRestore();
  });

  it('frees the lock when a check throws', async () => {
    const lock = createModeLock(async () => {});
    await expect(lock.run('local', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run('public', async () => 'after')).resolves.toBe('after');
  });
});

describe('failure log', () => {
  it('names the hop a redirected request failed at, once', async () => {
    const log = createFailureLog(50);
    log.redirected({ requestId: '7', url: 'https://shop.example/a', redirectUrl: 'https://shop.example/b' });
    log.redirected({ requestId: '7', url: 'https://shop.example/b', redirectUrl: 'https://127.0.0.1/c' });
    log.failed({ requestId: '7', url: 'https://127.0.0.1/c' });
    expect(await log.failedAt('https://shop.example/a#frag')).toBe('https://127.0.0.1/c');
    expect(await log.failedAt('https://shop.example/a')).toBeNull();
  });

  it('waits for an error event that arrives after fetch rejected', async () => {
    const log = createFailureLog(2000);
    const answer = log.failedAt('https://shop.example/a');
    setTimeout(() => {
      log.redirected({ requestId: '8', url: 'https://shop.example/a', redirectUrl: 'https://10.0.0.1/' });
      log.failed({ requestId: '8', url: 'https://10.0.0.1/' });
    }, 20);
    expect(await answer).toBe('https://10.0.0.1/');
  });

  it('ends the wait at a redirect to a hop the caller calls conclusive, not at an earlier allowed hop', async () => {
    // A grace no test would sit out: the answer must come from the events.
    const log = createFailureLog(600_000);
    const refused = (hop: string) => new URL(hop).hostname === '127.0.0.1';
    let answered = false;
    const answer = log.failedAt('https://shop.example/a', refused).then((hop) => ((answered = true), hop));
    log.redirected({ requestId: '11', url: 'https://shop.example/a', redirectUrl: 'https://shop.example/b' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    log.redirected({ requestId: '11', url: 'https://shop.example/b', redirectUrl: 'https://127.0.0.1/c' });
    expect(await answer).toBe('https://127.0.0.1/c');
  });

  it('falls back to the last redirect when no error event comes (a hop outside our host access)', async () => {
    const log = createFailureLog(50);
    log.redirected({ requestId: '9', url: 'https://shop.example/a', redirectUrl: 'http://intranet/x' });
    expect(await log.failedAt('https://shop.example/a')).toBe('http://intranet/x');
  });

  it('says where a request failed that was never redirected', async () => {
    const log = createFailureLog(50);
    log.failed({ requestId: '10', url: 'https://shop.example/a' });
    expect(await log.failedAt('https://shop.example/a')).toBe('https://shop.example/a');
  });

  it('gives up after the grace period', async () => {
    const started = Date.now();
    expect(await createFailureLog(50).failedAt('https://shop.example/a')).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});

describe('explainingTransport with fetchBounded', () => {
  let server: TestServer;
  let closedPort: number;
  const tls = makeTestCert();

  beforeAll(async () => {
    server = await startServer((req, res) => {
      const to = new URL(req.url ?? '/', 'https://x').searchParams.get('to');
      if (to) res.writeHead(302, { location: to }).end();
      else res.writeHead(200, { 'content-type': 'text/markdown' }).end('# ok\n');
    }, tls);
    // A port nothing listens on: the followed hop fails there, as it does at the browser's block.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(() => server.close());

  /** Follow mode, as in browsers: the hop is requested by the client, not judged before. */
  const following = () => ({
    ...createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1' }, ca: tls.cert }),
    manualRedirects: false,
  });

  async function fetchVia(hop: string, logged: string | null): Promise<FetchResult> {
    const log = createFailureLog(50);
    const url = `https://shop.poppy.test:${server.port}/skill?to=${encodeURIComponent(hop)}`;
    if (logged) {
      log.redirected({ requestId: '1', url, redirectUrl: logged });
      log.failed({ requestId: '1', url: logged });
    }
    return fetchBounded(url, {
      kind: 'skill-md',
      site: siteContext('https://shop.poppy.test'),
      transport: explainingTransport(following(), log.failedAt),
      limits: DEFAULT_LIMITS,
      mayContact: () => true,
    });
  }

  it.each([
    ['loopback', 'redirect-blocked', (port: number) => `https://127.0.0.1:${port}/tripwire`],
    ['insecure-http', 'insecure-redirect', (port: number) => `http://127.0.0.1:${port}/tripwire`],
    ['user-info', 'redirect-blocked', (port: number) => `https://user:pw@shop.poppy.test:${port}/tripwire`],
  ] as const)('reports a stopped hop as a refused redirect (%s)', async (policy, reason, hopAt) => {
    const hop = hopAt(closedPort);
    const result = await fetchVia(hop, hop);
    expect(result).toMatchObject({ ok: false, reason, policy, redirected: true, url: hop });
    expect(result.ok ? '' : english(result.detail)).toContain(hop);
  });

  it('leaves a failure with no refused hop a network error', async () => {
    const nowhere = `https://shop.poppy.test:${closedPort}/x`;
    expect(await fetchVia(nowhere, null)).toMatchObject({ ok: false, reason: 'network' });
    expect(await fetchVia(nowhere, nowhere)).toMatchObject({ ok: false, reason: 'network' });
  });

  it('passes successful answers through', async () => {
    const result = await fetchVia(`https://shop.poppy.test:${server.port}/real`, null);
    expect(result).toMatchObject({ ok: true, redirected: true, url: `https://shop.poppy.test:${server.port}/real` });
  });
});

describe('readableRedirects with fetchBounded (manual redirects in a browser)', () => {
  let site: TestServer;
  let other: TestServer;
  const tls = makeTestCert();

  beforeAll(async () => {
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      const to = new URL(req.url ?? '/', 'https://x').searchParams.get('to');
      if (to) res.writeHead(302, { location: to }).end();
      else res.writeHead(200, { 'content-type': 'text/markdown', 'access-control-allow-origin': '*' }).end('# ok\n');
    };
    site = await startServer(handler, tls);
    other = await startServer(handler, tls);
  });
  afterAll(() => Promise.all([site.close(), other.close()]));

  /**
   * What an extension's fetch gives for `redirect: 'manual'` in Chromium 156 and Firefox ESR 153
   * (seen in both): an opaque redirect, status 0, no headers. The server's real answer goes to
   * the log, as the browser's response-head event would carry it.
   */
  const browserLike = (log: ReturnType<typeof createFailureLog>, delayMs: number | null): Transport => {
    const node = createNodeTransport({ resolve: { 'shop.poppy.test': '127.0.0.1', 'cdn.poppy.test': '127.0.0.1' }, ca: tls.cert });
    return {
      manualRedirects: true,
      async fetch(url, init) {
        const response = await node.fetch(url, { ...init, redirect: 'manual' });
        const location = response.headers.get('location');
        if (response.status < 300 || response.status > 399 || location === null) return response;
        await response.body?.cancel();
        const event = { requestId: url, url, statusCode: response.status, responseHeaders: [{ name: 'Location', value: location }] };
        if (delayMs !== null) setTimeout(() => log.answered(event), delayMs);
        return { type: 'opaqueredirect', status: 0, url, redirected: false, headers: new Headers(), body: null } as unknown as Response;
      },
    };
  };

  const skill = (to?: string) => `https://shop.poppy.test:${site.port}/skill${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`;
  const fetchVia = (url: string, delayMs: number | null, mayContact: (origin: string) => boolean) => {
    const log = createFailureLog(200);
    return fetchBounded(url, {
      kind: 'skill-md',
      site: siteContext(`https://shop.poppy.test:${site.port}`),
      transport: readableRedirects(browserLike(log, delayMs), log.redirectOf),
      limits: DEFAULT_LIMITS,
      mayContact,
    });
  };

  it('reads the Location from the event that comes after the fetch, and follows a same-origin hop itself', async () => {
    const result = await fetchVia(skill(skill()), 30, () => false);
    expect(result).toMatchObject({ ok: true, status: 200, redirected: true, url: skill() });
  });

  it('asks nothing of a host the check may not contact yet', async () => {
    const before = other.log.length;
    const elsewhere = `https://cdn.poppy.test:${other.port}/skill`;
    const result = await fetchVia(skill(elsewhere), 30, () => false);
    expect(result).toMatchObject({ ok: false, reason: 'not-contacted', redirected: true, elsewhere });
    expect(other.log.length).toBe(before);
    // Allowed (the panel is open): the same hop is made and read.
    expect(await fetchVia(skill(elsewhere), 30, () => true)).toMatchObject({ ok: true, url: elsewhere });
    expect(other.log.length).toBe(before + 1);
  });

  it('makes no hop when no event says where the redirect points', async () => {
    const before = site.log.length;
    const result = await fetchVia(skill(skill()), null, () => true);
    expect(result).toMatchObject({ ok: false, reason: 'network', redirected: false });
    expect(site.log.length).toBe(before + 1);
  });
});
