import { lookup as dnsLookup } from 'node:dns';
import { createServer, type LookupFunction } from 'node:net';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillSource } from '../../utils/engine/report/report';
import { WELL_KNOWN, type SkillStatus } from '../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { digestOf, publicDomain, type FixtureSite, type SiteExpectation } from '../fixtures/site';
import { ALL_SITES } from '../fixtures/sites/index';
import { STALE_DIGEST } from '../fixtures/sites/northlight-stale';

let server: FixtureServer;

/** Like a Node transport's resolve map: *.poppy.test and the sites' *.localhost names → 127.0.0.1. */
const lookup: LookupFunction = (hostname, options, callback) => {
  const pinned = server.resolveMap[hostname] ?? (hostname.endsWith('.poppy.test') ? '127.0.0.1' : undefined);
  if (pinned === undefined) dnsLookup(hostname, options, callback);
  else if (options.all) callback(null, [{ address: pinned, family: 4 }]);
  else callback(null, pinned, 4);
};

let dispatcher: Agent;
const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => fetch(url, { dispatcher, headers, method });

beforeAll(async () => {
  server = await startFixtureServer();
  dispatcher = new Agent({ connect: { ca: server.caPem, lookup } });
});
afterAll(async () => {
  await dispatcher.close();
  await server.close();
});

const FLAVOURS: [string, (site: string) => string][] = [
  ['http 127.0.0.1', (site) => server.origin(site)],
  ['http *.localhost', (site) => server.localhostOrigin(site)],
  ['https *.poppy.test', (site) => server.publicOrigin(site)],
];

interface Entry {
  name: string;
  url: string;
  digest: string;
}

/** A published JSON document (200, application/json) and its final URL, or null. */
async function readJson(url: string): Promise<{ value: Record<string, unknown>; url: string } | null> {
  const res = await get(url);
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('application/json')) return null;
  return { value: (await res.json()) as Record<string, unknown>, url: res.url };
}

function entries(index: unknown, base: string): Entry[] {
  const skills = (index as { skills: Entry[] }).skills;
  return skills.map((e) => ({ name: e.name, url: new URL(e.url, base).href, digest: e.digest }));
}

async function statusOf(entry: Entry, origin: string): Promise<SkillStatus> {
  const res = await get(entry.url);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const crossOrigin = new URL(entry.url).origin !== origin;
  if (res.status !== 200 || (crossOrigin && res.headers.get('access-control-allow-origin') !== '*')) return 'unreachable';
  return digestOf(bytes) === entry.digest ? 'verified' : 'mismatch';
}

/** What a site serves, read the way D1 reads it, in the shape of its expectations. */
async function observe(origin: string): Promise<Omit<SiteExpectation, 'verdict'>> {
  const poppy = await readJson(`${origin}${WELL_KNOWN.poppy}`);
  const index = await readJson(`${origin}${WELL_KNOWN.skillIndex}`);
  const fromPoppy = poppy?.value.skill_index ? entries(poppy.value.skill_index, poppy.url) : [];
  const fromIndex = index ? entries(index.value, index.url) : [];
  if (fromPoppy.length > 0 && fromIndex.length > 0) expect(fromIndex).toEqual(fromPoppy); // the copies agree
  const listed = fromPoppy.length > 0 ? fromPoppy : fromIndex;
  const skills: Record<string, SkillStatus> = {};
  for (const entry of listed) skills[entry.name] = await statusOf(entry, origin);
  let source: SkillSource | null =
    fromPoppy.length > 0 ? (fromIndex.length > 0 ? 'both' : 'poppy') : fromIndex.length > 0 ? 'well-known' : null;

  const legacy = listed.length === 0 ? await readJson(`${origin}${WELL_KNOWN.legacySkillIndex}`) : null;
  for (const { name, files } of (legacy?.value.skills ?? []) as { name: string; files: string[] }[]) {
    for (const file of files) expect((await get(new URL(`${name}/${file}`, legacy!.url).href)).status).toBe(200);
    skills[name] = 'skipped'; // no digest to verify
    source = 'legacy';
  }
  return { poppy: poppy !== null, source, skills };
}

const siteRows = ALL_SITES.map((site) => [site.name, site] as [string, FixtureSite]);

