/**
 * The hostile cases in Firefox ESR on public-looking https origins. Firefox follows redirects
 * itself too, and (measured here) its declarativeNetRequest session rules do apply to the
 * extension's own background fetches and their redirect hops, so the same guard works. Signed in
 * with a domain-wide cookie, the extension checks the redirect and loopback sites and the hostile
 * Markdown: no refused target is reached, nothing identifies the person, the canary hears nothing.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARD_PATTERNS, GUARD_RULE_IDS } from '../../../utils/extension/network-guard';
import { loopbackLiterals } from '../../fixtures/hostile/blocked-urls';
import { HOSTILE_SITES } from '../../fixtures/hostile/index';
import { TRIPWIRE } from '../../fixtures/hostile/kit';
import { redirects } from '../../fixtures/hostile/redirects';
import { markup } from '../../fixtures/hostile/skill-content';
import type { FixtureServer, RecordedRequest } from '../../fixtures/server';
import { publicDomain } from '../../fixtures/site';
import { canaryLinks } from '../hostile-sites/canary-links';
import { cutOff } from '../hostile-sites/cut-off';
import { LAN_HOST, REDIRECT_STATUS_LABELS, REDIRECT_STATUS_SITE } from '../hostile-sites/redirect-statuses';
import { SESSION_COOKIE, SESSION_SITE } from '../hostile-sites/session';
import { extensionRequests } from '../harness/expected';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';
import { canaryHits, leaks, READ_SESSION_RULES, refusedTargetsReached, startHostileServer, visibleText } from '../harness/hostile';
import { settledPanel, statuses } from '../harness/panel';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: FirefoxSession;

beforeAll(async () => {
  server = await startHostileServer([canaryLinks, cutOff]);
  const names = [
    ...[...HOSTILE_SITES.map((s) => s.name), REDIRECT_STATUS_SITE, SESSION_SITE, canaryLinks.name, cutOff.name].map(publicDomain),
    LAN_HOST,
  ];
  browser = await launchFirefox({ publicNames: names });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function check(site: string): Promise<{ panel: Page; snapshot: Awaited<ReturnType<typeof settledPanel>> }> {
  const { tabId } = await browser.visit(`${server.publicOrigin(site)}/`);
  const panel = await browser.openPanel(tabId);
  return { panel, snapshot: await settledPanel(panel) };
}

/** Node's statuses: redirects are manual, and Firefox shows every redirect's head (`javascript:`
 *  included), so the engine judges each hop before it is requested. */
const REDIRECT_STATUSES = redirects.expect.skills;

