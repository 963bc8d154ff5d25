/**
 * The one table of what each state of a tab looks like: the toolbar badge (text, colour), its
 * tooltip, the panel's headline, and the one line under the site's name that the tooltip and the
 * screen-reader announcement repeat. Every surface reads this table, so the badge can never tell
 * another story than the panel (docs/architecture.md, "Report states").
 */
import type { Tone } from '../engine/report/look';
import { coverage, documentsAwaitOtherHosts } from '../engine/report/coverage';
import type { Report, SkillReport } from '../engine/report/report';
import { reportState, type ReportState } from '../engine/report/state';
import { and, joined, sentence, type Words } from '../engine/report/words';
import type { SkillStatus } from '../engine/spec';
import { hostOf } from '../engine/text/host-of';

export type { ReportState };

export interface StateLook {
  /** The panel headline's symbol and tone (colour is a third cue, never the only one). */
  symbol: string;
  tone: Tone;
  headline: Words;
  /** Badge: a count of what needs attention (`countOf`) and a glyph; empty text hides the badge. */
  glyph: string;
  count: 'attention' | 'unchecked' | 'skills' | 'none';
  color: string;
  /** Coloured toolbar icon when the site publishes something, grey otherwise. */
  lit: boolean;
}

/** Badge backgrounds; the badge text is always white, and each reaches 4.5:1 against it. */
export const BADGE_COLORS = { neutral: '#57606a', ok: '#1a7f37', warning: '#9a6700', error: '#cf222e' } as const;
export const BADGE_TEXT_COLOR = '#ffffff';

const H = {
  checking: sentence('stateHeadlineChecking', []),
  nothing: sentence('stateHeadlineNothing', []),
  unreadable: sentence('stateHeadlineUnreadable', []),
  errors: sentence('stateHeadlineErrors', []),
  warnings: sentence('stateHeadlineWarnings', []),
  unverified: sentence('stateHeadlineUnverified', []),
  verified: sentence('stateHeadlineVerified', []),
  noSkills: sentence('stateHeadlineNoSkills', []),
  skillErrors: sentence('stateHeadlineSkillErrors', ['count']),
  signInBroken: sentence('stateHeadlineSignInBroken', []),
  notProvided: sentence('stateHeadlineNotProvided', []),
};

export const STATE_LOOK: Readonly<Record<ReportState, StateLook>> = {
  checking: { symbol: '⟳', tone: 'neutral', headline: H.checking({}), glyph: '…', count: 'none', color: BADGE_COLORS.neutral, lit: false },
  nothing: { symbol: '—', tone: 'neutral', headline: H.nothing({}), glyph: '', count: 'none', color: BADGE_COLORS.neutral, lit: false },
  unreadable: {
    symbol: '!',
    tone: 'error',
    headline: H.unreadable({}),
    glyph: '!',
    count: 'none',
    color: BADGE_COLORS.neutral,
    lit: false,
  },
  errors: { symbol: '✗', tone: 'error', headline: H.errors({}), glyph: '✗', count: 'attention', color: BADGE_COLORS.error, lit: true },
  warnings: {
    symbol: '⚠',
    tone: 'warning',
    headline: H.warnings({}),
    glyph: '!',
    count: 'attention',
    color: BADGE_COLORS.warning,
    lit: true,
  },
  unverified: {
    symbol: '?',
    tone: 'neutral',
    headline: H.unverified({}),
    glyph: '?',
    count: 'unchecked',
    color: BADGE_COLORS.neutral,
    lit: true,
  },
  verified: { symbol: '✓', tone: 'ok', headline: H.verified({}), glyph: '✓', count: 'skills', color: BADGE_COLORS.ok, lit: true },
  'no-skills': { symbol: '✓', tone: 'ok', headline: H.noSkills({}), glyph: '✓', count: 'none', color: BADGE_COLORS.ok, lit: true },
};

/** Statuses that say "an agent cannot rely on this skill" (not-checked is not a problem: it waits). */
const PROBLEM: readonly SkillStatus[] = ['mismatch', 'invalid', 'unreachable', 'blocked', 'skipped'];
const isProblem = (skill: SkillReport) => PROBLEM.includes(skill.status);

