/**
 * Chrome stops an MV3 worker when it likes, including in the middle of a check. The check must
 * still end with the right report: here the worker is stopped while one skill file is held back
 * by the server, then the panel is opened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { gatedNorthlight } from '../harness/gated-site';
import { settledPanel, statuses } from '../harness/panel';

const gated = gatedNorthlight();
let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer({ sites: [gated.site], https: false });
  browser = await launchChromium();
});
afterAll(async () => {
  gated.release();
  await browser?.close();
  await server?.close();
});

describe('worker stopped mid-check', () => {
  it('finishes with the right report once the panel opens', async () => {
    const { tabId } = await browser.visit(`${server.origin(gated.site.name)}/`);
    // The automatic check is now waiting on the held-back file: stop the worker under it.
    await gated.requested;
    await browser.stopWorker();
    gated.release();

    const panel = await browser.openPanel(tabId);
    const snapshot = await settledPanel(panel, 30_000);
    expect(snapshot.verdict).toBe(gated.site.expect.verdict);
    expect(statuses(snapshot)).toEqual(gated.site.expect.skills);
    // The held-back file was asked for again: the stopped check was started over.
    expect(gated.hits()).toBeGreaterThanOrEqual(2);
  });
});
