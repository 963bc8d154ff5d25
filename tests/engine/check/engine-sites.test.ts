// The engine against every fixture site, in all three flavours: a local IP origin, a
// *.localhost name, and a public-looking https origin where the real public URL policy applies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite } from '../../../utils/engine/check';
import type { Transport } from '../../../utils/engine/net/fetch-bounded';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { ALL_SITES } from '../../fixtures/sites/index';
import { allInEnglish, english } from '../../helpers/english';

let server: FixtureServer;
let transport: Transport;
beforeAll(async () => {
  server = await startFixtureServer();
  transport = createNodeTransport({ resolve: server.resolveMap, ca: server.caPem });
});
afterAll(() => server.close());

const flavours = ['origin', 'localhostOrigin', 'publicOrigin'] as const;
// The CDN sites only host files for second-origin; they are not checked as sites of their own.
const checkedSites = ALL_SITES.filter((s) => !s.name.startsWith('skills-cdn'));
const cases = checkedSites.flatMap((site) => flavours.map((flavour) => [site.name, flavour, site] as const));

describe('checkSite on every fixture site', () => {
  it.each(cases)('%s via %s gives the expected verdict and statuses', async (_name, flavour, site) => {
    const origin = server[flavour](site.name);
    const { report, rawPoppy } = await checkSite(origin, { transport, mayContact: () => true });
    expect(report.target).toBe(origin);
    expect(report.local).toBe(flavour !== 'publicOrigin');
    expect(Object.fromEntries(report.skills.map((s) => [s.name, s.status]))).toEqual(site.expect.skills);
    expect(report.verdict).toBe(site.expect.verdict);
    expect(report.poppy !== null).toBe(site.expect.poppy);
    expect(rawPoppy !== null).toBe(site.expect.poppy);
    if (site.expect.source) expect(new Set(report.skills.map((s) => s.source))).toEqual(new Set([site.expect.source]));
    for (const f of allInEnglish(report.findings)) {
      expect(f.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.message.length).toBeGreaterThan(0);
      expect(f.hint.length).toBeGreaterThan(0);
    }
  });
});

describe('the raw documents a check returns', () => {
  it('keeps the stand-alone index as served, by the URL asked, beside poppy.json', async () => {
    const origin = server.origin('northlight');
    const { rawDocuments } = await checkSite(origin, { transport, mayContact: () => true });
    const served = await (await fetch(`${origin}/.well-known/agent-skills/index.json`)).text();
    expect(rawDocuments).toEqual([{ url: `${origin}/.well-known/agent-skills/index.json`, text: served }]);
    expect(served).toContain('"skills"');
  });
});

describe('what a check reports in detail', () => {
  it('Northlight over https: domain matches, no errors or warnings, verified digests equal the published ones', async () => {
    const { report } = await checkSite(server.publicOrigin('northlight'), { transport, mayContact: () => true });
    expect(report.poppy?.organization).toEqual({ name: 'Northlight Flowers', domain: 'northlight.poppy.test', domainMatches: true });
    expect(report.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    for (const s of report.skills) {
      expect(s.actualDigest).toBe(s.expectedDigest);
      expect(s.frontmatter?.name).toBe(s.name);
    }
    expect(report.poppy?.signInTypes.map((s) => s.type)).toEqual(['direct', 'device']);
    expect(report.poppy?.apis.map((a) => a.type)).toEqual(['openapi', 'mcp']);
    expect(report.poppy?.excludedTasks.length).toBeGreaterThan(0);
  });

  it('the stale copy: a mismatch error with both digests, the other skills verified', async () => {
    const { report } = await checkSite(server.publicOrigin('northlight-stale'), { transport, mayContact: () => true });
    const stale = report.skills.find((s) => s.name === 'change-flower-delivery')!;
    expect(stale.status).toBe('mismatch');
    expect(stale.expectedDigest).not.toBe(stale.actualDigest);
    expect(stale.actualDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(stale.frontmatter).toBeUndefined();
    // A verified file's first heading is its human title; a changed file is never read for one (D3).
    expect(stale.title).toBeUndefined();
    expect(report.skills.find((s) => s.name === 'check-flower-order')?.title).toBe('Check a flower order');
    const mismatch = report.findings.find((f) => f.code === 'digest-mismatch')!;
    expect(mismatch.severity).toBe('error');
    expect(mismatch.path).toMatch(/\.digest$/);
    expect(english(mismatch.message)).toContain(stale.actualDigest!);
  });

  it('automatic checks contact only the visited origin; other hosts stay not-checked', async () => {
    server.clearRequests();
    const { report } = await checkSite(server.publicOrigin('second-origin'), { transport });
    expect(report.skills.every((s) => s.status === 'not-checked')).toBe(true);
    expect(report.findings.map((f) => f.code)).toContain('skill-not-checked');
    expect(new Set(server.requests.map((r) => r.site))).toEqual(new Set(['second-origin']));
  });

  it('no request carries a cookie, authorization, referrer or origin-revealing header', async () => {
    server.clearRequests();
    await checkSite(server.publicOrigin('northlight'), { transport, mayContact: () => true });
    expect(server.requests.length).toBeGreaterThanOrEqual(5);
    for (const r of server.requests) {
      expect(r.headers.cookie).toBeUndefined();
      expect(r.headers.authorization).toBeUndefined();
      expect(r.headers.referer).toBeUndefined();
    }
  });

  it('fetches each artifact once even when both indexes list it', async () => {
    server.clearRequests();
    await checkSite(server.origin('northlight'), { transport, mayContact: () => true });
    const skillGets = server.requests.filter((r) => r.url.endsWith('/SKILL.md')).map((r) => r.url);
    expect(skillGets.sort()).toEqual([...new Set(skillGets)].sort());
    expect(skillGets).toHaveLength(3);
  });

  it('reports an unreachable site instead of throwing', async () => {
    const { report } = await checkSite('http://127.0.0.1:9', { transport });
    expect(report.verdict).toBe('errors');
    expect(report.findings[0]?.code).toBe('site-unreachable');
  });

  it.each([['ftp://example.com'], ['not a url at all ::']])('refuses %s with a finding', async (target) => {
    const { report } = await checkSite(target, { transport });
    expect(report.findings.map((f) => f.code)).toEqual(['unsupported-url']);
  });
});
