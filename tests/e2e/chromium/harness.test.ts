/**
 * The harness itself: the built extension loads in headless Chromium, its worker can be stopped
 * and woken again, tabs are found by id, and the panel page opens for a tab. Everything else in
 * the e2e suite stands on these.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noPoppy } from '../../fixtures/sites/no-poppy';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { launchChromium, type ChromiumSession } from '../harness/chromium';

describe('Chromium harness', () => {
  let server: FixtureServer;
  let browser: ChromiumSession;
  beforeAll(async () => {
    server = await startFixtureServer({ sites: [noPoppy], https: false });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads the extension and reads its id from the worker URL', () => {
    expect(browser.extensionId).toMatch(/^[a-p]{32}$/);
  });

  it('stops the worker and wakes it again', async () => {
    await browser.stopWorker();
    const worker = await browser.worker();
    expect(await worker.evaluate('chrome.runtime.id')).toBe(browser.extensionId);
  });

  it("gives the worker what the toolbar icon's decoding needs (utils/extension/platform/toolbar-icon.ts)", async () => {
    const worker = await browser.worker();
    expect(await worker.evaluate(`[typeof createImageBitmap, typeof OffscreenCanvas, typeof ImageData]`)).toEqual([
      'function',
      'function',
      'function',
    ]);
  });

  it('tells tabs apart by id', async () => {
    const first = await browser.visit(`${server.origin('no-poppy')}/`);
    const second = await browser.visit(`${server.origin('no-poppy')}/`);
    expect(first.tabId).not.toBe(second.tabId);
    expect(await browser.tabIdOf(first.page)).toBe(first.tabId);
  });

  it('opens the panel page for a tab', async () => {
    const { tabId } = await browser.visit(`${server.origin('no-poppy')}/`);
    const panel = await browser.openPanel(tabId);
    expect(panel.url()).toBe(browser.panelUrl(tabId));
    await panel.waitForSelector('#app > *');
    expect(await panel.evaluate('document.title')).toBe('Poppy Inspector');
  });
});
