import { defineCodes } from '../report/findings';
import { sentence } from '../report/words';
import { COMPATIBILITY_MAX, DESCRIPTION_MAX, SKILL_BODY_LINES_HINT, SKILL_BODY_TOKENS_HINT, SKILL_NAME_MAX } from '../spec';

/** How a required field can be absent or blank: the same words for `name` and `description`. */
const REQUIRED = {
  absent: sentence('finding_frontmatter_field_absent', ['field']),
  empty: sentence('finding_frontmatter_field_empty', ['field']),
  emptyString: sentence('finding_frontmatter_field_empty_string', ['field']),
  whitespace: sentence('finding_frontmatter_field_whitespace', ['field']),
};

/**
 * SKILL.md findings (Decision D6, docs/rules.md "SKILL.md"). Severities are ours and strict;
 * where real clients are more lenient the hint says so, so owners know what an agent will tolerate.
 */
export const SKILL_MD_CODES = defineCodes({
  'skill-md-not-utf8': { severity: 'error', says: [] },
  'skill-md-bom': { severity: 'error', says: [] },
  'skill-md-leading-blank-line': { severity: 'error', says: ['count'] },
  'skill-md-no-frontmatter': { severity: 'error', says: { none: [], notExact: ['line'] } },
  'skill-md-frontmatter-unclosed': { severity: 'error', says: [] },
  // Not parsed, so its name is never compared with the index: the skill cannot be vouched for.
  'skill-md-frontmatter-too-large': { severity: 'error', says: ['length', 'max'] },
  // Likewise: past the parser's budget (yaml-budget.ts) nothing of it is read.
  'skill-md-frontmatter-too-complex': { severity: 'error', says: { tokens: ['max'], depth: ['max'] } },
  'skill-md-yaml-invalid': {
    severity: 'error',
    says: { unparsed: ['detail'], atLine: ['line', 'source', 'detail'], unresolvedAlias: ['alias', 'path'] },
    fixes: { quote: [] },
  },
  'skill-md-duplicate-key': { severity: 'error', says: ['line', 'source'] },
  'skill-md-frontmatter-not-mapping': { severity: 'error', says: { empty: [], list: [], scalar: [] } },
  'skill-md-yaml-flow-style': { severity: 'warning', says: { top: [], at: ['path'] } },
  'skill-md-yaml-anchor': { severity: 'warning', says: { top: [], at: ['path'] } },
  'skill-md-yaml-tag': { severity: 'warning', says: { top: ['tag'], at: ['tag', 'path'] } },
  'skill-md-yaml-complex-key': { severity: 'warning', says: { top: [], at: ['path'] } },
  'skill-md-frontmatter-truncated': { severity: 'warning', says: [] },
  'skill-md-delimiter-in-value': { severity: 'warning', says: { anywhere: [], inKey: ['key'] } },
  'skill-md-not-a-string': { severity: 'error', says: ['field', 'kind'], fixes: { empty: ['field'] } },
  'skill-md-name-missing': { severity: 'error', says: REQUIRED },
  'skill-md-name-invalid': { severity: 'error', says: ['name', 'problems'], hint: { max: SKILL_NAME_MAX } },
  'skill-md-name-mismatch': { severity: 'error', says: ['name', 'indexName'] },
  'skill-md-description-missing': { severity: 'error', says: REQUIRED },
  'skill-md-description-too-long': {
    severity: 'error',
    says: { plain: ['length', 'max'], block: ['length', 'max'] },
    hint: { max: DESCRIPTION_MAX },
  },
  'skill-md-description-differs': { severity: 'warning', says: ['index', 'frontmatter'] },
  'skill-md-description-whitespace': { severity: 'warning', says: [] },
  'skill-md-compatibility-empty': { severity: 'error', says: [], hint: { max: COMPATIBILITY_MAX } },
  'skill-md-compatibility-too-long': { severity: 'error', says: ['length', 'max'], hint: { max: COMPATIBILITY_MAX } },
  'skill-md-metadata-not-string-map': { severity: 'warning', says: { notMap: ['kind'], value: ['path', 'kind'] } },
  'skill-md-allowed-tools-list': { severity: 'warning', says: [] },
  'skill-md-unknown-key': { severity: 'warning', says: ['key', 'known'], fixes: { guess: ['guess'] } },
  'skill-md-body-long': { severity: 'info', says: ['count', 'max'], hint: { max: SKILL_BODY_LINES_HINT } },
  'skill-md-body-large': { severity: 'info', says: ['tokens', 'max'], hint: { max: SKILL_BODY_TOKENS_HINT } },
});
