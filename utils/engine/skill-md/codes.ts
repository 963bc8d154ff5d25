import { defineCodes } from '../report/findings';
import { COMPATIBILITY_MAX, DESCRIPTION_MAX, SKILL_BODY_LINES_HINT, SKILL_BODY_TOKENS_HINT, SKILL_NAME_MAX } from '../spec';

/**
 * SKILL.md findings (Decision D6, skill-md.md §2–§5). Severities are ours and strict; where real
 * clients are more lenient the hint says so, so owners know what an agent will tolerate.
 */
export const SKILL_MD_CODES = defineCodes({
  'skill-md-not-utf8': {
    severity: 'error',
    hint: 'Save SKILL.md as UTF-8.',
  },
  'skill-md-bom': {
    severity: 'error',
    hint: 'Save the file without a byte order mark; clients differ: skills-ref rejects it, others strip it.',
  },
  'skill-md-leading-blank-line': {
    severity: 'error',
    hint: 'Make `---` the very first line; clients differ: skills-ref rejects a blank line before it, others skip it.',
  },
  'skill-md-no-frontmatter': {
    severity: 'error',
    hint: 'Start the file with a line `---`, then `name:` and `description:`, then a closing `---` line.',
  },
  'skill-md-frontmatter-unclosed': {
    severity: 'error',
    hint: 'End the frontmatter with a line that is exactly `---`.',
  },
  'skill-md-frontmatter-too-large': {
    // Not parsed, so its name is never compared with the index: the skill cannot be vouched for.
    severity: 'error',
    hint: 'Keep the frontmatter short (name, description, a few optional fields); move long text into the body.',
  },
  'skill-md-yaml-invalid': {
    severity: 'error',
    hint: 'Fix the YAML; clients skip a skill whose frontmatter does not parse.',
  },
  'skill-md-duplicate-key': {
    severity: 'error',
    hint: 'Keep one of the two entries; parsers disagree on which one wins.',
  },
  'skill-md-frontmatter-not-mapping': {
    severity: 'error',
    hint: 'The frontmatter must be a YAML mapping of `key: value` lines, with at least `name` and `description`.',
  },
  'skill-md-yaml-flow-style': {
    severity: 'warning',
    hint: 'Write lists and maps in block style (one item a line); the reference validator (skills-ref) rejects flow style.',
  },
  'skill-md-yaml-anchor': {
    severity: 'warning',
    hint: 'Write the value out in full; the reference validator (skills-ref) rejects anchors and aliases.',
  },
  'skill-md-yaml-tag': {
    severity: 'warning',
    hint: 'Remove the tag and quote the value instead; the reference validator (skills-ref) rejects tags.',
  },
  'skill-md-yaml-complex-key': {
    severity: 'warning',
    hint: 'Use plain text keys; a list or map as a key means nothing to clients and is ignored here.',
  },
  'skill-md-frontmatter-truncated': {
    severity: 'warning',
    hint: 'Keep frontmatter values small and flat; only a bounded copy is kept in the report.',
  },
  'skill-md-delimiter-in-value': {
    severity: 'warning',
    hint: 'Avoid `---` inside the frontmatter (use a dash or rephrase): skills-ref ends the frontmatter there and truncates the value.',
  },
  'skill-md-not-a-string': {
    severity: 'error',
    hint: 'Put the value in quotes so every parser reads it as a string.',
  },
  'skill-md-name-missing': {
    severity: 'error',
    hint: 'Add `name:` with the skill name exactly as the index lists it.',
  },
  'skill-md-name-invalid': {
    severity: 'error',
    hint: `Use 1 to ${SKILL_NAME_MAX} of a-z, 0-9 and single inner hyphens (e.g. \`pdf-tools\`); clients may load an over-long name with a warning.`,
  },
  'skill-md-name-mismatch': {
    severity: 'error',
    hint: 'Make the frontmatter `name` equal the index entry name: installers save the skill under the index name.',
  },
  'skill-md-description-missing': {
    severity: 'error',
    hint: 'Add a `description` that says what the skill does and when to use it; clients skip a skill without one.',
  },
  'skill-md-description-too-long': {
    severity: 'error',
    hint: `Shorten the description to ${DESCRIPTION_MAX} characters; move detail into the body.`,
  },
  'skill-md-description-differs': {
    severity: 'warning',
    hint: 'Generate the index description from the frontmatter so the two never drift apart.',
  },
  'skill-md-description-whitespace': {
    severity: 'warning',
    hint: 'Copy the description verbatim into the index (line breaks and spaces included), or generate it from the frontmatter.',
  },
  'skill-md-compatibility-empty': {
    severity: 'error',
    hint: `Remove \`compatibility\`, or say what the skill needs (1 to ${COMPATIBILITY_MAX} characters); skills-ref accepts an empty value, the specification does not.`,
  },
  'skill-md-compatibility-too-long': {
    severity: 'error',
    hint: `Shorten \`compatibility\` to ${COMPATIBILITY_MAX} characters.`,
  },
  'skill-md-metadata-not-string-map': {
    severity: 'warning',
    hint: 'Make `metadata` a map of keys to quoted string values (e.g. `version: "1.0"`).',
  },
  'skill-md-allowed-tools-list': {
    severity: 'warning',
    hint: 'Write `allowed-tools` as one space-separated string, e.g. `allowed-tools: Bash(git:*) Read`.',
  },
  'skill-md-unknown-key': {
    severity: 'warning',
    hint: 'Move it under `metadata` as a string value.',
  },
  'skill-md-body-long': {
    severity: 'info',
    hint: `Keep SKILL.md under ${SKILL_BODY_LINES_HINT} lines; move reference material into files the skill links to.`,
  },
  'skill-md-body-large': {
    severity: 'info',
    hint: `Keep the instructions under about ${SKILL_BODY_TOKENS_HINT} tokens; move reference material into files the skill links to.`,
  },
});
