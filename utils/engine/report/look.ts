import { PROTOCOL_SCOPES, SIGNED_OUT, type ApiType, type Severity, type SkillStatus, type Verdict } from '../spec';
import type { DocumentInfo, SignIn, SkillReport, SkillSource } from './report';
import { sentence, type Sentence, type Words } from './words';

/**
 * How statuses, verdicts and severities look, in one table for the panel, the Markdown export and
 * the command line: a symbol AND words (colour, the tone, is only a third cue, never the only one).
 * Symbols are plain characters so they survive copy-paste, terminals and high-contrast modes.
 */
export type Tone = 'ok' | 'warning' | 'error' | 'neutral';

export interface Look {
  symbol: string;
  tone: Tone;
  label: Sentence<readonly []>;
}

/** A skill status's tone is the severity of the finding that comes with it (docs/rules.md, "Statuses"). */
export const SKILL_STATUS_LOOK: Readonly<Record<SkillStatus, Look & { explanation: Sentence<readonly []> | null }>> = {
  verified: { symbol: '✓', tone: 'ok', label: sentence('statusVerified', []), explanation: null },
  mismatch: { symbol: '✗', tone: 'error', label: sentence('statusMismatch', []), explanation: sentence('statusMismatchExplained', []) },
  invalid: { symbol: '✗', tone: 'error', label: sentence('statusInvalid', []), explanation: null },
  blocked: { symbol: '⊘', tone: 'error', label: sentence('statusBlocked', []), explanation: null },
  unreachable: { symbol: '✗', tone: 'error', label: sentence('statusUnreachable', []), explanation: null },
  skipped: { symbol: '⚠', tone: 'warning', label: sentence('statusSkipped', []), explanation: sentence('statusSkippedExplained', []) },
  'not-checked': { symbol: '—', tone: 'neutral', label: sentence('statusNotChecked', []), explanation: null },
};

export const VERDICT_LOOK: Readonly<Record<Verdict, Look>> = {
  ok: { symbol: '✓', tone: 'ok', label: sentence('verdictOk', []) },
  warnings: { symbol: '⚠', tone: 'warning', label: sentence('verdictWarnings', []) },
  errors: { symbol: '✗', tone: 'error', label: sentence('verdictErrors', []) },
  none: { symbol: '—', tone: 'neutral', label: sentence('verdictNone', []) },
};

export const SEVERITY_LOOK: Readonly<Record<Severity, { symbol: string; tone: Tone; heading: Sentence<readonly ['count']> }>> = {
  error: { symbol: '✗', tone: 'error', heading: sentence('findingsErrors', ['count']) },
  warning: { symbol: '⚠', tone: 'warning', heading: sentence('findingsWarnings', ['count']) },
  info: { symbol: 'ℹ', tone: 'neutral', heading: sentence('findingsInfo', ['count']) },
};

/** How an agent signs in, by type. */
export const SIGN_IN_WORDS: Readonly<Record<SignIn['type'], Sentence<readonly []>>> = {
  direct: sentence('signInDirect', []),
  device: sentence('signInDevice', []),
  mediated: sentence('signInMediated', []),
  [SIGNED_OUT]: sentence('signInSignedOut', []),
};

/** The kinds of API poppy.json lists; another type is named as written (`apiOther`). */
export const API_TYPE_WORDS: Readonly<Record<ApiType, Sentence<readonly []>>> = {
  openapi: sentence('apiOpenapi', []),
  mcp: sentence('apiMcp', []),
};
const OTHER_API_TYPE = sentence('apiOther', ['type']);

/** `type` as the site wrote it: an own-key lookup, so `constructor` is just another type. */
export function apiTypeWords(type: string): Words {
  return Object.hasOwn(API_TYPE_WORDS, type) ? API_TYPE_WORDS[type as ApiType]({}) : OTHER_API_TYPE({ type });
}

/** The documents a check requests. */
export const DOCUMENT_KIND_WORDS: Readonly<Record<DocumentInfo['kind'], Sentence<readonly []>>> = {
  poppy: sentence('docPoppy', []),
  index: sentence('docIndex', []),
  'legacy-index': sentence('docLegacyIndex', []),
};

/**
 * Plain words for the protocol's own scopes (`scope_poppy_read`…): sites describe their own
 * scopes in `custom_scopes`, and a reader should not see these two bare. Shown when the site gave
 * no description.
 */
export const PROTOCOL_SCOPE_WORDS: ReadonlyMap<string, Sentence<readonly []>> = new Map(
  PROTOCOL_SCOPES.map((scope) => [scope, sentence(`scope_${scope.replace(/\W/g, '_')}`, [])]),
);

/** Where an entry was listed. */
export const SKILL_SOURCE_WORDS: Readonly<Record<SkillSource, Sentence<readonly []>>> = {
  poppy: sentence('sourcePoppy', []),
  'well-known': sentence('sourceWellKnown', []),
  both: sentence('sourceBoth', []),
  legacy: sentence('sourceLegacy', []),
};

const EXPLAINED = sentence('words_label_explained', ['label', 'explanation']);

/** A skill status in words: its label, and what it means where the label alone is too short. */
export function skillStatusWords(status: SkillStatus): Words {
  const look = SKILL_STATUS_LOOK[status];
  return look.explanation ? EXPLAINED({ label: look.label({}), explanation: look.explanation({}) }) : look.label({});
}

const NOT_PROVIDED = sentence('statusNotProvided', []);

/** A skill's status in words, where a file not given (files checked before publishing) is its own
 *  state: "Not provided", never "Not checked" or a failure (CheckDeps.provides). */
export function skillStateWords(skill: Pick<SkillReport, 'status' | 'notChecked'>): Words {
  return skill.notChecked === 'not-provided' ? NOT_PROVIDED({}) : skillStatusWords(skill.status);
}