describe.each(FLAVOURS)('over %s', (_flavour, originOf) => {
  it.each(siteRows)('%s serves what its expectations say', async (name, site) => {
    const { verdict: _verdict, ...expected } = site.expect;
    expect(await observe(originOf(name))).toEqual(expected);
  });

  it('points second-origin at the other sites in the same flavour', async () => {
    const poppy = await readJson(`${originOf('second-origin')}${WELL_KNOWN.poppy}`);
    const urls = entries(poppy!.value.skill_index, poppy!.url).map((e) => e.url);
    expect(urls).toEqual([
      `${originOf('skills-cdn')}/fernhill/find-plants/SKILL.md`,
      `${originOf('skills-cdn')}/fernhill/book-garden-visit/SKILL.md`,
      `${originOf('skills-cdn-nocors')}/fernhill/plan-a-border/SKILL.md`,
    ]);
  });

  it('redirects poppy.json to the hosted channel and resolves skills against the final URL', async () => {
    const origin = originOf('redirecting');
    const poppy = await readJson(`${origin}${WELL_KNOWN.poppy}`);
    expect(poppy!.url).toBe(`${origin}/v1/channels/abc/poppy/poppy.json?domain=${new URL(origin).hostname}`);
    expect(entries(poppy!.value.skill_index, poppy!.url).map((e) => e.url)).toEqual([
      `${origin}/v1/channels/abc/poppy/skills/find-cakes/SKILL.md`,
      `${origin}/v1/channels/abc/poppy/skills/change-collection-time/SKILL.md`,
    ]);
    expect((await get(`${origin}/v1/channels/abc/poppy/poppy.json`)).status).toBe(404);
  });
});

describe('the documents', () => {
  const poppySites = ALL_SITES.filter((s) => s.expect.poppy).map((s) => s.name);

  it.each(poppySites)('%s: the domain and the issuer hold up on the public origin', async (name) => {
    const poppy = (await readJson(`${server.publicOrigin(name)}${WELL_KNOWN.poppy}`))!.value;
    const { domain } = poppy.organization as { domain: string };
    expect(domain).toBe(publicDomain(name));
    const { issuer } = poppy.auth as { issuer: string };
    expect(issuer).toBe(server.publicOrigin(name));
    const metadata = (await readJson(`${issuer}/.well-known/oauth-authorization-server`))!.value;
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.poppy_domains).toEqual([domain]);
  });

  it('publishes the stale digest for one skill while serving the real file', async () => {
    const origin = server.publicOrigin('northlight-stale');
    const poppy = (await readJson(`${origin}${WELL_KNOWN.poppy}`))!;
    const stale = entries(poppy.value.skill_index, poppy.url).find((e) => e.name === 'change-flower-delivery')!;
    expect(stale.digest).toBe(STALE_DIGEST);
    const served = new Uint8Array(await (await get(stale.url)).arrayBuffer());
    const fresh = (await readJson(`${server.publicOrigin('northlight')}${WELL_KNOWN.poppy}`))!;
    const published = entries(fresh.value.skill_index, fresh.url).find((e) => e.name === 'change-flower-delivery')!;
    expect(digestOf(served)).toBe(published.digest); // what the up-to-date store publishes
  });

  it('serves JSON and SKILL.md with the headers the RFC asks for', async () => {
    const origin = server.publicOrigin('northlight');
    const index = await get(`${origin}${WELL_KNOWN.skillIndex}`);
    const skill = await get(`${origin}/.well-known/agent-skills/find-flowers/SKILL.md`);
    expect([
      index.headers.get('content-type'),
      index.headers.get('cache-control'),
      index.headers.get('access-control-allow-origin'),
    ]).toEqual(['application/json', 'public, max-age=300', '*']);
    expect([skill.headers.get('content-type'), skill.headers.get('access-control-allow-origin')]).toEqual([
      'text/markdown; charset=utf-8',
      '*',
    ]);
    expect(await skill.text()).toMatch(/^---\nname: find-flowers\ndescription: Find bouquets .*\n---\n\n# Find flowers\n/);
  });

  it('shows a "For agents" home page listing what poppy.json says', async () => {
    const page = await (await get(`${server.origin('northlight')}/`)).text();
    expect(page).toContain('Northlight Flowers — For agents');
    for (const text of [
      'See your orders (<code>orders:read</code>)',
      'Change your orders',
      'change-flower-delivery',
      'find-flowers',
      'Change the card saved for payments',
      'Close your account',
    ]) {
      expect(page).toContain(text);
    }
  });

  it('signs in with a real cookie and shows the account signed in or out', async () => {
    const origin = server.origin('northlight');
    const login = await get(`${origin}/login`);
    expect(login.headers.get('set-cookie')).toBe('nl_session=secret; Path=/');
    expect(await (await get(`${origin}/account`, { cookie: 'nl_session=secret' })).text()).toContain('Signed in as the test customer');
    expect(await (await get(`${origin}/account`)).text()).toContain('You are signed out');
  });
});

