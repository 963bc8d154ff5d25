/**
 * The badge table's rows as a person meets them (utils/extension/state-look.ts): for each state a
 * fixture site that is in it, the badge text and the tooltip the toolbar button must show. The
 * texts are written from the English catalog here, not computed by the extension's own code, so
 * a row that drifts from the panel's words fails in both browsers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import type { FixtureSite } from '../../fixtures/site';
import { ALL_SITES } from '../../fixtures/sites/index';
import { legacyOnly } from '../../fixtures/sites/legacy-only';
import { noPoppy } from '../../fixtures/sites/no-poppy';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { secondOrigin } from '../../fixtures/sites/second-origin';
import { trustBrokenStale, trustIssuerMismatch } from '../../fixtures/sites/trust-breaks';
import { heldNorthlight } from '../hostile-sites/held';
import { filled, message } from './messages';
import { settledBadge, settledPanel, type EvaluatingPage, type ExtensionSession } from './panel';
import { waitFor } from './wait';
import { serverError } from './panel-sites';

export interface BadgeRow {
  state: string;
  site: string;
  /** Open the panel (checks other hosts) before reading the badge; otherwise only visit. */
  openPanel: boolean;
  text: string;
  /** The tooltip, given the host the site is served on. */
  title: (host: string) => string;
}

const tooltip = (site: string, key: string, values: Record<string, string | number> = {}) =>
  filled('stateTooltip', { site, summary: filled(key, values) });

export const BADGE_ROWS: readonly BadgeRow[] = [
  { state: 'nothing published', site: noPoppy.name, openPanel: true, text: '', title: (host) => tooltip(host, 'stateSummaryNothing') },
  {
    state: 'could not check',
    site: serverError.name,
    openPanel: true,
    text: '!',
    title: (host) => tooltip(host, 'stateSummaryUnreadable'),
  },
  {
    state: 'all verified',
    site: northlight.name,
    openPanel: true,
    text: '3✓',
    title: () => tooltip('Northlight Flowers', 'stateSummaryVerified_other', { count: 3 }),
  },
  {
    // A visit talks only to the visited origin: skills on other hosts wait for the panel.
    state: 'some not checked yet',
    site: secondOrigin.name,
    openPanel: false,
    text: '3?',
    title: () => tooltip('Fernhill Garden Centre', 'stateSummaryUnverified_other', { count: 3, total: 3 }),
  },
  {
    // Two skills in the old format (no digests, so not verified) and one warning about the site:
    // the number counts the skills, the line says the rest.
    state: 'warnings',
    site: legacyOnly.name,
    openPanel: true,
    text: '2!',
    title: (host) =>
      tooltip(host, 'words_sentences', {
        sentences: `${filled('stateSummaryAllSkillWarnings_other', { count: 2 })} ${filled('stateSummaryAlsoSiteWarnings_one', { count: 1 })}`,
      }),
  },
  {
    // One skill in trouble of three: the number counts what needs attention, not the total.
    state: 'errors',
    site: northlightStale.name,
    openPanel: true,
    text: '1✗',
    title: () =>
      tooltip('Northlight Flowers (stale skill test)', 'stateSummaryChanged_one', { count: 1, total: 3, names: 'change-flower-delivery' }),
  },
  {
    // Its one skill verifies; sign-in does not check out: a mark without a number.
    state: 'sign-in broken, every skill verified',
    site: trustIssuerMismatch.name,
    openPanel: true,
    text: '✗',
    title: (host) => tooltip('Seed store (trust-issuer-mismatch)', 'stateSummaryTrustBroken', { issuer: host }),
  },
  {
    // One changed skill of two and a broken sign-in: the number counts the skill, before and after the panel.
    state: 'a changed skill and a broken sign-in',
    site: trustBrokenStale.name,
    openPanel: true,
    text: '1✗',
    title: () =>
      tooltip('Seed store (trust-broken-stale)', 'words_sentences', {
        sentences: `${filled('stateSummaryChanged_one', { count: 1, total: 2, names: 'sow-seeds' })} ${message('stateSummaryAlsoTrustBroken')}`,
      }),
  },
];

/** The checking row needs a site the test can hold mid-check. */
export const checkingRow = {
  held: () => heldNorthlight('badge-held'),
  text: '…',
  title: () => message('stateSummaryChecking'),
};

export const BADGE_SITES: FixtureSite[] = [serverError];

/** A session the badge table can drive: panels it can close, and the session itself. */
type TableSession = ExtensionSession<EvaluatingPage & { close(): Promise<unknown> }> & { close(): Promise<void> };

/** The badge table, every row, in the browser `launch` starts (tests/e2e/<browser>/badge-table.test.ts). */
export function badgeTableSuite(launch: () => Promise<TableSession>): void {
  const held = checkingRow.held();
  let server: FixtureServer;
  let browser: TableSession;

  beforeAll(async () => {
    server = await startFixtureServer({ sites: [...ALL_SITES, ...BADGE_SITES, held.site], https: false });
    browser = await launch();
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
}
