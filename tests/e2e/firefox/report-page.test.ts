/** The full-page report in Firefox ESR: opened on a site, and checking a typed address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';
import { message } from '../harness/messages';
import { readPanel, settledPanel, statuses } from '../harness/panel';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: FirefoxSession;

beforeAll(async () => {
  server = await startFixtureServer({ https: false });
  browser = await launchFirefox();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** report.html in a new tab; `goto()` on an extension page never resolves in Firefox. */
async function openReport(query = ''): Promise<Page> {
  const page = await browser.browser.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  const url = `moz-extension://${browser.uuid}/report.html${query}`;
  page.goto(url).catch(() => {
    // Closing the browser detaches the frame of a still-pending extension-page navigation.
  });
  await waitFor(
    () => page.evaluate("document.readyState === 'loading' ? null : location.pathname"),
    (path) => path === '/report.html',
    { what: 'report.html to load' },
  );
  return page;
}

describe('report.html in Firefox', () => {
  it('opens on ?site=<origin> with the verdict and skill statuses', async () => {
    const page = await openReport(`?site=${encodeURIComponent(server.origin('northlight'))}`);
    // Firefox may show "checking" once more after a first settled view (under investigation):
    // wait for the final verdict rather than the first one.
    const snapshot = await waitFor(
      () => readPanel(page),
      (s) => s.verdict === northlight.expect.verdict,
      { what: 'report.html to show the final verdict' },
    );
    expect(statuses(snapshot)).toEqual(northlight.expect.skills);
    await page.close();
  });

  it('checks an address typed into the field', async () => {
    const page = await openReport();
    await page.waitForSelector('[data-view="empty"]');
    await page.type('input[name="site"]', server.origin('northlight-stale'));
    await page.keyboard.press('Enter');
    const snapshot = await settledPanel(page);
    expect(snapshot.verdict).toBe(northlightStale.expect.verdict);
    expect(statuses(snapshot)).toEqual(northlightStale.expect.skills);
    expect(await page.evaluate('document.title')).toBe(message('reportPageTitle'));
    await page.close();
  });
});
