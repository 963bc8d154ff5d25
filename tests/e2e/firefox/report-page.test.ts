/** The full-page report in Firefox ESR: opened on a site, from the panel, and checking a typed address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { launchFirefox, newPage, type FirefoxSession } from '../harness/firefox';
import { filled, message } from '../harness/messages';
import { EXPORT_BUTTONS, followFindingLine, looseTextFiles, pasteAsUser, readFilesPage } from '../harness/report-files';
import { answersTakenBack, settledPanel, statuses, verdictsSeen, visitAndCheck, watchVerdicts } from '../harness/panel';
import { waitFor } from '../harness/wait';

/** The paths of the raw documents the page shows. */
const RAW_DOCUMENTS = `[...document.querySelectorAll('[data-raw-document]')].map((el) => el.getAttribute('data-raw-document'))`;

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

const reportUrl = () => `moz-extension://${browser.uuid}/report.html`;

/** report.html in a new tab; `goto()` on an extension page never resolves in Firefox. */
async function openReport(query = ''): Promise<Page> {
  const page = await newPage(browser.browser);
  await page.setViewport({ width: 1200, height: 900 });
  page.goto(`${reportUrl()}${query}`).catch(() => {
    // Closing the browser detaches the frame of a still-pending extension-page navigation.
  });
  await loaded(page);
  return page;
}

/** Once the page's document is parsed; its data-verdict is recorded from then on. */
async function loaded(page: Page): Promise<void> {
  await waitFor(
    () => page.evaluate("document.readyState === 'loading' ? null : location.pathname"),
    (path) => path === '/report.html',
    { what: 'report.html to load' },
  );
  await watchVerdicts(page);
}

describe('report.html in Firefox', () => {
  it('opens on ?site=<origin> with the verdict and skill statuses', async () => {
    const page = await openReport(`?site=${encodeURIComponent(server.origin('northlight'))}`);
    // The first settled verdict is the answer: its first render already says "checking" (it
    // once showed the empty page's "none" until its effects ran, then "checking" again).
    const snapshot = await settledPanel(page);
    expect(snapshot.verdict).toBe(northlight.expect.verdict);
    expect(statuses(snapshot)).toEqual(northlight.expect.skills);
    // The documents the check read, as numbered lines: poppy.json and the stand-alone index.
    expect(await page.evaluate(RAW_DOCUMENTS)).toEqual([WELL_KNOWN.poppy, WELL_KNOWN.skillIndex]);
    expect(answersTakenBack(await verdictsSeen(page))).toEqual([]);
    await page.close();
  });

  it('is opened from the panel\'s "Open full report" on the panel\'s site, with the same verdict', async () => {
    const origin = server.origin('northlight-stale');
    const { page: site, panel, snapshot: inPanel } = await visitAndCheck(browser, `${origin}/`);
    const wanted = `${reportUrl()}?site=${encodeURIComponent(origin)}`;
    await panel.click('.owners [data-open-report]');
    // The tab the panel opened (an extension page's navigation never reports its end here).
    const urls = await waitFor(
      async () => (await browser.browser.pages()).map((p) => p.url()),
      (open) => open.includes(wanted),
      { what: `a tab on ${wanted}` },
    );
    const page = (await browser.browser.pages())[urls.indexOf(wanted)]!;
    expect(new URL(page.url()).searchParams.get('site')).toBe(origin);
    await loaded(page);
    const snapshot = await settledPanel(page);
    expect(snapshot.verdict).toBe(inPanel.verdict);
    expect(snapshot.verdict).toBe(northlightStale.expect.verdict);
    expect(statuses(snapshot)).toEqual(statuses(inPanel));
    expect(answersTakenBack(await verdictsSeen(page))).toEqual([]);
    expect(await page.$$eval('[data-open-report]', (found) => found.length)).toBe(0);
    await Promise.all([page.close(), panel.close(), site.close()]);
  });

  it('poppy.json pasted alone: the rest reads "not provided", never HTTP 404 or "don\'t use them"; exports once', async () => {
    const page = await openReport();
    await page.waitForSelector('[data-view="empty"]');
    const poppy = (await looseTextFiles(northlight)).find((f) => f.name === 'poppy.json')!;
    const exports = EXPORT_BUTTONS.map((key) => message(key));
    expect((await readFilesPage(page, exports)).dropZone).toContain('paste them');
    await pasteAsUser(page, poppy.text);
    await page.waitForSelector('[data-view="files"]');
    const snapshot = await settledPanel(page);
    const facts = await readFilesPage(page, exports);
    expect(snapshot.verdict).toBe('ok');
    expect(facts.rows).toEqual(Object.keys(northlight.expect.skills).map((name) => [name, 'not-checked', 'not-provided']));
    expect(facts.headline).toBe(message('stateHeadlineNotProvided'));
    expect(facts.summary).toBe(filled('stateSummaryNotProvided_other', { count: 3, total: 3 }));
    expect(facts.text).not.toContain('HTTP 404');
    expect(facts.text).not.toMatch(/don.t use them/);
    expect(facts.notProvidedDocuments).toEqual(['index']);
    expect(Object.values(facts.exports)).toEqual(exports.map(() => 1));
    await page.close();
  });

  it('links a finding to its line, and a refused address then clears the report', async () => {
    const page = await openReport();
    await page.waitForSelector('[data-view="empty"]');
    // Each file's text pasted in turn: they add up to the stale copy.
    for (const file of await looseTextFiles(northlightStale)) await pasteAsUser(page, file.text);
    await waitFor(
      async () => statuses(await settledPanel(page)),
      (seen) => JSON.stringify(seen) === JSON.stringify(northlightStale.expect.skills),
      { what: 'the pasted stale copy checked' },
    );
    const followed = await followFindingLine(page, 'digest-mismatch');
    expect(followed.marked).toMatch(new RegExp(`-L${followed.linked}$`));
    expect([followed.open, followed.focused, followed.inView]).toEqual([true, true, true]);
    expect(followed.text).toContain('"digest"');
    // The report shown is forgotten when the address typed next is refused.
    await page.type('input[name="site"]', 'https://192.168.1.1');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-field-error]');
    await page.waitForSelector('[data-view="empty"]');
    expect(await page.$$eval('[data-skill], [data-code], [data-raw-document]', (found) => found.length)).toBe(0);
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
