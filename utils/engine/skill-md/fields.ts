import { isMap, isSeq, type YAMLMap } from 'yaml';
import { didYouMean } from '../text/did-you-mean';
import { finding, jsonPath, type Finding, type FindingSpec } from '../report/findings';
import { COMPATIBILITY_MAX, DESCRIPTION_MAX, SKILL_MD_FIELDS } from '../spec';
import { SKILL_MD_CODES } from './codes';
import { checkName } from './name';
import { PLAIN_LIMITS } from './plain';
import { codePoints, quote } from './text';
import type { SkillMdContext } from './types';
import { describeValue, keyText, resolved, stringValue, type FieldValue, type YamlScan } from './yaml-walk';

/** Per-key findings (unknown keys, metadata values) stop here: the rest add nothing new. */
const MAX_PER_RULE = 10;
const KNOWN: readonly string[] = SKILL_MD_FIELDS;

/** The top-level fields by key, in document order. */
export type Fields = ReadonlyMap<string, FieldValue>;

/** The first PLAIN_LIMITS.entries keys of the parsed mapping, aliases resolved; a repeated key keeps its first value. */
export function fieldsOf(map: YAMLMap, scan: YamlScan): Fields {
  const fields = new Map<string, FieldValue>();
  for (const pair of map.items.slice(0, PLAIN_LIMITS.entries)) {
    const key = keyText(pair.key);
    if (key !== null && !fields.has(key)) fields.set(key, resolved(pair.value, scan));
  }
  return fields;
}

/** The frontmatter fields against D6 and skill-md.md §2 (our severities, not skills-ref's). */
export function checkFields(fields: Fields, scan: YamlScan, ctx: SkillMdContext): Finding[] {
  return [
    ...nameFindings(fields, ctx),
    ...descriptionFindings(fields, ctx),
    ...optionalString(fields, 'license', ctx.document),
    ...compatibilityFindings(fields, ctx.document),
    ...metadataFindings(fields, scan, ctx.document),
    ...allowedToolsFindings(fields, ctx.document),
    ...unknownKeyFindings(fields, ctx.document),
  ];
}

function nameFindings(fields: Fields, ctx: SkillMdContext): Finding[] {
  const text = requiredString(fields, 'name', SKILL_MD_CODES['skill-md-name-missing'], ctx.document);
  return typeof text === 'string' ? checkName(text, ctx.indexName, ctx.document) : text;
}

function descriptionFindings(fields: Fields, ctx: SkillMdContext): Finding[] {
  const text = requiredString(fields, 'description', SKILL_MD_CODES['skill-md-description-missing'], ctx.document);
  if (typeof text !== 'string') return text;
  const out: Finding[] = [];
  const length = codePoints(text);
  if (length > DESCRIPTION_MAX) {
    // A folded or literal block keeps its last line break, and it counts (skill-md.md §3).
    const note = codePoints(text.trimEnd()) <= DESCRIPTION_MAX ? ', counting the line break that ends the `>`/`|` block' : '';
    out.push(
      finding(
        SKILL_MD_CODES['skill-md-description-too-long'],
        `The description is ${length} characters long (at most ${DESCRIPTION_MAX})${note}.`,
        at(ctx.document, 'description'),
      ),
    );
  }
  if (ctx.indexDescription !== null) {
    const ours = text.trim();
    const theirs = ctx.indexDescription.trim();
    if (ours !== theirs) {
      const spacing = ours.replace(/\s+/g, ' ') === theirs.replace(/\s+/g, ' ');
      const spec = spacing ? SKILL_MD_CODES['skill-md-description-whitespace'] : SKILL_MD_CODES['skill-md-description-differs'];
      const message = spacing
        ? 'The index description differs from the frontmatter description only in whitespace.'
        : `The index description ${quote(theirs)} differs from the frontmatter description ${quote(ours)}.`;
      out.push(finding(spec, message, at(ctx.document, 'description')));
    }
  }
  return out;
}