describe('hostile sites in Firefox', () => {
  it('installs the guard rules for its own moz-extension host', async () => {
    const rules = await waitFor(
      async () => (await browser.inExtension(READ_SESSION_RULES)) as { id: number; regexFilter: string; initiatorDomains: string[] }[],
      (r) => r.length === GUARD_RULE_IDS.length,
      { what: 'the guard rules' },
    );
    expect(rules.map((r) => r.regexFilter).sort()).toEqual([...GUARD_PATTERNS].sort());
    expect(new Set(rules.flatMap((r) => r.initiatorDomains))).toEqual(new Set([browser.uuid]));
  });

  it('blocks redirects to loopback and loopback URLs, and sends nothing identifying', async () => {
    const login = await browser.visit(`${server.publicOrigin(SESSION_SITE)}/login`);
    await login.page.goto(`${server.publicOrigin(redirects.name)}/`);
    const pageLoad = server.requests.findLast((r) => r.host.startsWith(`${redirects.name}.`) && r.url === '/');
    expect(pageLoad?.headers.cookie, 'the cookie reaches page loads').toContain(SESSION_COOKIE);

    const statusSite = await check(REDIRECT_STATUS_SITE);
    expect(statuses(statusSite.snapshot)).toEqual(Object.fromEntries(REDIRECT_STATUS_LABELS.map((l) => [l, 'blocked'])));
    expect(await visibleText(statusSite.panel)).toContain('points at this computer');
    expect(statuses((await check(redirects.name)).snapshot)).toEqual(REDIRECT_STATUSES);
    expect(statuses((await check(loopbackLiterals.name)).snapshot)).toEqual(loopbackLiterals.expect.skills);
    expect(statuses((await check(SESSION_SITE)).snapshot)).toEqual({ 'open-skill': 'verified', 'private-skill': 'unreachable' });

    // Firefox upgrades the plain-http hop to https on the same public host before any rule sees
    // it (HTTPS-First): that one request arrives, encrypted, at the site that sent the redirect.
    // Its status is still `blocked`; an http hop to a private host is upgraded and then stopped.
    const upgraded = (r: RecordedRequest) =>
      r.scheme === 'https' && r.host.startsWith(`${redirects.name}.`) && r.url === `${TRIPWIRE}to-plain-http`;
    expect(server.requests.filter((r) => r.url.startsWith(TRIPWIRE) && !upgraded(r))).toEqual([]);
    expect(refusedTargetsReached(extensionRequests(server)).filter((r) => !upgraded(r))).toEqual([]);
    expect(extensionRequests(server).filter((r) => r.host.startsWith(`${SESSION_SITE}.`)).length).toBeGreaterThanOrEqual(4);
    expect(leaks(server)).toEqual([]);
  });

  it.each([markup.name, canaryLinks.name])('%s: the expanded skills reach nothing and run nothing', async (site) => {
    const dialogs: string[] = [];
    const { panel, snapshot } = await check(site);
    panel.on('dialog', (d) => void dialogs.push(d.message()));
    expect(snapshot.verdict).toBe('ok');
    const expanded = (await panel.evaluate(`(() => {
      const summaries = Array.from(document.querySelectorAll('details.skill-body > summary'));
      summaries.forEach((s) => s.click());
      return summaries.length;
    })()`)) as number;
    expect(expanded).toBe(snapshot.skills.length);
    await waitFor(
      () => panel.evaluate(`Array.from(document.querySelectorAll('details.skill-body')).every((d) => d.querySelector('.markdown'))`),
      (ready) => ready === true,
      { what: 'every skill body to load' },
    );
    for (const element of await panel.$$('#app .url, #app .markdown code, #app .company-text')) await element.click();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(canaryHits(server)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(
      await panel.evaluate(`document.querySelectorAll('#app script, #app iframe, #app object, #app embed, #app img, #app frame').length`),
    ).toBe(0);
    const links = (await panel.evaluate(
      `Array.from(document.querySelectorAll('#app .markdown a')).map((a) => [a.getAttribute('href'), a.querySelector('.link-target')?.textContent])`,
    )) as [string, string][];
    for (const [href, target] of links) expect(target).toBe(href);
    expect(links.length).toBe(site === canaryLinks.name ? 3 : 0);
  });

  it('a verified skill that asks what no skill may: its row shows the lens lines and passages (D12)', async () => {
    const { panel, snapshot } = await check('h-lens-asks');
    expect(snapshot.verdict).toBe('warnings');
    const row = await panel.$eval('[data-skill="refund-order"] .skill-lens', (el) => ({
      state: (el as HTMLElement).dataset.lens,
      lines: [...el.querySelectorAll<HTMLElement>('[data-lens-line]')].map((l) => l.dataset.lensLine),
      links: el.querySelectorAll('a').length,
    }));
    expect(row.state).toBe('asks');
    expect(row.lines).toEqual(expect.arrayContaining(['credentials', 'approval', 'hidden-comment', 'runs-commands', 'other-host']));
    expect(row.links).toBe(0);
    expect(await visibleText(panel)).toMatch(/What this skill asks of an agent/);
    expect(await panel.$eval('[data-skill="find-flowers"] .skill-lens', (el) => (el as HTMLElement).dataset.lens)).toBe('clear');
    await panel.close();
  });

  it('a skill file cut off after its head: unreachable, and the reason says the answer was being read', async () => {
    const { panel, snapshot } = await check(cutOff.name);
    expect(statuses(snapshot)).toEqual(cutOff.expect.skills);
    expect(await visibleText(panel)).toMatch(/reading the answer failed partway through \(/);
  });
});
