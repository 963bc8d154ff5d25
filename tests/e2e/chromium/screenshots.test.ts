/**
 * Screenshots of the panel for the docs (light and dark, Northlight Flowers and its stale copy,
 * on their public-looking origins) and the bench number for showing a cached result.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { settledPanel, SETTLED } from '../harness/panel';
import { READ_SETTLED, RECORD_SETTLED, reportBench, type SettledAt } from '../harness/timing';

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
/** A fixed https port keeps the URLs in the screenshots, and so the images, the same each run. */
const HTTPS_PORT = 47443;
const BENCH_RUNS = 7;

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer({ httpsPort: HTTPS_PORT }).catch(() => startFixtureServer());
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('panel screenshots', () => {
  it.each([
    ['northlight', 'ok'],
    ['northlight-stale', 'errors'],
  ])('%s in light and dark', async (site, verdict) => {
    const { tabId } = await browser.visit(`${server.publicOrigin(site)}/`);
    const panel = await browser.openPanel(tabId);
    expect((await settledPanel(panel)).verdict).toBe(verdict);
    await panel.addStyleTag({ content: `${SETTLED} { max-height: none !important; overflow: visible !important; }` });
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme });
      expect(await panel.evaluate(`matchMedia('(prefers-color-scheme: ${colorScheme})').matches`)).toBe(true);
      await panel.evaluate('document.fonts.ready.then(() => true)');
      // The whole panel at its own width: the popup scrolls, a docs image should not.
      const image = await panel
        .locator(SETTLED)
        .screenshot({ path: `${SCREENSHOTS}panel-${site}-${colorScheme}.png`, animations: 'disabled' });
      expect(image.subarray(1, 4).toString()).toBe('PNG');
      // PNG width (IHDR): the 380–420 px a browser popup allows.
      const width = image.readUInt32BE(16);
      expect(width).toBeGreaterThanOrEqual(380);
      expect(width).toBeLessThanOrEqual(420);
    }
  });
});

describe('bench', () => {
  it('shows a cached result when the panel opens', async () => {
    const { tabId } = await browser.visit(`${server.publicOrigin('northlight')}/`);
    // The first opening checks skills on every host; after it the result is fresh and complete.
    const warm = await browser.openPanel(tabId);
    await settledPanel(warm);
    await warm.close();

    const runs: number[] = [];
    for (let i = 0; i < BENCH_RUNS; i += 1) {
      const page = await browser.context.newPage();
      await page.addInitScript(RECORD_SETTLED);
      await page.goto(browser.panelUrl(tabId));
      await page.waitForSelector(SETTLED);
      const settled = (await page.evaluate(READ_SETTLED)) as SettledAt | null;
      expect(settled?.verdict).toBe('ok');
      runs.push(settled!.at);
      await page.close();
    }
    reportBench('popup-cached-verdict', runs);
    expect(runs.every((ms) => ms > 0 && ms < 5_000)).toBe(true);
  });
});
