// Every redirect hop obeys the same contact rule as the first request (D5, D10), against the real
// fixture server: an automatic check (other hosts not allowed) asks NOTHING of the host a skill,
// a sign-in document or poppy.json redirects to, and says what waits; with other hosts allowed
// (the panel open, the opt-in, the command line by default) the hops are followed and verified.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite } from '../../../utils/engine/check';
import { fetchBounded, type Transport } from '../../../utils/engine/net/fetch-bounded';
import { siteContext } from '../../../utils/engine/net/url-policy';
import { coverage, coverageWords } from '../../../utils/engine/report/coverage';
import { reportState } from '../../../utils/engine/report/state';
import { DEFAULT_LIMITS, TRUST_WELL_KNOWN, WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { REDIRECT_AWAY_SITES } from '../../fixtures/sites/redirect-away';
import { english } from '../../helpers/english';

let server: FixtureServer;
let transport: Transport;
beforeAll(async () => {
  server = await startFixtureServer({ sites: REDIRECT_AWAY_SITES });
  transport = createNodeTransport({ resolve: server.resolveMap, ca: server.caPem });
});
afterAll(() => server.close());
beforeEach(() => server.clearRequests());

/** Requests that reached the host the sites redirect to. */
const atHop = () => server.requests.filter((r) => r.site === 'skills-cdn-hop');
const hopHost = () => new URL(server.publicOrigin('skills-cdn-hop')).host;

describe('a skill URL on the visited origin that redirects to another host', () => {
  it('automatic check: not-checked, "redirects to <host>; not checked yet", and no request there', async () => {
    const origin = server.publicOrigin('redirect-away');
    const { report } = await checkSite(origin, { transport });
    expect(report.skills.map((s) => [s.name, s.status, s.notChecked, english(s.reason)])).toEqual([
      ['find-plants', 'not-checked', 'other-host', `redirects to ${hopHost()}; not checked yet`],
      ['book-garden-visit', 'not-checked', 'other-host', `redirects to ${hopHost()}; not checked yet`],
    ]);
    expect(report.skills[0]!.redirectsTo).toBe(`${server.publicOrigin('skills-cdn-hop')}/moved/find-plants/SKILL.md`);
    expect(report.skills.every((s) => s.actualDigest === null)).toBe(true);
    // The site asked for its own URLs; the other host never heard from us.
    expect(server.requests.filter((r) => r.url === '/skills/find-plants/SKILL.md')).toHaveLength(1);
    expect(atHop()).toEqual([]);
    // Our limit: counted in coverage, named in one finding, never the verdict.
    expect(report.verdict).toBe('ok');
    expect(reportState(report)).toBe('unverified');
    expect(coverage(report)).toMatchObject({ total: 2, unchecked: 2, otherHost: 2 });
    const summary = report.findings.find((f) => f.code === 'skill-not-checked');
    expect(english(summary?.message)).toBe(`2 skills on other sites (${hopHost()}) were not checked yet.`);
  });

  it('the protected-resource metadata redirecting away waits too (D10), its host named', async () => {
    const { report } = await checkSite(server.publicOrigin('redirect-away'), { transport });
    const link = report.trust!.links.find((l) => l.kind === 'protected-resource')!;
    expect([link.status, english(link.reason)]).toEqual(['not-checked', `redirects to ${hopHost()}; not checked yet`]);
    expect(report.trust!.status).toBe('not-checked');
    const waiting = report.findings.find((f) => f.code === 'trust-not-checked');
    expect(english(waiting?.message)).toBe(`1 sign-in document on ${hopHost()} was not checked yet.`);
    expect(atHop()).toEqual([]);
  });

  it('other hosts allowed (panel open, opt-in, command line): the hops are followed and verify', async () => {
    const { report } = await checkSite(server.publicOrigin('redirect-away'), { transport, mayContact: () => true });
    expect(report.skills.map((s) => [s.name, s.status])).toEqual([
      ['find-plants', 'verified'],
      ['book-garden-visit', 'verified'],
    ]);
    expect(report.trust?.status).toBe('verified');
    expect(report.verdict).toBe('ok');
    expect(atHop().map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/moved/find-plants/SKILL.md',
        '/moved/book-garden-visit/SKILL.md',
        '/moved/redirect-away/oauth-protected-resource',
      ]),
    );
  });

  it('is one rule: a caller allowing only some origins gets exactly those hops', async () => {
    const hop = server.publicOrigin('skills-cdn-hop');
    const asked: string[] = [];
    const mayContact = (origin: string) => (asked.push(origin), origin === hop);
    const url = `${server.publicOrigin('redirect-away')}/skills/find-plants/SKILL.md`;
    const options = {
      kind: 'skill-md',
      site: siteContext(server.publicOrigin('redirect-away')),
      transport,
      limits: DEFAULT_LIMITS,
    } as const;
    expect(await fetchBounded(url, { ...options, mayContact })).toMatchObject({ ok: true, status: 200, redirected: true });
    expect(asked).toEqual([hop]);
    server.clearRequests();
    const refused = await fetchBounded(url, { ...options, mayContact: () => false });
    expect(refused).toMatchObject({ ok: false, reason: 'not-contacted', redirected: true, elsewhere: `${hop}/moved/find-plants/SKILL.md` });
    expect(atHop()).toEqual([]);
    // A transport that follows by itself has made the hop already: its bytes still never count.
    const following = await fetchBounded(url, { ...options, transport: { ...transport, manualRedirects: false }, mayContact: () => false });
    expect(following).toMatchObject({ ok: false, reason: 'not-contacted', elsewhere: `${hop}/moved/find-plants/SKILL.md` });
  });
});

describe('poppy.json on the visited origin that redirects to another host', () => {
  it('automatic check: not followed, and the report says so without blaming the site', async () => {
    const origin = server.publicOrigin('redirect-away-docs');
    const { report } = await checkSite(origin, { transport });
    expect(atHop()).toEqual([]);
    expect(report.poppy).toBeNull();
    const poppy = report.documents.find((d) => d.kind === 'poppy')!;
    expect(poppy).toMatchObject({
      published: false,
      absent: false,
      redirectsTo: `${server.publicOrigin('skills-cdn-hop')}/moved/redirect-away-docs/poppy.json`,
    });
    const said = report.findings.find((f) => f.code === 'redirect-not-followed')!;
    expect([said.severity, said.ourLimit, english(said.message)]).toEqual([
      'info',
      true,
      `\`${origin}${WELL_KNOWN.poppy}\` redirects to ${hopHost()}; the redirect was not followed yet: automatic checks contact only this site.`,
    ]);
    expect(report.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    // Not "could not check": it waits for the panel, like a skill on another host.
    expect(reportState(report)).toBe('unverified');
    expect(coverageWords(coverage(report)).map(english)).toEqual([
      'A document of this site redirects to another site and was not read yet.',
    ]);
  });

  it('other hosts allowed: followed, read, and its skills verified', async () => {
    const { report } = await checkSite(server.publicOrigin('redirect-away-docs'), { transport, mayContact: () => true });
    expect(report.poppy).not.toBeNull();
    expect(report.skills.map((s) => [s.name, s.status])).toEqual([
      ['find-plants', 'verified'],
      ['book-garden-visit', 'verified'],
    ]);
    expect(reportState(report)).toBe('verified');
    expect(atHop().map((r) => r.url)).toContain('/moved/redirect-away-docs/poppy.json');
    expect(server.requests.some((r) => r.site === 'redirect-away-docs' && r.url === TRUST_WELL_KNOWN.issuerMetadata)).toBe(true);
  });
});
