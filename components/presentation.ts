import type { MismatchCause, SkillSource } from '../utils/engine/report/report';
import type { Severity, SkillStatus, Verdict } from '../utils/engine/spec';
import type { MessageKey } from '../utils/extension/i18n';

/**
 * How each status reads: a symbol AND words (colour is only a third cue, never the only one).
 * Symbols are plain characters so they survive copy-paste and high-contrast modes.
 */
export const SKILL_STATUS_VIEW: Readonly<Record<SkillStatus, { symbol: string; label: MessageKey; tone: Tone }>> = {
  verified: { symbol: '✓', label: 'statusVerified', tone: 'ok' },
  mismatch: { symbol: '✗', label: 'statusMismatch', tone: 'error' },
  invalid: { symbol: '✗', label: 'statusInvalid', tone: 'error' },
  blocked: { symbol: '⚠', label: 'statusBlocked', tone: 'warning' },
  unreachable: { symbol: '⚠', label: 'statusUnreachable', tone: 'warning' },
  skipped: { symbol: '⚠', label: 'statusSkipped', tone: 'warning' },
  'not-checked': { symbol: '—', label: 'statusNotChecked', tone: 'neutral' },
};

export type Tone = 'ok' | 'warning' | 'error' | 'neutral';

export const VERDICT_VIEW: Readonly<Record<Verdict, { symbol: string; label: MessageKey; tone: Tone }>> = {
  ok: { symbol: '✓', label: 'verdictOk', tone: 'ok' },
  warnings: { symbol: '⚠', label: 'verdictWarnings', tone: 'warning' },
  errors: { symbol: '✗', label: 'verdictErrors', tone: 'error' },
  none: { symbol: '—', label: 'verdictNone', tone: 'neutral' },
};

export const SEVERITY_VIEW: Readonly<Record<Severity, { symbol: string; heading: MessageKey; tone: Tone }>> = {
  error: { symbol: '✗', heading: 'findingsErrors', tone: 'error' },
  warning: { symbol: '⚠', heading: 'findingsWarnings', tone: 'warning' },
  info: { symbol: 'ℹ', heading: 'findingsInfo', tone: 'neutral' },
};

/** The locale key of one sentence per byte-level cause of a mismatch (utils/engine/report/report.ts). */
export const MISMATCH_CAUSE_KEYS: Readonly<Record<MismatchCause, MessageKey>> = {
  'crlf-to-lf': 'causeCrlfToLf',
  'lf-to-crlf': 'causeLfToCrlf',
  'bom-removed': 'causeBomRemoved',
  'bom-added': 'causeBomAdded',
  'final-newline-added': 'causeFinalNewlineAdded',
  'final-newline-removed': 'causeFinalNewlineRemoved',
  'content-encoding': 'causeContentEncoding',
  'html-body': 'causeHtmlBody',
};

export const SKILL_SOURCE_TEXT: Readonly<Record<SkillSource, MessageKey>> = {
  poppy: 'sourcePoppy',
  'well-known': 'sourceWellKnown',
  both: 'sourceBoth',
  legacy: 'sourceLegacy',
};
