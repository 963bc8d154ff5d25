/**
 * The badge table's rows as a person meets them (utils/extension/state-look.ts): for each state a
 * fixture site that is in it, the badge text and the tooltip the toolbar button must show. The
 * texts are written from the English catalog here, not computed by the extension's own code, so
 * a row that drifts from the panel's words fails in both browsers.
 */
import type { FixtureSite } from '../../fixtures/site';
import { legacyOnly } from '../../fixtures/sites/legacy-only';
import { noPoppy } from '../../fixtures/sites/no-poppy';
import { northlight } from '../../fixtures/sites/northlight';
import { northlightStale } from '../../fixtures/sites/northlight-stale';
import { secondOrigin } from '../../fixtures/sites/second-origin';
import { heldNorthlight } from '../hostile-sites/held';
import { filled, message } from './messages';
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
    // Two skills in the old format (no digests, so not verified) and one warning about the site.
    state: 'warnings',
    site: legacyOnly.name,
    openPanel: true,
    text: '3!',
    title: (host) => tooltip(host, 'stateSummaryAllSkillWarnings_other', { count: 2 }),
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
];

/** The checking row needs a site the test can hold mid-check. */
export const checkingRow = {
  held: () => heldNorthlight('badge-held'),
  text: '…',
  title: () => message('stateSummaryChecking'),
};

export const BADGE_SITES: FixtureSite[] = [serverError];
