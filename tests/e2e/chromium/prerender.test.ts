/**
 * The badge is always the tab's own (docs/security.md) while speculation rules prerender another
 * store's page in the tab: the prerendered page runs its scripts, ours included, before anyone
 * goes there, so it is neither a visit nor a reason to contact its site; once the tab shows it,
 * it is both. Driven through Puppeteer (tests/e2e/harness/chromium-untraced.ts): under
 * Playwright, Chromium does not prerender at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../../fixtures/server';
import { AWAY_SITE, awaySite, HOME_SITE, homeSite, PAGE_PATHS } from '../hostile-sites/page-kinds';
import { launchUntracedChromium, type UntracedChromium } from '../harness/chromium-untraced';
import { expectedBadge } from '../harness/expected';
import { startHostileServer } from '../harness/hostile';
import { settledBadge } from '../harness/panel';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: UntracedChromium;

beforeAll(async () => {
  server = await startHostileServer([homeSite, awaySite]);
  browser = await launchUntracedChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const homeRequests = (path: string) => server.requests.filter((r) => r.site === HOME_SITE && r.url.split('?')[0]!.startsWith(path));

describe('a page prerendered in the tab (Chromium)', () => {
  it("keeps the shown page's badge and contacts nobody until the tab shows it, then checks its site", async () => {
    const { page, tabId } = await browser.visit(`${server.publicOrigin(AWAY_SITE)}${PAGE_PATHS.speculate}`);
    const awayBadge = expectedBadge(awaySite.expect);
    expect(await settledBadge(browser, tabId, awayBadge)).toBe(awayBadge);

    // The other store's page was prerendered and has loaded, its scripts run, unseen.
    await waitFor(
      () => homeRequests(PAGE_PATHS.seen).map((r) => r.url),
      (urls) => urls.includes(`${PAGE_PATHS.seen}?prerendering=true`),
      { what: 'the prerendered page to load' },
    );
    expect(homeRequests(PAGE_PATHS.page).map((r) => r.headers['sec-purpose'])).toEqual(['prefetch;prerender']);
    // A moment for a report that must not come: the badge is the shown page's, its site untouched.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await browser.badge(tabId)).toBe(awayBadge);
    expect(homeRequests('/.well-known/')).toEqual([]);

    // Shown: the prerendered page is activated (not loaded again), and its site is checked.
    await page.click('#go');
    const homeBadge = expectedBadge(homeSite.expect);
    expect(await settledBadge(browser, tabId, homeBadge)).toBe(homeBadge);
    expect(await browser.tabUrl(tabId)).toBe(`${server.publicOrigin(HOME_SITE)}${PAGE_PATHS.page}`);
    expect(homeRequests(PAGE_PATHS.page)).toHaveLength(1);
    expect(homeRequests('/.well-known/poppy.json')).toHaveLength(1);
  });
});
