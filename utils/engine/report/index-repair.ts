/**
 * The owner's first line about the skill index (docs/ci-and-hooks.md): when agents can't use
 * the index, why, and whether `poppy-inspector index --write` repairs it. Derived from the
 * report's findings, first cause first; the panel and the report page render it as a prop.
 */
import { SKILL_INDEX_CODES as C } from '../skill-index/codes';
import type { Finding } from './findings';
import type { Report } from './report';
import { SKILL_INDEX } from '../spec';
import { sentence, type Words } from './words';

/** The command that makes the mechanical repairs, shown as code. */
export const REPAIR_COMMAND = 'poppy-inspector index --write';

export interface IndexRepair {
  /** "Agents can't use this index: <reason>." */
  says: Words;
  /** Whether `REPAIR_COMMAND` fixes it (else the findings say the edit). */
  command: boolean;
}

export const INDEX_REPAIR_WORDS = {
  unusable: sentence('words_index_unusable', ['reason']),
  oneCommand: sentence('words_index_one_command', []),
};

const REASONS = {
  legacyOnly: sentence('words_index_reason_legacy_only', []),
  schemaUnknown: sentence('words_index_reason_schema_unknown', ['field']),
  interim: sentence('words_index_reason_interim', []),
  v01: sentence('words_index_reason_v01', []),
  schemaMissing: sentence('words_index_reason_schema_missing', ['field']),
  sha256: sentence('words_index_reason_sha256', ['count']),
  noType: sentence('words_index_reason_no_type', ['count']),
  noDigest: sentence('words_index_reason_no_digest', ['count']),
};

type Rule = [(f: Finding) => boolean, (count: number) => Words, boolean];

const is = (code: keyof typeof C, key?: string) => (f: Finding) => f.code === code && (key === undefined || f.message.key === key);

/** Each cause, in the order an owner should fix them: the index as a whole before its entries. */
const RULES: readonly Rule[] = [
  [is('old-format', C['old-format'].says.legacyOnly.sentence.key), () => REASONS.legacyOnly({}), true],
  [is('unknown-schema'), () => REASONS.schemaUnknown({ field: SKILL_INDEX.schema }), true],
  [is('interim-format'), () => REASONS.interim({}), false],
  [is('old-format', C['old-format'].says.noSchema.sentence.key), () => REASONS.v01({}), false],
  [is('missing-schema'), () => REASONS.schemaMissing({ field: SKILL_INDEX.schema }), true],
  [is('digest-field-misnamed'), (count) => REASONS.sha256({ count }), true],
  [is('missing-type', C['missing-type'].says.missing.sentence.key), (count) => REASONS.noType({ count }), true],
  [is('bad-digest', C['bad-digest'].says.missing.sentence.key), (count) => REASONS.noDigest({ count }), true],
];

export function indexRepair(report: Pick<Report, 'findings'>): IndexRepair | null {
  for (const [matches, reason, command] of RULES) {
    const count = report.findings.filter(matches).length;
    if (count > 0) return { says: INDEX_REPAIR_WORDS.unusable({ reason: reason(count) }), command };
  }
  return null;
}
