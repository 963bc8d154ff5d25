// A computer that resolves no other host (offline, a sandbox without DNS): said once, as our
// limit, instead of "does not resolve" against the site per file. The real Node transport, its
// pins covering only the fixture sites: every other name goes to the system resolver and fails
// (`.test` names never resolve, online or not: RFC 6761).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite } from '../../../utils/engine/check';
import { OFFLINE_MIN_HOSTS } from '../../../utils/engine/check/offline';
import type { Transport } from '../../../utils/engine/net/fetch-bounded';
import { coverage } from '../../../utils/engine/report/coverage';
import { reportState } from '../../../utils/engine/report/state';
import { TRUST_WELL_KNOWN, WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { indexEntry, json, skillFile, skillRoutes, type FixtureSite } from '../../fixtures/site';
import { basicPoppy } from '../../fixtures/stores/basic';
import { allInEnglish, english } from '../../helpers/english';

const skill = (name: string) => skillFile({ name, description: `Skill ${name}.`, body: `# ${name}\n` });
const here = skill('here');
const farA = skill('far-a');
const farB = skill('far-b');
const AUTH = 'https://auth.offline-one.poppy.test';
const CDN = 'https://cdn.offline-two.poppy.test';

/** A store whose issuer and two skills live on hosts that do not resolve; one skill is its own. */
function store(
  name: string,
  entries: (self: string, originOf: (site: string) => string) => ReturnType<typeof indexEntry>[],
  issuer: string | null,
): FixtureSite {
  return {
    name,
    summary: 'Offline: other hosts do not resolve.',
    routes: {
      [WELL_KNOWN.poppy]: (ctx) => {
        const poppy = basicPoppy(ctx, name, name, entries(ctx.self, ctx.originOf));
        return json(issuer === null ? { ...poppy, auth: undefined } : { ...poppy, auth: { ...poppy.auth, issuer } });
      },
      [TRUST_WELL_KNOWN.protectedResource]: ({ self }) => json({ resource: self, authorization_servers: [issuer] }),
      ...skillRoutes('/skills/', [here]),
    },
    expect: { verdict: 'ok', poppy: true, source: 'poppy', skills: {} },
  };
}

const offline = store(
  'offline-store',
  (self) => [
    indexEntry(here, `${self}/skills/here/SKILL.md`),
    indexEntry(farA, `${CDN}/far-a/SKILL.md`),
    indexEntry(farB, `${CDN}/far-b/SKILL.md`),
  ],
  AUTH,
);
const oneHost = store(
  'offline-one-host',
  (self) => [indexEntry(here, `${self}/skills/here/SKILL.md`), indexEntry(farA, `${CDN}/far-a/SKILL.md`)],
  null,
);
const mixed = store(
  'offline-mixed',
  (self, originOf) => [indexEntry(farA, `${CDN}/far-a/SKILL.md`), indexEntry(farB, `${originOf('offline-cdn')}/far-b/SKILL.md`)],
  AUTH,
);
const cdn: FixtureSite = {
  name: 'offline-cdn',
  summary: 'Answers 404 to everything.',
  routes: {},
  expect: { verdict: 'none', poppy: false, source: null, skills: {} },
};

let server: FixtureServer;
let transport: Transport;
beforeAll(async () => {
  server = await startFixtureServer({ sites: [offline, oneHost, mixed, cdn] });
  transport = createNodeTransport({ resolve: server.resolveMap, ca: server.caPem });
});
afterAll(() => server.close());

const check = async (site: string) => (await checkSite(server.publicOrigin(site), { transport, mayContact: () => true })).report;

describe('offline: no other host resolves and none answers', () => {
  it('one info finding names the hosts; their skills and sign-in documents are not checked, the verdict unmoved', async () => {
    const report = await check('offline-store');
    expect(report.verdict).toBe('ok');
    expect(reportState(report)).toBe('unverified');
    expect(report.skills.map((s) => [s.name, s.status, s.notChecked])).toEqual([
      ['here', 'verified', undefined],
      ['far-a', 'not-checked', 'offline'],
      ['far-b', 'not-checked', 'offline'],
    ]);
    const findings = allInEnglish(report.findings);
    expect(findings.filter((f) => f.code === 'offline')).toEqual([
      expect.objectContaining({
        severity: 'info',
        ourLimit: true,
        message: `This computer appears to be offline: no other host's name resolved (${new URL(AUTH).host} and ${new URL(CDN).host}), and none answered. 3 files there (skills and sign-in documents) were not checked; that is not the site's error.`,
      }),
    ]);
    // Nothing blames the site, and nothing offers "open the panel" for what the network lost.
    expect(findings.some((f) => /^(skill-unreachable|trust-unreachable|trust-not-checked)$/.test(f.code))).toBe(false);
    expect(findings.some((f) => /does not resolve/.test(f.message))).toBe(false);
    expect(english(report.skills[1]!.reason)).toBe(
      `not checked: ${new URL(CDN).host} did not resolve, and this computer appears to be offline`,
    );
    expect(report.trust!.status).toBe('not-checked');
    expect(report.trust!.links.map((l) => l.status)).toEqual(['not-checked', 'verified']);
    expect(coverage(report)).toMatchObject({ unchecked: 2, offline: 2, trustUnchecked: true });
  });

  it(`one other host that does not resolve is the site's to fix: fewer than ${OFFLINE_MIN_HOSTS} hosts is no evidence of offline`, async () => {
    const report = await check('offline-one-host');
    expect(report.verdict).toBe('errors');
    expect(report.skills.find((s) => s.name === 'far-a')!.status).toBe('unreachable');
    const codes = report.findings.map((f) => f.code);
    expect(codes).toContain('skill-unreachable');
    expect(codes).not.toContain('offline');
  });

  it("another host answered: online, so the names that do not resolve are the site's errors", async () => {
    const report = await check('offline-mixed');
    expect(report.verdict).toBe('errors');
    const codes = report.findings.map((f) => f.code);
    expect(codes).not.toContain('offline');
    expect(codes).toContain('trust-unreachable');
    expect(report.skills.map((s) => s.status)).toEqual(['unreachable', 'unreachable']);
  });
});
