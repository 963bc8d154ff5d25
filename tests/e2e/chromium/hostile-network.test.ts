/**
 * What a hostile public site can make the extension send, read from the fixture server's log.
 * Signed in to every `*.poppy.test` host (a domain-wide cookie and Basic credentials), the
 * extension checks sites whose skill URLs name loopback in every spelling and private hosts, and
 * whose files redirect (301/302/307) to loopback over https and http. Chromium follows redirects
 * itself; only the network guard's session rules keep those hops from being requested.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARD_PATTERNS, GUARD_RULE_IDS } from '../../../utils/extension/network-guard';
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { blockedUrls, loopbackLiterals } from '../../fixtures/hostile/blocked-urls';
import { SKILLS_DIR, TRIPWIRE } from '../../fixtures/hostile/kit';
import { redirectDocs, redirects } from '../../fixtures/hostile/redirects';
import type { FixtureServer } from '../../fixtures/server';
import { REDIRECT_STATUS_LABELS, REDIRECT_STATUS_SITE } from '../hostile-sites/redirect-statuses';
import { BASIC_PASSWORD, BASIC_USER, SESSION_COOKIE, SESSION_SITE, session } from '../hostile-sites/session';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { extensionRequests, pragmaByKind } from '../harness/expected';
import { leaks, READ_SESSION_RULES, refusedTargetsReached, shownFindings, startHostileServer } from '../harness/hostile';
import { statuses, visitAndCheck } from '../harness/panel';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startHostileServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Rule {
  id: number;
  action: string;
  regexFilter: string;
  initiatorDomains: string[];
}

const sessionRules = async () => (await (await browser.worker()).evaluate(READ_SESSION_RULES)) as Rule[];

const check = (url: string) => visitAndCheck(browser, url);

/**
 * Where Chromium's outcome differs from Node's (redirects are manual in both, and the engine
 * judges each hop before it is requested): Chromium fails a manual redirect to another scheme
 * (`javascript:`, net::ERR_UNSAFE_REDIRECT) without showing where it pointed, so it is a plain
 * network error there. Nothing is requested either way.
 */
const BROWSER_STATUSES: Record<string, Record<string, string>> = {
  [redirects.name]: { ...redirects.expect.skills, 'to-javascript': 'unreachable' },
};

describe('network guard in Chromium', () => {
  it('installs one block rule per pattern for our own requests at start', async () => {
    const rules = await waitFor(sessionRules, (r) => r.length === GUARD_RULE_IDS.length, { what: 'the guard rules' });
    expect(rules.map((r) => r.id).sort((a, b) => a - b)).toEqual(GUARD_RULE_IDS);
    expect(rules.map((r) => r.regexFilter).sort()).toEqual([...GUARD_PATTERNS].sort());
    expect(new Set(rules.map((r) => `${r.action} ${r.initiatorDomains.join()}`))).toEqual(new Set([`block ${browser.extensionId}`]));
  });

  it('signs in with a domain-wide cookie and Basic credentials that page loads do carry', async () => {
    const origin = server.publicOrigin(SESSION_SITE);
    const { page } = await browser.visit(`${origin}/login`);
    const withUser = new URL(`${origin}/private/`);
    withUser.username = BASIC_USER;
    withUser.password = BASIC_PASSWORD;
    await page.goto(withUser.href);
    expect(await page.textContent('body')).toContain('Signed in with Basic credentials');
    // Positive control: the log does show these headers when the browser sends them.
    await page.goto(`${server.publicOrigin(redirects.name)}/`);
    const pageLoads = server.requests.filter((r) => r.headers['sec-fetch-dest'] === 'document');
    expect(pageLoads.at(-1)?.headers.cookie).toContain(SESSION_COOKIE);
    expect(pageLoads.some((r) => r.headers.authorization?.startsWith('Basic '))).toBe(true);
  });

  it.each([
    loopbackLiterals,
    blockedUrls,
    redirects,
    redirectDocs,
    {
      name: REDIRECT_STATUS_SITE,
      expect: { verdict: 'errors', skills: Object.fromEntries(REDIRECT_STATUS_LABELS.map((l) => [l, 'blocked'])) },
    },
    session,
  ])('reports $name with the statuses the policy gives and requests no refused target', async (site) => {
    const since = server.requests.length;
    const { panel, snapshot } = await check(`${server.publicOrigin(site.name)}/`);
    expect(snapshot.verdict).toBe(site.expect.verdict);
    expect(statuses(snapshot)).toEqual(BROWSER_STATUSES[site.name] ?? site.expect.skills);
    for (const skill of snapshot.skills.filter((s) => s.status === 'blocked'))
      expect(skill.text).toMatch(/points at|leaving https|scheme|plain http|user name|single-label|local network/);
    expect((await shownFindings(panel)).filter((f) => f.visible).length).toBeGreaterThan(0);
    expect(refusedTargetsReached(extensionRequests(server, since))).toEqual([]);
  });

  it('shows each redirecting request in the log and never its target', () => {
    const redirecting = (site: string, labels: readonly string[]) =>
      labels.map((label) => server.requests.find((r) => r.host.startsWith(`${site}.`) && r.url === `${SKILLS_DIR}${label}/SKILL.md`)?.url);
    const labels = REDIRECT_STATUS_LABELS;
    expect(redirecting(REDIRECT_STATUS_SITE, labels)).toEqual(labels.map((l) => `${SKILLS_DIR}${l}/SKILL.md`));
    const docs = [WELL_KNOWN.poppy, WELL_KNOWN.skillIndex];
    expect(docs.map((path) => server.requests.some((r) => r.host.startsWith(`${redirectDocs.name}.`) && r.url === path))).toEqual([
      true,
      true,
    ]);
    expect(server.requests.filter((r) => r.url.startsWith(TRIPWIRE))).toEqual([]);
  });

  it('sent no cookie, credentials, referrer or session header on any request of ours', () => {
    const ours = extensionRequests(server);
    expect(ours.filter((r) => r.host.startsWith(`${SESSION_SITE}.`)).length).toBeGreaterThanOrEqual(4);
    expect(leaks(server)).toEqual([]);
    expect(pragmaByKind(ours)).toEqual({ skillFiles: ['no-cache'], documents: [''] });
    console.log(`hostile-network: ${ours.length} extension requests checked for identifying headers`);
  });

  it('lifts the rules for a local site (D5), whose loopback URLs are then fetched, and puts them back', async () => {
    const since = server.requests.length;
    const { snapshot } = await check(`${server.origin(loopbackLiterals.name)}/`);
    expect(snapshot.skills.some((s) => s.status === 'blocked')).toBe(false);
    // The positive control of the log: these reach the server when nothing stops them.
    expect(server.requests.slice(since).filter((r) => r.url.startsWith(TRIPWIRE)).length).toBeGreaterThan(0);
    expect((await waitFor(sessionRules, (r) => r.length === GUARD_RULE_IDS.length, { what: 'the rules back' })).length).toBe(
      GUARD_RULE_IDS.length,
    );
  });
});
