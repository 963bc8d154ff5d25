/**
 * What the toolbar button shows for one tab, as a pure function of that tab's state. The
 * applier (utils/extension/platform/badge-applier.ts) only copies this onto `browser.action`, always per tab.
 */
import type { Report } from '../engine/report/report';
import { reportState } from '../engine/report/state';
import type { Translate } from './i18n';
import { hostOf } from '../engine/text/host-of';

export type BadgeState =
  /** Not checked (yet), or the page is not one we check. */
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'result'; report: Report };

export interface BadgeLook {
  text: string;
  /** Badge background; the text is always white. */
  color: string;
  /** Tooltip in words. */
  title: string;
  /** Coloured icon when the site publishes something, grey (idle) otherwise. */
  lit: boolean;
}

/** Message keys in public/_locales/<lang>/messages.json; each takes the substitutions shown. */
export type BadgeMessageKey =
  | 'actionTitleIdle'
  | 'badgeTitleChecking'
  | 'badgeTitleNothing'
  | 'badgeTitleUnreadable'
  /** site, count */
  | 'badgeTitleVerifiedOne'
  | 'badgeTitleVerifiedMany'
  /** site, verified, total */
  | 'badgeTitleVerifiedSome'
  /** site */
  | 'badgeTitleNoSkills'
  | 'badgeTitleWarningsOne'
  | 'badgeTitleWarningsMany'
  | 'badgeTitleMismatchOne'
  | 'badgeTitleMismatchMany'
  | 'badgeTitleErrorsOne'
  | 'badgeTitleErrorsMany';

const BADGE_COLORS = {
  checking: '#6e7781',
  ok: '#1a7f37',
  warnings: '#9a6700',
  errors: '#cf222e',
} as const;
export const BADGE_TEXT_COLOR = '#ffffff';
export const GLYPHS = { ok: '✓', warnings: '!', errors: '✗' } as const;

const ICON_SIZES = [16, 32, 48, 128] as const;

/** `public/icon/<size>.png` when lit, `idle-<size>.png` otherwise. */
export function iconPaths(lit: boolean): Record<string, string> {
  return Object.fromEntries(ICON_SIZES.map((size) => [String(size), `/icon/${lit ? '' : 'idle-'}${size}.png`]));
}

function siteName(report: Report): string {
  const name = report.poppy?.organization.name;
  if (name) return name;
  return hostOf(report.target);
}

const oneOrMany = <K extends BadgeMessageKey>(n: number, one: K, many: K): K => (n === 1 ? one : many);

function title(report: Report, t: Translate): string {
  const site = siteName(report);
  const total = report.skills.length;
  if (report.verdict === 'errors') {
    const mismatches = report.skills.filter((s) => s.status === 'mismatch').length;
    if (mismatches > 0) return t(oneOrMany(mismatches, 'badgeTitleMismatchOne', 'badgeTitleMismatchMany'), site, mismatches);
    const errors = report.findings.filter((f) => f.severity === 'error').length;
    return t(oneOrMany(errors, 'badgeTitleErrorsOne', 'badgeTitleErrorsMany'), site, errors);
  }
  if (report.verdict === 'warnings') {
    const warnings = report.findings.filter((f) => f.severity === 'warning').length;
    return t(oneOrMany(warnings, 'badgeTitleWarningsOne', 'badgeTitleWarningsMany'), site, warnings);
  }
  if (total === 0) return t('badgeTitleNoSkills', site);
  const verified = report.skills.filter((s) => s.status === 'verified').length;
  if (verified !== total) return t('badgeTitleVerifiedSome', site, verified, total);
  return t(oneOrMany(total, 'badgeTitleVerifiedOne', 'badgeTitleVerifiedMany'), site, total);
}

export function badgeLook(state: BadgeState, t: Translate): BadgeLook {
  if (state.kind === 'idle') return { text: '', color: BADGE_COLORS.checking, title: t('actionTitleIdle'), lit: false };
  if (state.kind === 'checking') return { text: '…', color: BADGE_COLORS.checking, title: t('badgeTitleChecking'), lit: false };
  const { report } = state;
  // Nothing an agent could use (the one report state, utils/engine/report/state.ts): no badge,
  // and the tooltip tells "publishes nothing" from "could not be checked".
  const shown = reportState(report);
  if (shown === 'nothing' || shown === 'unreadable') {
    return {
      text: '',
      color: BADGE_COLORS.checking,
      title: t(shown === 'nothing' ? 'badgeTitleNothing' : 'badgeTitleUnreadable'),
      lit: false,
    };
  }
  const verdict = report.verdict === 'none' ? 'ok' : report.verdict;
  const count = report.skills.length;
  // The badge fits about four characters: "99+" and a glyph.
  const number = count === 0 ? '' : count > 99 ? '99+' : String(count);
  return { text: number + GLYPHS[verdict], color: BADGE_COLORS[verdict], title: title(report, t), lit: true };
}