/** Skills an agent cannot rely on at this severity: a problem status, or a finding about the skill. */
function troubledSkills(report: Report, severity: 'error' | 'warning'): SkillReport[] {
  const named = new Set(report.findings.filter((f) => f.severity === severity && f.skill !== undefined).map((f) => f.skill));
  return report.skills.filter((s) => isProblem(s) || named.has(s.name));
}

/** Findings of this severity about the site as a whole (sign-in, a document); our limits never count. */
function siteProblems(report: Report, severity: 'error' | 'warning'): number {
  return report.findings.filter((f) => f.severity === severity && f.skill === undefined && f.ourLimit !== true).length;
}

/** The badge's number always counts skills; a problem that is not a skill shows as the glyph alone. */
export function countOf(report: Report, state: ReportState): number | null {
  switch (STATE_LOOK[state].count) {
    case 'attention':
      return troubledSkills(report, state === 'errors' ? 'error' : 'warning').length;
    case 'unchecked':
      // Entries past our cap that the report leaves out are skills not checked too.
      return report.skills.filter((s) => s.status === 'not-checked').length + (report.cap?.unlisted ?? 0);
    case 'skills':
      return report.skills.length;
    case 'none':
      return null;
  }
}

/** The badge fits about four characters: "99+" and a glyph. */
export function badgeText(report: Report | null, state: ReportState): string {
  const look = STATE_LOOK[state];
  if (look.glyph === '' || report === null) return look.glyph;
  const n = countOf(report, state);
  return (n === null || n === 0 ? '' : n > 99 ? '99+' : String(n)) + look.glyph;
}

const S = {
  checking: sentence('stateSummaryChecking', []),
  nothing: sentence('stateSummaryNothing', []),
  unreadable: sentence('stateSummaryUnreadable', []),
  changed: sentence('stateSummaryChanged', ['count', 'total', 'names']),
  wrongFile: sentence('stateSummaryWrongFile', ['count', 'total', 'names']),
  unusable: sentence('stateSummaryUnusable', ['count', 'total', 'names']),
  siteErrors: sentence('stateSummarySiteErrors', ['count']),
  skillWarnings: sentence('stateSummarySkillWarnings', ['count', 'total']),
  allSkillWarnings: sentence('stateSummaryAllSkillWarnings', ['count']),
  siteWarnings: sentence('stateSummarySiteWarnings', ['count']),
  unverified: sentence('stateSummaryUnverified', ['count', 'total']),
  notProvided: sentence('stateSummaryNotProvided', ['count', 'total']),
  documentsElsewhere: sentence('stateSummaryDocumentsElsewhere', []),
  pastCap: sentence('stateSummaryPastCap', ['count', 'total', 'limit']),
  trustBroken: sentence('stateSummaryTrustBroken', ['issuer']),
  alsoTrustBroken: sentence('stateSummaryAlsoTrustBroken', []),
  alsoSiteErrors: sentence('stateSummaryAlsoSiteErrors', ['count']),
  alsoSiteWarnings: sentence('stateSummaryAlsoSiteWarnings', ['count']),
  verified: sentence('stateSummaryVerified', ['count']),
  noSkills: sentence('stateSummaryNoSkills', []),
  them: sentence('stateSummaryThem', []),
  tooltip: sentence('stateTooltip', ['site', 'summary']),
  done: sentence('stateDone', ['summary']),
};

/** Names are listed up to this many; past it, "them" (the rows say which). */
const NAMES_MAX = 2;
const names = (skills: readonly SkillReport[]) => (skills.length <= NAMES_MAX ? and(skills.map((s) => s.name)) : S.them({}));

