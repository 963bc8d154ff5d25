/**
 * The badge is always the tab's own in Firefox too (docs/security.md): a page served as text/plain, a
 * PDF (Firefox's own viewer), and pages restored from the back/forward cache, going back and
 * forward between two stores with different badges; each page counts its restores in its DOM. Firefox has no speculation-rules prerender.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../../fixtures/server';
import { publicDomain } from '../../fixtures/site';
import { AWAY_SITE, awaySite, HOME_SITE, homeSite, PAGE_PATHS } from '../hostile-sites/page-kinds';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';
import { expectedBadge } from '../harness/expected';
import { startHostileServer } from '../harness/hostile';
import { settledBadge, settledPanel, statuses } from '../harness/panel';
import { waitFor } from '../harness/wait';

const HOME_BADGE = expectedBadge(homeSite.expect);
const AWAY_BADGE = expectedBadge(awaySite.expect);
const RESTORES = 'Number(document.documentElement.dataset.restored ?? 0)';
let server: FixtureServer;
let browser: FirefoxSession;
const home = (path: string) => `${server.publicOrigin(HOME_SITE)}${path}`;
const away = (path: string) => `${server.publicOrigin(AWAY_SITE)}${path}`;

beforeAll(async () => {
  server = await startHostileServer([homeSite, awaySite]);
  browser = await launchFirefox({ publicNames: [HOME_SITE, AWAY_SITE].map(publicDomain) });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** history.back()/forward() from the page: a restore fires no load event for the driver to wait on. */
async function traverse(page: Page, step: 'back' | 'forward', to: string): Promise<void> {
  await page.evaluate(`history.${step}()`);
  await waitFor(
    () => page.evaluate("document.readyState === 'loading' ? null : location.href"),
    (href) => href === to,
    { what: `history.${step}() to reach ${to}` },
  );
}

describe("each tab shows its own site's badge (Firefox)", () => {
  it("on a text/plain page, and on a PDF in its own viewer (no badge, the panel on the PDF's site)", async () => {
    const tab = await browser.visit(away(PAGE_PATHS.page));
    expect(await settledBadge(browser, tab.tabId, AWAY_BADGE)).toBe(AWAY_BADGE);
    await tab.page.goto(home(PAGE_PATHS.text));
    expect(await settledBadge(browser, tab.tabId, HOME_BADGE)).toBe(HOME_BADGE);
    await tab.page.goto(away(PAGE_PATHS.page));
    expect(await settledBadge(browser, tab.tabId, AWAY_BADGE)).toBe(AWAY_BADGE);

    // Firefox runs no extension script in its PDF viewer, so nothing reports the visit: the
    // navigation cleared the other store's badge and nothing else is shown; the panel, which
    // asks the browser what the tab shows, is about the PDF's site.
    await tab.page.goto(home(PAGE_PATHS.pdf));
    expect(await browser.badge(tab.tabId)).toBe('');
    const panel = await browser.openPanel(tab.tabId);
    expect(statuses(await settledPanel(panel, 30_000))).toEqual(homeSite.expect.skills);
    await panel.close();
    expect(await settledBadge(browser, tab.tabId, HOME_BADGE)).toBe(HOME_BADGE);
  });

  it('on pages restored from the back/forward cache', async () => {
    const tab = await browser.visit(home(PAGE_PATHS.page));
    const first = (await tab.page.evaluate('location.href')) as string;
    expect(await settledBadge(browser, tab.tabId, HOME_BADGE)).toBe(HOME_BADGE);
    await tab.page.goto(away(PAGE_PATHS.page));
    expect(await settledBadge(browser, tab.tabId, AWAY_BADGE)).toBe(AWAY_BADGE);
    await traverse(tab.page, 'back', first);
    expect(await settledBadge(browser, tab.tabId, HOME_BADGE)).toBe(HOME_BADGE);
    // Firefox keeps its cache through our checks: even this first step back is a restore.
    expect(await tab.page.evaluate(RESTORES)).toBe(1);
    await traverse(tab.page, 'forward', away(PAGE_PATHS.page));
    expect(await settledBadge(browser, tab.tabId, AWAY_BADGE)).toBe(AWAY_BADGE);
    expect(await tab.page.evaluate(RESTORES)).toBe(1);
    await traverse(tab.page, 'back', first);
    expect(await settledBadge(browser, tab.tabId, HOME_BADGE)).toBe(HOME_BADGE);
    expect(await tab.page.evaluate(RESTORES)).toBe(2);
  });
});
