import { UNKNOWN_FIELD_GUESS, UNKNOWN_FIELD_HINT, UNKNOWN_FIELD_SAYS } from '../json/unknown-fields';
import { defineCodes } from '../report/findings';
import { or, sentence } from '../report/words';
import {
  DESCRIPTION_MAX,
  DIGEST_PREFIX,
  MISNAMED_DIGEST_FIELD,
  SKILL_ENTRY,
  SKILL_INDEX,
  SKILL_INDEX_SCHEMAS,
  SKILL_NAME_MAX,
  SKILL_TYPES,
  WELL_KNOWN,
} from '../spec';

/** The `$schema` value an index should carry: the newest we know. */
export const SCHEMA = SKILL_INDEX_SCHEMAS[SKILL_INDEX_SCHEMAS.length - 1]!;
export const SCHEMA_FIELD = SKILL_INDEX.schema;
/** `/.well-known/agent-skills/`: where the RFC's conventional artifact paths live. */
export const SKILLS_DIR = WELL_KNOWN.skillIndex.slice(0, WELL_KNOWN.skillIndex.lastIndexOf('/') + 1);
const TYPES = or(SKILL_TYPES.map((t) => `\`${t}\``));

/** How each entry field can be wrong before its own rules apply: the same four sentences for each. */
const FIELD = {
  missing: sentence('finding_entry_field_missing', ['field']),
  notString: sentence('finding_entry_field_not_string', ['field', 'kind']),
  empty: sentence('finding_entry_field_empty', ['field']),
  whitespace: sentence('finding_entry_field_whitespace', ['field']),
  tooLong: sentence('finding_entry_field_too_long', ['field', 'length', 'max']),
};
const COPIES_DIFFER = sentence('hint_index_copies_differ', []);
const UNKNOWN = { says: UNKNOWN_FIELD_SAYS, hint: UNKNOWN_FIELD_HINT, fixes: { guess: UNKNOWN_FIELD_GUESS } } as const;

/** Finding codes of the skill index reader (embedded, stand-alone and legacy copies). */
export const SKILL_INDEX_CODES = defineCodes({
  'index-not-object': { severity: 'error', says: ['kind'], hint: { schema: SCHEMA_FIELD } },
  'skills-not-array': { severity: 'error', says: { missing: ['field'], notArray: ['field', 'kind'] } },
  'no-skills': { severity: 'info', says: [] },
  'too-many-skills': {
    severity: 'warning',
    ourLimit: true,
    says: { checked: ['count', 'max'], listed: ['count', 'max', 'listed', 'unlisted'] },
  },
  'unknown-schema': {
    severity: 'warning',
    says: { notString: ['field', 'kind'], unknown: ['field', 'value'] },
    hint: { field: SCHEMA_FIELD, schema: SCHEMA },
    fixes: {
      exactly: ['schema'],
      spaces: ['schema'],
      letterCase: ['schema'],
      http: ['schema'],
      slash: ['schema'],
      noV01: ['field', 'schema'],
      version: ['version', 'schema'],
      otherPlace: ['schema'],
      onlyV020: ['schema'],
    },
  },
  'missing-schema': { severity: 'error', says: ['field'], hint: { field: SCHEMA_FIELD, schema: SCHEMA } },
  'old-format': {
    severity: 'warning',
    says: { noSchema: ['field'], legacyOnly: ['path'] },
    hint: { field: SCHEMA_FIELD, prefix: DIGEST_PREFIX },
    fixes: { legacy: ['path'] },
  },
  'interim-format': { severity: 'warning', says: [] },
  'unknown-index-field': { severity: 'info', ...UNKNOWN },
  'unknown-entry-field': { severity: 'info', ...UNKNOWN },
  'duplicate-name': { severity: 'error', says: ['name', 'first'] },
  'entry-not-object': { severity: 'error', says: ['kind'] },
  'bad-name': {
    severity: 'error',
    says: { missing: FIELD.missing, notString: FIELD.notString, empty: FIELD.empty, problems: ['name', 'problems'] },
    hint: { max: SKILL_NAME_MAX },
  },
  'bad-description': {
    severity: 'error',
    says: { missing: FIELD.missing, notString: FIELD.notString, empty: FIELD.empty, whitespace: FIELD.whitespace, tooLong: FIELD.tooLong },
    hint: { max: DESCRIPTION_MAX },
  },
  'missing-type': {
    severity: 'error',
    says: { missing: FIELD.missing, notString: FIELD.notString },
    hint: { skillMd: SKILL_TYPES[0], archive: SKILL_TYPES[1] },
  },
  'unknown-type': { severity: 'warning', says: ['field', 'value', 'known'], hint: { types: TYPES }, fixes: { guess: ['guess'] } },
  'bad-url': {
    severity: 'error',
    says: {
      missing: FIELD.missing,
      notString: FIELD.notString,
      empty: ['field'],
      whitespace: ['field'],
      tooLong: FIELD.tooLong,
      invalid: ['field', 'value'],
    },
    fixes: { shorter: [] },
  },
  'bad-digest': {
    severity: 'error',
    says: {
      missing: FIELD.missing,
      notString: FIELD.notString,
      upperHex: ['value'],
      upperPrefix: ['value'],
      hexLength: ['value', 'length'],
      notHex: ['value', 'prefix'],
      sri: ['value'],
      rfc9530: ['value'],
      noPrefix: ['value', 'prefix'],
      otherAlgorithm: ['value'],
      wrong: ['value', 'prefix'],
    },
    hint: { prefix: DIGEST_PREFIX },
    fixes: {
      lowerCase: ['digest'],
      lowerPrefix: ['prefix'],
      whole: [],
      hex: [],
      inHex: ['digest'],
      plusHex: ['prefix'],
      write: ['digest'],
      sha256: ['prefix'],
    },
  },
  'digest-field-misnamed': {
    severity: 'error',
    says: ['field', 'expected'],
    hint: { field: MISNAMED_DIGEST_FIELD, expected: SKILL_ENTRY.digest, prefix: DIGEST_PREFIX },
  },
  'url-whitespace': { severity: 'warning', says: { around: ['value'], inside: ['value'] } },
  'url-backslash': { severity: 'warning', says: ['value', 'resolved'] },
  'url-encoded-dots': { severity: 'info', says: ['value', 'resolved'] },
  'url-leaves-skills-dir': { severity: 'info', says: ['value', 'dir', 'path'], hint: { dir: SKILLS_DIR } },
  'artifact-other-origin': { severity: 'info', says: ['origin', 'site'] },
  'url-base-differs': { severity: 'info', says: ['resolved', 'other'] },
  'only-in-poppy-index': { severity: 'warning', says: ['name', 'field'], hint: COPIES_DIFFER },
  'only-in-well-known-index': { severity: 'warning', says: ['name', 'field'], hint: COPIES_DIFFER },
  'index-url-differs': { severity: 'warning', says: ['name', 'poppy', 'wellKnown'] },
  'index-digest-differs': { severity: 'warning', says: ['name', 'poppy', 'wellKnown'] },
});

/** "no valid URL", where a client would end up with none. */
export const NO_VALID_URL = sentence('words_no_valid_url', []);