describe('the server', () => {
  it('records every request with its site, scheme, method, path and query, host and headers', async () => {
    server.clearRequests();
    const before = Date.now();
    await get(`${server.publicOrigin('northlight')}/.well-known/poppy.json?probe=1`, { 'x-probe': 'https' });
    await get(`${server.localhostOrigin('no-poppy')}/nothing-here`, { 'x-probe': 'http' });
    expect(
      server.requests.map(({ site, scheme, method, url, host, headers }) => ({
        site,
        scheme,
        method,
        url,
        host,
        probe: headers['x-probe'],
      })),
    ).toEqual([
      {
        site: 'northlight',
        scheme: 'https',
        method: 'GET',
        url: '/.well-known/poppy.json?probe=1',
        host: new URL(server.publicOrigin('northlight')).host,
        probe: 'https',
      },
      {
        site: 'no-poppy',
        scheme: 'http',
        method: 'GET',
        url: '/nothing-here',
        host: new URL(server.localhostOrigin('no-poppy')).host,
        probe: 'http',
      },
    ]);
    expect(server.requests.every((r) => r.time >= before && r.time <= Date.now())).toBe(true);
    server.clearRequests();
    expect(server.requests).toEqual([]);
  });

  it.each([
    ['an unknown path', 'GET', 404, () => `${server.origin('northlight')}/nope`],
    ['a site with nothing published', 'GET', 404, () => `${server.publicOrigin('no-poppy')}${WELL_KNOWN.poppy}`],
    ['a host the https front does not know', 'GET', 404, () => `https://nosuch.poppy.test:${server.httpsPort}/`],
    ['a POST', 'POST', 405, () => `${server.origin('northlight')}${WELL_KNOWN.poppy}`],
    ['a HEAD', 'HEAD', 200, () => `${server.origin('northlight')}${WELL_KNOWN.poppy}`],
  ])('answers %s (%s) with %i', async (_what, method, status, url) => {
    const res = await get(url(), {}, method);
    expect(res.status).toBe(status);
    if (method === 'HEAD') {
      expect(Number(res.headers.get('content-length'))).toBeGreaterThan(100);
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    } else await res.arrayBuffer();
  });

  it('presents a certificate Node trusts only with the test CA', async () => {
    const untrusting = new Agent({ connect: { lookup } });
    await expect(fetch(`${server.publicOrigin('northlight')}/`, { dispatcher: untrusting })).rejects.toThrow();
    await untrusting.close();
  });

  it('starts every site and the https front in under a second once the certificate exists', async () => {
    const started = performance.now();
    const second = await startFixtureServer();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(second.origin('northlight')).not.toBe(server.origin('northlight'));
    await second.close();
  });

  it('takes custom sites, fixed ports, streamed bodies, and turns a broken route into a 500', async () => {
    const port = await freePort();
    async function* drip() {
      yield 'one,';
      yield new TextEncoder().encode('two');
    }
    const custom = await startFixtureServer({
      https: false,
      ports: { custom: port },
      sites: [
        {
          name: 'custom',
          summary: 'test site',
          routes: {
            '/drip': () => ({ body: drip() }),
            '/broken': () => {
              throw new Error('bad fixture');
            },
          },
          expect: { verdict: 'none', poppy: false, source: null, skills: {} },
        },
      ],
    });
    try {
      expect(custom.origin('custom')).toBe(`http://127.0.0.1:${port}`);
      expect(await (await get(`${custom.origin('custom')}/drip`)).text()).toBe('one,two');
      const broken = await get(`${custom.origin('custom')}/broken`);
      expect([broken.status, await broken.text()]).toEqual([500, 'fixture error: Error: bad fixture\n']);
      expect(() => custom.publicOrigin('custom')).toThrow(/https front/);
      expect(() => custom.origin('northlight')).toThrow(/no fixture site/);
    } finally {
      await custom.close();
    }
  });

  it('rejects a port that is taken, and ports for a site it does not have', async () => {
    const taken = server.httpsPort;
    await expect(startFixtureServer({ https: false, ports: { northlight: taken } })).rejects.toThrow(/EADDRINUSE/);
    await expect(startFixtureServer({ ports: { typo: 1 } })).rejects.toThrow(/no fixture site named typo/);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
