/**
 * The badge is always the tab's own (docs/security.md), whatever kind of page the tab shows: a page
 * served as text/plain, a PDF, and pages restored from the back/forward cache, going back and
 * forward between two stores with different badges (3 and 1 skills). Each page records in its
 * DOM whether the cache restored it, so the restores are known to have happened.
 * Prerendered pages: prerender.test.ts (driven through Puppeteer: Chromium will not prerender in
 * a tab Playwright drives, PrerenderingDisabledByDevTools).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../../fixtures/server';
import { AWAY_SITE, awaySite, HOME_SITE, homeSite, PAGE_PATHS } from '../hostile-sites/page-kinds';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { expectedBadge } from '../harness/expected';
import { READ_SESSION_RULES, startHostileServer } from '../harness/hostile';
import { settledBadge } from '../harness/panel';

const HOME_BADGE = expectedBadge(homeSite.expect);
const AWAY_BADGE = expectedBadge(awaySite.expect);
const RESTORES = 'Number(document.documentElement.dataset.restored ?? 0)';
let server: FixtureServer;
let browser: ChromiumSession;
const home = (path: string) => `${server.publicOrigin(HOME_SITE)}${path}`;
const away = (path: string) => `${server.publicOrigin(AWAY_SITE)}${path}`;

beforeAll(async () => {
  server = await startHostileServer([homeSite, awaySite]);
  // People's browsers keep the back/forward cache; Playwright turns it off unless told.
  browser = await launchChromium({ backForwardCache: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("each tab shows its own site's badge (Chromium)", () => {
  it('on a text/plain page and on a PDF, arrived at from the other store', async () => {
    const tab = await browser.visit(away(PAGE_PATHS.page));
    expect(await settledBadge(browser, tab.tabId, AWAY_BADGE)).toBe(AWAY_BADGE);
    for (const path of [PAGE_PATHS.text, PAGE_PATHS.pdf]) {
      const response = await tab.page.goto(home(path));
      expect(response?.headers()['content-type'], path).toMatch(path === PAGE_PATHS.pdf ? /^application\/pdf/ : /^text\/plain/);
      expect(await settledBadge(browser, tab.tabId, HOME_BADGE), path).toBe(HOME_BADGE);
      await tab.page.goto(away(PAGE_PATHS.page));
      expect(await settledBadge(browser, tab.tabId, AWAY_BADGE), path).toBe(AWAY_BADGE);
    }
  });

  it('on pages restored from the back/forward cache, also after the worker was stopped', async () => {
    const tab = await browser.visit(home(PAGE_PATHS.page));
    expect(await settledBadge(browser, tab.tabId, HOME_BADGE)).toBe(HOME_BADGE);
    await Promise.all([tab.page.waitForURL(away(PAGE_PATHS.page)), tab.page.click('#other')]);
    expect(await settledBadge(browser, tab.tabId, AWAY_BADGE)).toBe(AWAY_BADGE);
    // The check of the other store (its webRequest listeners) emptied Chromium's cache: this
    // first step back may load the page again. Both results are fresh now, so nothing runs.
    await tab.page.goBack({ waitUntil: 'commit' });
    expect(await settledBadge(browser, tab.tabId, HOME_BADGE)).toBe(HOME_BADGE);

    // A restore runs no script of ours again; the content script's pageshow handler reports it.
    await tab.page.goForward({ waitUntil: 'commit' });
    expect(await settledBadge(browser, tab.tabId, AWAY_BADGE)).toBe(AWAY_BADGE);
    expect(await tab.page.evaluate(RESTORES)).toBe(1);

    // A new worker puts the guard's rules in place; rewriting them would empty the cache again.
    await browser.stopWorker();
    await tab.page.goBack({ waitUntil: 'commit' });
    expect(await settledBadge(browser, tab.tabId, HOME_BADGE)).toBe(HOME_BADGE);
    expect(await tab.page.evaluate(RESTORES)).toBeGreaterThanOrEqual(1);
    // Extension calls are answered in order: once this one is, the new worker's rules are in.
    expect(((await (await browser.worker()).evaluate(READ_SESSION_RULES)) as unknown[]).length).toBeGreaterThan(0);
    await tab.page.goForward({ waitUntil: 'commit' });
    expect(await settledBadge(browser, tab.tabId, AWAY_BADGE)).toBe(AWAY_BADGE);
    expect(await tab.page.evaluate(RESTORES)).toBe(2);
  });
});
