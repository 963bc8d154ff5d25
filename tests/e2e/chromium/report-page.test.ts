/**
 * The full-page report (report.html) in Chromium: opened on a site, checking a typed address,
 * refusing one the URL policy forbids. It reads the same data attributes as the panel.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteFileMap } from '../../fixtures/site-files';
import { LEFT_OUT_SHOWN } from '../../../utils/extension/check-files';
import { axeViolations } from '../harness/axe';
import { DROPPED_FILES_MAX, WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { filled, message } from '../harness/messages';
import { EXPORT_BUTTONS, followFindingLine, looseTextFiles, pasteAndSettle, readFilesPage } from '../harness/report-files';
import { settledPanel, statuses, visitAndCheck } from '../harness/panel';

/** The paths of the raw documents the page shows. */
const RAW_DOCUMENTS = `[...document.querySelectorAll('[data-raw-document]')].map((el) => el.getAttribute('data-raw-document'))`;

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));

const reportUrl = (query = '') => `chrome-extension://${browser.extensionId}/report.html${query}`;

async function openReport(query = '') {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto(reportUrl(query));
  return page;
}

describe('report.html', () => {
  it('opens directly on ?site=<origin> and shows the verdict and every skill status', async () => {
    const origin = server.publicOrigin('northlight');
    const page = await openReport(`?site=${encodeURIComponent(origin)}`);
    const snapshot = await settledPanel(page);
    expect(snapshot.verdict).toBe(northlight.expect.verdict);
    expect(statuses(snapshot)).toEqual(northlight.expect.skills);
    expect(await page.getByLabel(message('reportSiteLabel')).inputValue()).toBe(origin);
    // The documents the check read, as numbered lines: poppy.json and the stand-alone index.
    expect(await page.evaluate(RAW_DOCUMENTS)).toEqual([WELL_KNOWN.poppy, WELL_KNOWN.skillIndex]);
    expect(await page.title()).toBe(message('reportPageTitle'));
    await page.close();
  });

  it('is opened from the panel\'s "Open full report" on the panel\'s site', async () => {
    const origin = server.publicOrigin('northlight');
    const { panel } = await visitAndCheck(browser, `${origin}/`);
    const opened = browser.context.waitForEvent('page', (page) => page.url().startsWith(reportUrl()));
    await panel.locator('.owners [data-open-report]').click();
    const page = await opened;
    expect(new URL(page.url()).searchParams.get('site')).toBe(origin);
    const snapshot = await settledPanel(page);
    expect(snapshot.verdict).toBe(northlight.expect.verdict);
    expect(statuses(snapshot)).toEqual(northlight.expect.skills);
    expect(await page.locator('[data-open-report]').count()).toBe(0);
    await page.close();
    await panel.close();
  });

  it('checks an address typed into the field (a local development server), and keeps it in the address bar', async () => {
    const page = await openReport();
    expect(await page.locator('[data-view="empty"]').count()).toBe(1);
    const origin = server.origin('northlight-stale');
    await page.getByLabel(message('reportSiteLabel')).fill(`${origin}/some/page?x=1`);
    await page.getByRole('button', { name: message('reportCheck'), exact: true }).click();
    const snapshot = await settledPanel(page);
    expect(snapshot.verdict).toBe(northlightStale.expect.verdict);
    expect(statuses(snapshot)).toEqual(northlightStale.expect.skills);
    expect(new URL(page.url()).searchParams.get('site')).toBe(origin);
    expect(await page.locator('[data-code]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it("refuses a private address in words tied to the field, checks nothing, and clears the earlier site's report", async () => {
    const page = await openReport(`?site=${encodeURIComponent(server.publicOrigin('northlight'))}`);
    await settledPanel(page);
    const field = page.getByLabel(message('reportSiteLabel'));
    await field.fill('https://192.168.1.1');
    await field.press('Enter');
    const error = page.locator('[data-field-error]');
    await error.waitFor();
    expect(await error.textContent()).toContain('private network address');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(await error.getAttribute('id'));
    expect(await page.locator('[data-view="empty"]').count()).toBe(1);
    expect(await page.locator('[data-skill], [data-code], [data-raw-document]').count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });
});

describe('files dropped before publishing', () => {
  it('poppy.json pasted alone: the rest reads "not provided", never HTTP 404 or "don\'t use them"; exports once', async () => {
    const page = await openReport();
    const poppy = (await looseTextFiles(northlight)).find((f) => f.name === 'poppy.json')!;
    const exports = EXPORT_BUTTONS.map((key) => message(key));
    expect((await readFilesPage(page, exports)).dropZone).toContain('paste them');
    const snapshot = await pasteAndSettle(page, { text: poppy.text });
    const facts = await readFilesPage(page, exports);
    expect(snapshot.verdict).toBe('ok');
    expect(facts.rows).toEqual(Object.keys(northlight.expect.skills).map((name) => [name, 'not-checked', 'not-provided']));
    expect(facts.headline).toBe(message('stateHeadlineNotProvided'));
    expect(facts.summary).toBe(filled('stateSummaryNotProvided_other', { count: 3, total: 3 }));
    for (const row of snapshot.skills) expect(row.text).toContain(message('statusNotProvided'));
    expect(facts.text).not.toContain('HTTP 404');
    expect(facts.text).not.toMatch(/don.t use them/);
    expect(facts.notProvidedDocuments).toEqual(['index']);
    expect(Object.values(facts.exports)).toEqual(exports.map(() => 1));
    await page
      .locator('.owners details', { hasText: message('documentsHeading') })
      .locator('summary')
      .click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page), `axe, not provided, ${colorScheme}`).toEqual([]);
    }
    await page.close();
  });

  it('links a finding to its line: following it opens the document at that line, marked and focused', async () => {
    const page = await openReport();
    await pasteAndSettle(page, { files: await looseTextFiles(northlightStale) });
    const followed = await followFindingLine(page, 'digest-mismatch');
    expect(followed.marked).toMatch(new RegExp(`-L${followed.linked}$`));
    expect([followed.open, followed.focused, followed.inView]).toEqual([true, true, true]);
    expect(followed.text).toContain('"digest"');
    // The marked line, the links and the "not provided" words stay readable in both themes.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page), `axe, followed line, ${colorScheme}`).toEqual([]);
    }
    await page.close();
  });

  it('checks the stale copy from a folder chosen in the drop zone, with no request to any server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'poppy-report-files-'));
    const paths: string[] = [];
    for (const [path, bytes] of await siteFileMap(northlightStale)) {
      const file = join(dir, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, bytes);
      paths.push(file);
    }
    const page = await openReport();
    const before = server.requests.length;
    await page.locator('input[type=file][name=folder]').setInputFiles(dir);
    const snapshot = await settledPanel(page);
    expect(snapshot.verdict).toBe(northlightStale.expect.verdict);
    expect(statuses(snapshot)).toEqual(northlightStale.expect.skills);
    expect(await page.locator('[data-code="digest-mismatch"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-raw-document]').count()).toBe(paths.filter((p) => /\.(json|md)$/.test(p)).length);
    expect(server.requests.length).toBe(before);
    await page.close();
  });

  it('reads poppy.json chosen after 600 other files, and names the files it left out', async () => {
    const filler = Array.from({ length: 600 }, (_, i) => ({ name: `note-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') }));
    const site = [...(await siteFileMap(northlight))].map(([path, bytes]) => ({
      name: path.split('/').at(-1)!,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(bytes),
    }));
    const page = await openReport();
    await page.locator('input[type=file][name=files]').setInputFiles([...filler, ...site]);
    const snapshot = await settledPanel(page);
    expect(snapshot.verdict).toBe(northlight.expect.verdict);
    expect(statuses(snapshot)).toEqual(northlight.expect.skills);
    const said = message('reportFilesIgnored')
      .replace('$COUNT$', String(filler.length + site.length - DROPPED_FILES_MAX))
      .replace('$MAX$', String(DROPPED_FILES_MAX));
    expect(await page.locator('[data-files-origin]').textContent()).toContain(said);
    expect(await page.locator('[data-files-left-out] li').count()).toBe(LEFT_OUT_SHOWN);
    await page.close();
  });
});

describe('accessibility and looks', () => {
  it('has no axe violations in light and dark, and its screenshots are committed', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const page = await openReport(`?site=${encodeURIComponent(server.publicOrigin('northlight-stale'))}`);
    await page.setViewportSize({ width: 1100, height: 1400 });
    await settledPanel(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SCREENSHOTS}report-page-stale-${colorScheme}.png`, animations: 'disabled' });
      expect(await axeViolations(page), `axe, ${colorScheme}`).toEqual([]);
    }
    // The empty page (field and drop zone) with a refusal shown.
    await page.goto(reportUrl());
    await page.getByLabel(message('reportSiteLabel')).fill('https://10.0.0.1');
    await page.getByLabel(message('reportSiteLabel')).press('Enter');
    await page.locator('[data-field-error]').waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page), `axe, empty page, ${colorScheme}`).toEqual([]);
    }
    await page.close();
  });
});