/** The field's non-blank string, or the findings saying why there is none. */
function requiredString(fields: Fields, field: string, missing: FindingSpec, document: string): string | Finding[] {
  if (!fields.has(field)) return [finding(missing, `The frontmatter has no \`${field}\`.`, { document })];
  const node = fields.get(field) ?? null;
  const text = stringValue(node);
  if (text === null)
    return [
      describeValue(node) === 'empty' ? finding(missing, `\`${field}\` is empty.`, at(document, field)) : notString(field, node, document),
    ];
  if (text.trim() === '')
    return [finding(missing, `\`${field}\` is ${text === '' ? 'an empty string' : 'only whitespace'}.`, at(document, field))];
  return text;
}

/** Where a finding about a top-level field points. */
function at(document: string, field: string): { document: string; path: string } {
  return { document, path: jsonPath([field]) };
}

function optionalString(fields: Fields, field: string, document: string): Finding[] {
  if (!fields.has(field)) return [];
  const node = fields.get(field) ?? null;
  return stringValue(node) === null ? [notString(field, node, document)] : [];
}

function compatibilityFindings(fields: Fields, document: string): Finding[] {
  if (!fields.has('compatibility')) return [];
  const node = fields.get('compatibility') ?? null;
  const where = { document, path: jsonPath(['compatibility']) };
  const text = stringValue(node);
  if (text === '' || (text === null && describeValue(node) === 'empty')) {
    return [finding(SKILL_MD_CODES['skill-md-compatibility-empty'], '`compatibility` is empty.', where)];
  }
  if (text === null) return [notString('compatibility', node, document)];
  const length = codePoints(text);
  if (length <= COMPATIBILITY_MAX) return [];
  return [
    finding(
      SKILL_MD_CODES['skill-md-compatibility-too-long'],
      `\`compatibility\` is ${length} characters long (at most ${COMPATIBILITY_MAX}).`,
      where,
    ),
  ];
}

function metadataFindings(fields: Fields, scan: YamlScan, document: string): Finding[] {
  if (!fields.has('metadata')) return [];
  const node = fields.get('metadata') ?? null;
  const spec = SKILL_MD_CODES['skill-md-metadata-not-string-map'];
  if (!isMap(node))
    return [finding(spec, `\`metadata\` is ${describeValue(node)}, not a map of strings.`, { document, path: jsonPath(['metadata']) })];
  const out: Finding[] = [];
  for (const pair of node.items.slice(0, PLAIN_LIMITS.entries)) {
    const key = keyText(pair.key);
    const value = resolved(pair.value, scan);
    if (key === null || stringValue(value) !== null) continue;
    out.push(
      finding(spec, `\`metadata.${key.slice(0, 64)}\` is ${describeValue(value)}, not a string.`, {
        document,
        path: jsonPath(['metadata', key]),
      }),
    );
    if (out.length === MAX_PER_RULE) break;
  }
  return out;
}

function allowedToolsFindings(fields: Fields, document: string): Finding[] {
  const field = 'allowed-tools';
  if (!fields.has(field)) return [];
  const node = fields.get(field) ?? null;
  if (isSeq(node)) {
    const message = '`allowed-tools` is a list; the specification defines a space-separated string.';
    return [finding(SKILL_MD_CODES['skill-md-allowed-tools-list'], message, { document, path: jsonPath([field]) })];
  }
  return stringValue(node) === null ? [notString(field, node, document)] : [];
}

function unknownKeyFindings(fields: Fields, document: string): Finding[] {
  const unknown: string[] = [];
  for (const key of fields.keys()) if (!KNOWN.includes(key) && unknown.push(key) === MAX_PER_RULE) break;
  return unknown.map((key) => {
    const message = `Unknown frontmatter key ${quote(key)}: the reference validator (skills-ref) rejects any key besides ${KNOWN.join(', ')}.`;
    const guess = didYouMean(key, KNOWN);
    const hint = guess ? `Did you mean \`${guess}\`? If not, move it under \`metadata\` as a string value.` : undefined;
    return finding(SKILL_MD_CODES['skill-md-unknown-key'], message, { document, path: jsonPath([key]), ...(hint ? { hint } : {}) });
  });
}

function notString(field: string, node: FieldValue, document: string): Finding {
  const what = describeValue(node);
  const where = { document, path: jsonPath([field]) };
  const hint = what === 'empty' ? `Give \`${field}\` a quoted value, or remove the key.` : undefined;
  return finding(
    SKILL_MD_CODES['skill-md-not-a-string'],
    `\`${field}\` must be a string; it is ${what}.`,
    hint ? { ...where, hint } : where,
  );
}
