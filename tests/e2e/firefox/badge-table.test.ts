/**
 * The badge table, every row in a real browser: for each state a site is in, the toolbar badge's
 * text and its tooltip (the panel's own summary line) for that tab. Rows: tests/e2e/harness/badge-table.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { ALL_SITES } from '../../fixtures/sites/index';
import { BADGE_ROWS, BADGE_SITES, checkingRow } from '../harness/badge-table';
import { launchFirefox, type FirefoxSession } from '../harness/firefox';
import { settledBadge, settledPanel } from '../harness/panel';
import { waitFor } from '../harness/wait';

const held = checkingRow.held();
let server: FixtureServer;
let browser: FirefoxSession;

beforeAll(async () => {
  server = await startFixtureServer({ sites: [...ALL_SITES, ...BADGE_SITES, held.site], https: false });
  browser = await launchFirefox();
});
afterAll(async () => {
  held.release();
  await browser?.close();
  await server?.close();
});

const titleOf = (tabId: number, want: string) =>
  waitFor(
    () => browser.title(tabId),
    (title) => title === want,
    { what: `the tooltip of tab ${tabId} to read "${want}"` },
  );

describe('badge table', () => {
  // First: skill bodies are cached by digest, and the held site serves Northlight's skills.
  it('checking', async () => {
    const arrived = held.hold();
    const { tabId } = await browser.visit(`${server.origin(held.site.name)}/`);
    await arrived;
    expect(await settledBadge(browser, tabId, checkingRow.text)).toBe(checkingRow.text);
    expect(await titleOf(tabId, checkingRow.title())).toBe(checkingRow.title());
    held.release();
    expect(await settledBadge(browser, tabId, '3✓')).toBe('3✓');
  });

  it.each(BADGE_ROWS)('$state', async (row) => {
    const origin = server.origin(row.site);
    const { tabId } = await browser.visit(`${origin}/`);
    if (row.openPanel) {
      const panel = await browser.openPanel(tabId);
      await settledPanel(panel, 30_000);
      await panel.close();
    }
    expect(await settledBadge(browser, tabId, row.text)).toBe(row.text);
    const title = row.title(new URL(origin).host);
    expect(await titleOf(tabId, title)).toBe(title);
  });
});