/** The line under the site's name: what the state means for this report, in plain words. */
export function stateSummary(report: Report | null, state: ReportState): Words {
  const total = report?.skills.length ?? 0;
  const skills = report?.skills ?? [];
  switch (state) {
    case 'checking':
      return S.checking({});
    case 'nothing':
      return S.nothing({});
    case 'unreadable':
      return S.unreadable({});
    case 'errors': {
      const site = siteProblems(report!, 'error');
      // Every skill checks out: a broken sign-in chain (D10) is why agents refuse the site.
      const siteLine =
        report?.trust?.status === 'broken' ? S.trustBroken({ issuer: hostOf(report.trust.issuer) }) : S.siteErrors({ count: site });
      const changed = skills.filter((s) => s.status === 'mismatch');
      const wrong = changed.filter((s) => s.mismatch?.includes('html-body'));
      const unusable = troubledSkills(report!, 'error');
      const skillLine =
        wrong.length > 0 && wrong.length === changed.length
          ? S.wrongFile({ count: wrong.length, total, names: names(wrong) })
          : changed.length > 0
            ? S.changed({ count: changed.length, total, names: names(changed) })
            : unusable.length > 0
              ? S.unusable({ count: unusable.length, total, names: names(unusable) })
              : null;
      if (skillLine === null) return siteLine;
      // The badge counts skills only, so the line says the site's own problems too.
      if (site === 0) return skillLine;
      const also = report?.trust?.status === 'broken' ? S.alsoTrustBroken({}) : S.alsoSiteErrors({ count: site });
      return joined([skillLine, also]);
    }
    case 'warnings': {
      const site = siteProblems(report!, 'warning');
      const troubled = troubledSkills(report!, 'warning');
      if (troubled.length === 0) return S.siteWarnings({ count: site });
      const skillLine =
        troubled.length === total ? S.allSkillWarnings({ count: total }) : S.skillWarnings({ count: troubled.length, total });
      return site === 0 ? skillLine : joined([skillLine, S.alsoSiteWarnings({ count: site })]);
    }
    case 'unverified': {
      const listed = total + (report?.cap?.unlisted ?? 0);
      const count = countOf(report!, state) ?? 0;
      // Past our cap, opening the panel checks no more: say which limit it is (ours, D5).
      if (report?.cap !== undefined && coverage(report).overCap > 0) return S.pastCap({ count, total: listed, limit: report.cap.limit });
      // Nothing read yet: the site's documents redirect to another host the panel will ask (D5).
      if (listed === 0 && report !== null && documentsAwaitOtherHosts(report)) return S.documentsElsewhere({});
      // Files checked before publishing: what was left out is the user's to add, not a failure.
      if (report !== null && onlyNotProvided(report)) return S.notProvided({ count, total: listed });
      return S.unverified({ count, total: listed });
    }
    case 'verified':
      return S.verified({ count: total });
    case 'no-skills':
      return S.noSkills({});
  }
}

/**
 * The panel's headline: the table's, except that errors say which kind, since they ask different
 * things of a person: a skill that must not be used, or a sign-in that does not check out (D10).
 */
export function stateHeadline(report: Report | null, state: ReportState): Words {
  if (state === 'unverified' && report !== null && onlyNotProvided(report)) return H.notProvided({});
  if (state !== 'errors' || report === null) return STATE_LOOK[state].headline;
  const skills = troubledSkills(report, 'error').length;
  if (skills > 0) return H.skillErrors({ count: skills });
  return report.trust?.status === 'broken' ? H.signInBroken({}) : STATE_LOOK[state].headline;
}

/** Every skill not checked is a file not given (files checked before publishing), and nothing else waits. */
function onlyNotProvided(report: Report): boolean {
  const waiting = report.skills.filter((s) => s.status === 'not-checked');
  return waiting.length > 0 && waiting.every((s) => s.notChecked === 'not-provided') && report.cap === undefined;
}

/** The badge's tooltip: the site, then the panel's own line. */
export const stateTooltip = (site: string, summary: Words): Words => S.tooltip({ site, summary });
/** What a screen reader hears when a check ends: "Done: 3 skills, all verified". */
export const stateDone = (summary: Words): Words => S.done({ summary });

/** A tab's report, or checking: the state the table is read for. */
export const stateOf = (report: Report | null, checking: boolean): ReportState =>
  checking || report === null ? 'checking' : reportState(report);
