/**
 * What the toolbar button shows for one tab, as a pure function of that tab's state, read from
 * the one state table (./state-look.ts) the panel reads too. The applier
 * (utils/extension/platform/badge-applier.ts) only copies this onto `browser.action`, always per tab.
 */
import type { Report } from '../engine/report/report';
import { hostOf } from '../engine/text/host-of';
import { sayWith, type Translate } from './i18n';
import { BADGE_COLORS, badgeText, STATE_LOOK, stateOf, stateSummary, stateTooltip } from './state-look';

export { BADGE_TEXT_COLOR } from './state-look';

export type BadgeState =
  /** Not checked (yet), or the page is not one we check. */
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'result'; report: Report; changed?: boolean };

export interface BadgeLook {
  text: string;
  /** Badge background; the text is always white. */
  color: string;
  /** Tooltip in words. */
  title: string;
  /** Coloured icon when the site publishes something, grey (idle) otherwise. */
  lit: boolean;
}

/** The toolbar shows the icon at 16 px, 32 on a 2x screen (the manifest's 48 and 128 are for the
 *  browser's extension pages): only these are given to `setIcon`. */
export const TOOLBAR_ICON_SIZES = [16, 32] as const;

/** `public/icon/<size>.png` when lit, `idle-<size>.png` otherwise. */
export function iconPaths(lit: boolean): Record<string, string> {
  return Object.fromEntries(TOOLBAR_ICON_SIZES.map((size) => [String(size), `/icon/${lit ? '' : 'idle-'}${size}.png`]));
}

/** The organization's name when poppy.json gives one, else the host (the panel's heading). */
export function siteName(report: Report): string {
  return report.poppy?.organization.name || hostOf(report.target);
}

export function badgeLook(state: BadgeState, t: Translate): BadgeLook {
  if (state.kind === 'idle') return { text: '', color: BADGE_COLORS.neutral, title: t('actionTitleIdle'), lit: false };
  const say = sayWith(t);
  const report = state.kind === 'result' ? state.report : null;
  const shown = stateOf(report, state.kind === 'checking');
  const look = STATE_LOOK[shown];
  const summary = stateSummary(report, shown);
  // A change since the last check, not yet seen in the panel: a mark before the count (D13).
  const changed = state.kind === 'result' && state.changed === true;
  const title = report === null ? say(summary) : say(stateTooltip(siteName(report), summary));
  return {
    text: (changed ? '•' : '') + badgeText(report, shown),
    color: look.color,
    title: changed ? `${title} ${t('actionTitleChanged')}` : title,
    lit: look.lit,
  };
}
