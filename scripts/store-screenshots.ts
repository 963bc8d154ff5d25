/**
 * `npm run screenshots:store`: the store listings' screenshots at 1280x800 (the Chrome Web Store's
 * size, which addons.mozilla.org accepts), into docs/screenshots/store/. The built extension in
 * headless Chromium against the sandbox stores, as the e2e suites run it; build first
 * (`npx wxt build`). The panel is shown over the site it describes, as a person sees it.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/harness/chromium';
import { settledPanel } from '../tests/e2e/harness/panel';
import { startFixtureServer } from '../tests/fixtures/server';

const OUT = resolve(import.meta.dirname, '../docs/screenshots/store');
const STORE = { width: 1280, height: 800 };
const PANEL = { width: 400, height: 600 };

mkdirSync(OUT, { recursive: true });
// Fixed ports keep the addresses in the images the same from run to run.
const server = await startFixtureServer({ httpsPort: 47543 }).catch(() => startFixtureServer());
const browser = await launchChromium();

async function png(page: Page): Promise<string> {
  await page.evaluate('document.fonts.ready.then(() => true)');
  return (await page.screenshot({ animations: 'disabled' })).toString('base64');
}

/** The site at 1280x800, dimmed, with the extension's panel where the toolbar popup opens. */
async function panelOverSite(site: string, file: string): Promise<void> {
  const { page, tabId } = await browser.visit(`${server.publicOrigin(site)}/`);
  await page.setViewportSize(STORE);
  const behind = await png(page);
  const panel = await browser.openPanel(tabId);
  await panel.setViewportSize(PANEL);
  await settledPanel(panel);
  const front = await png(panel);
  const canvas = await browser.context.newPage();
  await canvas.setViewportSize(STORE);
  await canvas.setContent(`<body style="margin:0;width:1280px;height:800px;overflow:hidden;background:#fff">
    <img src="data:image/png;base64,${behind}" style="position:absolute;inset:0;filter:brightness(0.8)">
    <img src="data:image/png;base64,${front}" style="position:absolute;top:24px;right:48px;border-radius:8px;box-shadow:0 8px 32px rgb(0 0 0 / 0.35)">
  </body>`);
  await canvas.screenshot({ path: resolve(OUT, file) });
  await Promise.all([canvas.close(), panel.close(), page.close()]);
}

/** The full-page report of a site at 1280x800. */
async function reportPage(site: string, file: string): Promise<void> {
  const page = await browser.context.newPage();
  await page.setViewportSize(STORE);
  await page.goto(`chrome-extension://${browser.extensionId}/report.html?site=${encodeURIComponent(server.publicOrigin(site))}`);
  await settledPanel(page);
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.screenshot({ path: resolve(OUT, file), animations: 'disabled' });
  await page.close();
}

try {
  await panelOverSite('northlight', '1-verified-skills.png');
  await panelOverSite('northlight-stale', '2-skill-does-not-match.png');
  await reportPage('northlight-stale', '3-full-report.png');
  console.log(`Store screenshots (${STORE.width}x${STORE.height}) in ${OUT}`);
} finally {
  await browser.close();
  await server.close();
}
