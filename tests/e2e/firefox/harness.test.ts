/**
 * The Firefox harness: the build installs as a temporary add-on under the pinned UUID, holds its
 * host permissions, finds tabs by id, and its panel page opens for a tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noPoppy } from '../../fixtures/sites/no-poppy';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';

describe('Firefox harness', () => {
  let server: FixtureServer;
  let browser: FirefoxSession;
  beforeAll(async () => {
    server = await startFixtureServer({ sites: [noPoppy], https: false });
    browser = await launchFirefox();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('tells tabs apart by id', async () => {
    const first = await browser.visit(`${server.origin('no-poppy')}/`);
    const second = await browser.visit(`${server.origin('no-poppy')}/`);
    expect(first.tabId).not.toBe(second.tabId);
  });

  it('opens the panel page under the pinned UUID, with host access granted', async () => {
    const { tabId } = await browser.visit(`${server.origin('no-poppy')}/`);
    const panel = await browser.openPanel(tabId);
    await panel.waitForSelector('#app > *');
    expect(await panel.evaluate('location.href')).toBe(`moz-extension://${browser.uuid}/popup.html?tabId=${tabId}`);
    // Firefox answers for the patterns the manifest grants; it says false for the same host with
    // a port (`http://127.0.0.1:<port>/*`), so a grant check must drop the port.
    const host = new URL(server.origin('no-poppy')).hostname;
    const granted = await panel.evaluate(`browser.permissions.contains({ origins: ['http://${host}/*', 'https://a.example/*'] })`);
    expect(granted).toBe(true);
    // What the toolbar icon's decoding needs (toolbar-icon.ts): Firefox's background is a page like this one.
    expect(await panel.evaluate(`[typeof createImageBitmap, typeof OffscreenCanvas, typeof ImageData]`)).toEqual([
      'function',
      'function',
      'function',
    ]);
  });
});
