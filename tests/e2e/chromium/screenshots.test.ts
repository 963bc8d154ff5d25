/**
 * Screenshots of the panel for the docs, at the toolbar popup's size (400 × 600), light and dark:
 * the good store, its stale copy, a site with nothing, a site that cannot be reached, the
 * checking state, a 200-skill site and a local dev site. On the stale copy the failing skill and
 * its warning are on the first screen (bounding boxes). axe-core finds no violation in any of these
 * states, light or dark. Also the bench number for a cached result.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { ALL_SITES } from '../../fixtures/sites/index';
import { axeViolations } from '../harness/axe';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { heldNorthlight } from '../hostile-sites/held';
import { manySkills, serverError } from '../harness/panel-sites';
import { settledPanel, SETTLED } from '../harness/panel';
import { READ_SETTLED, RECORD_SETTLED, reportBench, type SettledAt } from '../harness/timing';

const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
/** Fixed ports keep the URLs in the screenshots, and so the images, the same each run. */
const HTTPS_PORT = 47443;
const LOCAL_PORT = 47481;
const POPUP = { width: 400, height: 600 };
const BENCH_RUNS = 7;

const held = heldNorthlight('northlight-held');
const SITES = [...ALL_SITES, serverError, manySkills(), held.site];

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  const fixed = { httpsPort: HTTPS_PORT, ports: { northlight: LOCAL_PORT } };
  server = await startFixtureServer({ sites: SITES, ...fixed }).catch(() => startFixtureServer({ sites: SITES }));
  browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  held.release();
  await browser?.close();
  await server?.close();
});

async function panelAt(url: string): Promise<Page> {
  const { tabId } = await browser.visit(url);
  const panel = await browser.openPanel(tabId);
  await panel.setViewportSize(POPUP);
  return panel;
}

/** Both themes of what the popup shows now, its first screen only: what a person sees first. */
async function shoot(panel: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme });
    expect(await panel.evaluate(`matchMedia('(prefers-color-scheme: ${colorScheme})').matches`)).toBe(true);
    await panel.evaluate('document.fonts.ready.then(() => true)');
    const image = await panel.screenshot({ path: `${SCREENSHOTS}panel-${name}-${colorScheme}.png`, animations: 'disabled' });
    expect(image.subarray(1, 4).toString()).toBe('PNG');
    expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([POPUP.width, POPUP.height]);
    // No white frame around a dark panel: the page's own background is the panel's.
    const [html, body, panelBg] = (await panel.evaluate(
      `[document.documentElement, document.body, document.querySelector('main.panel')].map((el) => getComputedStyle(el).backgroundColor)`,
    )) as string[];
    expect(new Set([html, body, panelBg]).size).toBe(1);
    expect(await axeViolations(panel), `axe, ${name}, ${colorScheme}`).toEqual([]);
  }
  await panel.emulateMedia({ colorScheme: 'light' });
}

/** The bottom of an element, in page pixels from the top of the (unscrolled) page. */
async function bottomOf(panel: Page, selector: string): Promise<number> {
  const box = await panel.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  return box.y + box.height;
}

// axe-core runs twice per state (light, dark); on a busy two-core machine that takes its time.
describe('panel screenshots at 400 × 600', { timeout: 180_000 }, () => {
  // First: skill bodies are cached by digest (D5), and the held site serves Northlight's skills,
  // so after the other shots its held file would never be asked for.
  it('checking: heading, site and progress, at the size of the result', async () => {
    const arrived = held.hold();
    const panel = await panelAt(`${server.publicOrigin(held.site.name)}/`);
    await arrived;
    await panel.waitForSelector('[data-view="checking"] [data-checking]');
    await panel.waitForFunction(`/of 3 skills checked/.test(document.querySelector('[data-checking]')?.textContent ?? '')`);
    expect(await panel.locator('h1').textContent()).toBe(new URL(server.publicOrigin(held.site.name)).host);
    const checkingHeight = (await panel.evaluate('document.documentElement.scrollHeight')) as number;
    expect(checkingHeight).toBeGreaterThanOrEqual(POPUP.height);
    await shoot(panel, 'checking');
    held.release();
    // Not necessarily "ok": the held file may have outlived the fetch timeout while axe ran.
    await panel.waitForSelector(SETTLED);
    await panel.close();
  });

  it.each([
    ['northlight', 'northlight', 'ok'],
    ['northlight-stale', 'northlight-stale', 'errors'],
    ['nothing', 'no-poppy', 'none'],
    ['unreachable', 'server-error', 'errors'],
    ['many-skills', 'many-skills', 'errors'],
  ])('%s', async (name, site, verdict) => {
    const panel = await panelAt(`${server.publicOrigin(site)}/`);
    expect((await settledPanel(panel, 40_000)).verdict).toBe(verdict);
    await shoot(panel, name);
    await panel.close();
  });

  it('the stale copy: the failing skill, its reason and its warning are on the first screen', async () => {
    const panel = await panelAt(`${server.publicOrigin('northlight-stale')}/`);
    await settledPanel(panel);
    const row = '[data-skill="change-flower-delivery"][data-status="mismatch"]';
    expect(await bottomOf(panel, `${row} .skill-head`)).toBeLessThanOrEqual(POPUP.height);
    expect(await bottomOf(panel, `${row} .consequence`)).toBeLessThanOrEqual(POPUP.height);
    expect(await panel.locator(`${row} .consequence`).textContent()).toContain('must not be used');
    await panel.close();
  });

  it('a local dev site: the production domain differing from the dev host is expected, not an error', async () => {
    const panel = await panelAt(`${server.localhostOrigin('northlight')}/`);
    expect((await settledPanel(panel)).verdict).toBe('ok');
    expect(await panel.locator('[data-domain-expected]').count()).toBe(1);
    expect(await panel.locator('.facts .tone-error').count()).toBe(0);
    await shoot(panel, 'local');
    await panel.close();
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
