// How often a site is asked (docs/extension.md), the engine's part: the discovery documents are asked with the validators they
// sent last time (a 304 stands in the kept document, findings unchanged), and the check says how
// long the site's answers may be reused (serverFreshMs). Against the real fixture server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite, inMemorySkillMemory } from '../../../utils/engine/check';
import type { Transport } from '../../../utils/engine/net/fetch-bounded';
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import type { FixtureSite, Route } from '../../fixtures/site';
import { noPoppy } from '../../fixtures/sites/no-poppy';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightRoutes } from '../../fixtures/stores/northlight';

const DISCOVERY: readonly string[] = [WELL_KNOWN.poppy, WELL_KNOWN.skillIndex, WELL_KNOWN.legacySkillIndex];
const notFound = (cacheControl: string) => ({ status: 404, headers: { 'cache-control': cacheControl }, body: 'Not found\n' });
const quietNoCache: FixtureSite = {
  ...noPoppy,
  name: 'quiet-no-cache',
  routes: { ...noPoppy.routes, ...Object.fromEntries(DISCOVERY.map((p) => [p, notFound('no-cache')])) },
};
/** The route, answering with these headers over its own. */
const withHeaders =
  (route: Route, headers: Record<string, string>): Route =>
  async (ctx) => {
    const response = typeof route === 'function' ? await route(ctx) : route;
    return { ...response, headers: { ...response.headers, ...headers } };
  };
const hourly = (name: string, cacheControl: string, age?: string): FixtureSite => {
  const routes = northlightRoutes({ site: name, name: 'Hourly', signIn: true, skills: [] });
  const headers = { 'cache-control': cacheControl, ...(age ? { age } : {}) };
  return {
    name,
    summary: `poppy.json and the index with Cache-Control: ${cacheControl}`,
    routes: {
      ...routes,
      [WELL_KNOWN.poppy]: withHeaders(routes[WELL_KNOWN.poppy]!, headers),
      [WELL_KNOWN.skillIndex]: withHeaders(routes[WELL_KNOWN.skillIndex]!, headers),
    },
    expect: { verdict: 'ok', poppy: true, source: null, skills: {} },
  };
};
const hourlySite = hourly('hourly', 'public, max-age=3600', '600');
const noStore = hourly('no-store', 'no-store');

let server: FixtureServer;
let transport: Transport;
beforeAll(async () => {
  server = await startFixtureServer({ sites: [northlight, noPoppy, quietNoCache, hourlySite, noStore], https: false });
  transport = createNodeTransport({});
});
afterAll(() => server.close());

const discoveryAsked = (site: string) => server.requests.filter((r) => r.site === site && DISCOVERY.includes(r.url));
const codes = (r: { findings: { code: string }[] }) => r.findings.map((f) => f.code);

describe('discovery documents between checks', () => {
  it('are asked with their ETags; a 304 stands in the kept document and the report is the same', async () => {
    const memory = inMemorySkillMemory();
    const origin = server.origin('northlight');
    const first = await checkSite(origin, { transport, memory });
    server.clearRequests();
    const again = await checkSite(origin, { transport, memory });
    const asked = discoveryAsked('northlight');
    expect(asked.map((r) => r.url)).toEqual([WELL_KNOWN.poppy, WELL_KNOWN.skillIndex]);
    for (const r of asked) expect(r.headers['if-none-match']).toMatch(/^"[\w-]{22}"$/);
    expect(again.report.documents.map((d) => d.httpStatus)).toEqual([304, 304]);
    expect(again.report.documents.map((d) => d.bytes)).toEqual(first.report.documents.map((d) => d.bytes));
    expect(again.report.verdict).toBe(first.report.verdict);
    expect(codes(again.report)).toEqual(codes(first.report));
    expect(again.rawPoppy).toBe(first.rawPoppy);
    // Every answer said max-age=300.
    expect(again.serverFreshMs).toBe(300_000);
  });

  it('"Check again" sends no validators to the documents either', async () => {
    const memory = inMemorySkillMemory();
    const origin = server.origin('northlight');
    await checkSite(origin, { transport, memory });
    server.clearRequests();
    const again = await checkSite(origin, { transport, memory, revalidate: true });
    expect(discoveryAsked('northlight').map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined]);
    expect(again.report.documents.map((d) => d.httpStatus)).toEqual([200, 200]);
  });

  it('a site that publishes nothing and says nothing about caching: no freshness of its own', async () => {
    const { report, serverFreshMs } = await checkSite(server.origin('no-poppy'), { transport });
    expect(report.verdict).toBe('none');
    expect(serverFreshMs).toBeNull();
  });

  it("404s that say no-cache are honoured (0: the extension's own floor applies)", async () => {
    const { report, serverFreshMs } = await checkSite(server.origin('quiet-no-cache'), { transport });
    expect(report.verdict).toBe('none');
    expect(serverFreshMs).toBe(0);
  });

  it('max-age minus Age; answers that say nothing (the legacy index 404) do not shorten it', async () => {
    const { serverFreshMs } = await checkSite(server.origin('hourly'), { transport });
    expect(serverFreshMs).toBe(3_000_000);
    expect(discoveryAsked('hourly').map((r) => r.url)).toEqual(DISCOVERY);
  });

  it('no-store: the document is not kept, so the next check asks it whole', async () => {
    const memory = inMemorySkillMemory();
    const origin = server.origin('no-store');
    const first = await checkSite(origin, { transport, memory });
    expect(first.serverFreshMs).toBe(0);
    server.clearRequests();
    await checkSite(origin, { transport, memory });
    expect(discoveryAsked('no-store').find((r) => r.url === WELL_KNOWN.poppy)!.headers['if-none-match']).toBeUndefined();
  });
});
