/**
 * The toolbar badge is per tab: three tabs on three sites each show their own state, and
 * switching tabs, reloading one, or a check finishing for another site does not mix them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightSignedOut } from '../../fixtures/sites/northlight-signed-out';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { launchChromium, type ChromiumSession } from '../harness/chromium';
import { expectedBadge } from '../harness/expected';
import { settledPanel } from '../harness/panel';
import { waitFor } from '../harness/wait';

let server: FixtureServer;
let browser: ChromiumSession;

beforeAll(async () => {
  server = await startFixtureServer({ https: false });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('badge per tab', () => {
  it('keeps each tab its own badge across tab switches, reloads and other checks', async () => {
    const flowers = await browser.visit(`${server.origin('northlight')}/`);
    const quiet = await browser.visit(`${server.origin('no-poppy')}/`);
    const stale = await browser.visit(`${server.origin('northlight-stale')}/`);
    const expected = new Map([
      [flowers.tabId, expectedBadge(northlight.expect)],
      [quiet.tabId, ''],
      [stale.tabId, expectedBadge(northlightStale.expect)],
    ]);
    const badges = () => Promise.all([...expected.keys()].map((tabId) => browser.badge(tabId)));
    const same = (a: string[], b: string[]) => a.every((text, i) => text === b[i]);

    // "Nothing published" and "not checked yet" look the same (no badge), so the quiet site's
    // check is known to be over only once its panel says so.
    const quietPanel = await browser.openPanel(quiet.tabId);
    expect((await settledPanel(quietPanel)).verdict).toBe('none');
    await quietPanel.close();
    const want = [...expected.values()];
    expect(await waitFor(badges, (texts) => same(texts, want), { what: 'all three badges' })).toEqual(want);

    // Switching tabs and reloading one: each tab shows its own state again.
    await quiet.page.bringToFront();
    await flowers.page.reload();
    await stale.page.bringToFront();
    expect(await waitFor(badges, (texts) => same(texts, want), { what: 'the badges after a reload' })).toEqual(want);

    // A check finishing for another site touches only the tab showing that site.
    await quiet.page.goto(`${server.origin('northlight-signed-out')}/`);
    expected.set(quiet.tabId, expectedBadge(northlightSignedOut.expect));
    const next = [...expected.values()];
    expect(await waitFor(badges, (texts) => same(texts, next), { what: 'the navigated tab to get its own badge' })).toEqual(next);
  });
});
