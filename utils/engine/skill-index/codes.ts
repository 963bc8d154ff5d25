import { defineCodes } from '../report/findings';
import { DESCRIPTION_MAX, DIGEST_PREFIX, SKILL_INDEX_SCHEMAS, SKILL_NAME_MAX, SKILL_TYPES, WELL_KNOWN } from '../spec';

/** The `$schema` value an index should carry: the newest we know. */
const SCHEMA = SKILL_INDEX_SCHEMAS[SKILL_INDEX_SCHEMAS.length - 1]!;
const [SKILL_MD, ARCHIVE] = SKILL_TYPES;
/** `/.well-known/agent-skills/`: where the RFC's conventional artifact paths live. */
export const SKILLS_DIR = WELL_KNOWN.skillIndex.slice(0, WELL_KNOWN.skillIndex.lastIndexOf('/') + 1);

/** Finding codes of the skill index reader (embedded, stand-alone and legacy copies). */
export const SKILL_INDEX_CODES = defineCodes({
  'index-not-object': {
    severity: 'error',
    hint: 'Make the index a JSON object with `$schema` and a `skills` array.',
  },
  'skills-not-array': {
    severity: 'error',
    hint: 'Add `"skills": [ ... ]` with one object per skill.',
  },
  'no-skills': {
    severity: 'info',
    hint: 'Nothing to do if you publish no skills yet; otherwise add entries to `skills`.',
  },
  'too-many-skills': {
    severity: 'error',
    hint: 'Split the skills over fewer, broader entries or remove unused ones.',
  },
  'unknown-schema': {
    severity: 'warning',
    hint: `Use \`"$schema": "${SCHEMA}"\` exactly.`,
  },
  'missing-schema': {
    severity: 'error',
    hint: `Add \`"$schema": "${SCHEMA}"\` at the top level.`,
  },
  'old-format': {
    severity: 'warning',
    hint: `Publish a v0.2.0 index with \`$schema\` and a \`${DIGEST_PREFIX}\` digest for every skill.`,
  },
  'interim-format': {
    severity: 'warning',
    hint: 'Migrate to v0.2.0: one entry per artifact with `type`, `url` and `digest`; drop `version`, `files` and `package`.',
  },
  'unknown-index-field': {
    severity: 'info',
    hint: 'Agents ignore fields they do not know; remove it or check its spelling.',
  },
  'unknown-entry-field': {
    severity: 'info',
    hint: 'Agents ignore fields they do not know; remove it or check its spelling.',
  },
  'duplicate-name': {
    severity: 'error',
    hint: 'Give every entry its own name; agents install skills under that name.',
  },
  'entry-not-object': {
    severity: 'error',
    hint: 'Each item of `skills` must be an object with name, description, type, url and digest.',
  },
  'bad-name': {
    severity: 'error',
    hint: `Use 1 to ${SKILL_NAME_MAX} of a-z, 0-9 and -, with no leading, trailing or double hyphen.`,
  },
  'bad-description': {
    severity: 'error',
    hint: `Say in 1 to ${DESCRIPTION_MAX} characters what the skill does and when to use it.`,
  },
  'missing-type': {
    severity: 'error',
    hint: `Add \`"type": "${SKILL_MD}"\` for a single SKILL.md or \`"type": "${ARCHIVE}"\` for a bundle.`,
  },
  'unknown-type': {
    severity: 'warning',
    hint: `Use ${SKILL_TYPES.map((t) => `\`${t}\``).join(' or ')} (exact, lower case); agents skip other types.`,
  },
  'bad-url': {
    severity: 'error',
    hint: 'Give the artifact’s URL: absolute, path-absolute or relative to the index.',
  },
  'bad-digest': {
    severity: 'error',
    hint: `Write \`${DIGEST_PREFIX}\` plus the 64 lower-case hex characters of the SHA-256 of the file’s exact bytes.`,
  },
  'digest-field-misnamed': {
    severity: 'error',
    hint: `Rename \`sha256\` to \`digest\` and write its value as \`${DIGEST_PREFIX}<64 lower-case hex>\`.`,
  },
  'url-whitespace': {
    severity: 'warning',
    hint: 'Remove the whitespace: parsers drop it silently, others may not.',
  },
  'url-backslash': {
    severity: 'warning',
    hint: 'Use `/`: browsers read `\\` as `/` in http(s) URLs, other clients do not.',
  },
  'url-encoded-dots': {
    severity: 'info',
    hint: 'Write the path without `%2e`: browsers treat it as `.` and climb directories.',
  },
  'url-leaves-skills-dir': {
    severity: 'info',
    hint: `Allowed, but keeping artifacts under ${SKILLS_DIR} is the convention.`,
  },
  'artifact-other-origin': {
    severity: 'info',
    hint: 'Allowed; make sure you control that origin, since agents trust what it serves.',
  },
  'url-base-differs': {
    severity: 'info',
    hint: 'Use an absolute or path-absolute URL so every client finds the same file.',
  },
  'only-in-poppy-index': {
    severity: 'warning',
    hint: 'Publish the same entries in both copies, or drop the stand-alone copy.',
  },
  'only-in-well-known-index': {
    severity: 'warning',
    hint: 'Publish the same entries in both copies, or drop the stand-alone copy.',
  },
  'index-url-differs': {
    severity: 'warning',
    hint: 'Point both copies at the same file; relative URLs resolve against different documents.',
  },
  'index-digest-differs': {
    severity: 'warning',
    hint: 'Generate both copies from the same build so their digests agree.',
  },
});
