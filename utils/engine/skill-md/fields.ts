import { isMap, isSeq, type YAMLMap } from 'yaml';
import { didYouMean } from '../text/did-you-mean';
import { finding, jsonPath, type Finding } from '../report/findings';
import { and } from '../report/words';
import { COMPATIBILITY_MAX, DESCRIPTION_MAX, SKILL_MD, SKILL_MD_FIELDS } from '../spec';
import { SKILL_MD_CODES } from './codes';
import { checkName } from './name';
import { PLAIN_LIMITS } from './plain';
import { quote } from '../json/values';
import { codePoints } from './text';
import type { SkillMdContext } from './types';
import { describeValue, isEmptyValue, keyText, resolved, stringValue, type FieldValue, type YamlScan } from './yaml-walk';

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
    ...optionalString(fields, SKILL_MD.license, ctx.document),
    ...compatibilityFindings(fields, ctx.document),
    ...metadataFindings(fields, scan, ctx.document),
    ...allowedToolsFindings(fields, ctx.document),
    ...unknownKeyFindings(fields, ctx.document),
  ];
}

function nameFindings(fields: Fields, ctx: SkillMdContext): Finding[] {
  const text = requiredString(fields, SKILL_MD.name, SKILL_MD_CODES['skill-md-name-missing'], ctx.document);
  return typeof text === 'string' ? checkName(text, ctx.indexName, ctx.document) : text;
}

function descriptionFindings(fields: Fields, ctx: SkillMdContext): Finding[] {
  const text = requiredString(fields, SKILL_MD.description, SKILL_MD_CODES['skill-md-description-missing'], ctx.document);
  if (typeof text !== 'string') return text;
  const out: Finding[] = [];
  const length = codePoints(text);
  if (length > DESCRIPTION_MAX) {
    // A folded or literal block keeps its last line break, and it counts (skill-md.md §3).
    const says = SKILL_MD_CODES['skill-md-description-too-long'].says;
    const values = { length, max: DESCRIPTION_MAX };
    out.push(
      finding(
        codePoints(text.trimEnd()) <= DESCRIPTION_MAX ? says.block(values) : says.plain(values),
        at(ctx.document, SKILL_MD.description),
      ),
    );
  }
  if (ctx.indexDescription !== null) {
    const ours = text.trim();
    const theirs = ctx.indexDescription.trim();
    if (ours !== theirs) {
      const spacing = ours.replace(/\s+/g, ' ') === theirs.replace(/\s+/g, ' ');
      const said = spacing
        ? SKILL_MD_CODES['skill-md-description-whitespace'].says({})
        : SKILL_MD_CODES['skill-md-description-differs'].says({ index: quote(theirs), frontmatter: quote(ours) });
      out.push(finding(said, at(ctx.document, SKILL_MD.description)));
    }
  }
  return out;
}

type RequiredSpec = (typeof SKILL_MD_CODES)['skill-md-name-missing'];

/** The field's non-blank string, or the findings saying why there is none. */
function requiredString(fields: Fields, field: string, missing: RequiredSpec, document: string): string | Finding[] {
  if (!fields.has(field)) return [finding(missing.says.absent({ field }), { document })];
  const node = fields.get(field) ?? null;
  const text = stringValue(node);
  if (text === null)
    return [isEmptyValue(node) ? finding(missing.says.empty({ field }), at(document, field)) : notString(field, node, document)];
  if (text.trim() === '') {
    return [finding(text === '' ? missing.says.emptyString({ field }) : missing.says.whitespace({ field }), at(document, field))];
  }
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
  if (!fields.has(SKILL_MD.compatibility)) return [];
  const node = fields.get(SKILL_MD.compatibility) ?? null;
  const where = at(document, SKILL_MD.compatibility);
  const text = stringValue(node);
  if (text === '' || (text === null && isEmptyValue(node))) {
    return [finding(SKILL_MD_CODES['skill-md-compatibility-empty'].says({}), where)];
  }
  if (text === null) return [notString(SKILL_MD.compatibility, node, document)];
  const length = codePoints(text);
  if (length <= COMPATIBILITY_MAX) return [];
  return [finding(SKILL_MD_CODES['skill-md-compatibility-too-long'].says({ length, max: COMPATIBILITY_MAX }), where)];
}

function metadataFindings(fields: Fields, scan: YamlScan, document: string): Finding[] {
  if (!fields.has(SKILL_MD.metadata)) return [];
  const node = fields.get(SKILL_MD.metadata) ?? null;
  const { says } = SKILL_MD_CODES['skill-md-metadata-not-string-map'];
  if (!isMap(node)) return [finding(says.notMap({ kind: describeValue(node) }), at(document, SKILL_MD.metadata))];
  const out: Finding[] = [];
  for (const pair of node.items.slice(0, PLAIN_LIMITS.entries)) {
    const key = keyText(pair.key);
    const value = resolved(pair.value, scan);
    if (key === null || stringValue(value) !== null) continue;
    out.push(
      finding(says.value({ path: `${SKILL_MD.metadata}.${key.slice(0, 64)}`, kind: describeValue(value) }), {
        document,
        path: jsonPath([SKILL_MD.metadata, key]),
      }),
    );
    if (out.length === MAX_PER_RULE) break;
  }
  return out;
}

function allowedToolsFindings(fields: Fields, document: string): Finding[] {
  const field = SKILL_MD.allowedTools;
  if (!fields.has(field)) return [];
  const node = fields.get(field) ?? null;
  if (isSeq(node)) return [finding(SKILL_MD_CODES['skill-md-allowed-tools-list'].says({}), at(document, field))];
  return stringValue(node) === null ? [notString(field, node, document)] : [];
}

function unknownKeyFindings(fields: Fields, document: string): Finding[] {
  const unknown: string[] = [];
  for (const key of fields.keys()) if (!KNOWN.includes(key) && unknown.push(key) === MAX_PER_RULE) break;
  const spec = SKILL_MD_CODES['skill-md-unknown-key'];
  return unknown.map((key) => {
    const guess = didYouMean(key, KNOWN);
    const said = spec.says({ key: quote(key), known: and([...KNOWN]) });
    return finding(said, { ...at(document, key), ...(guess ? { hint: spec.fixes.guess({ guess }) } : {}) });
  });
}

function notString(field: string, node: FieldValue, document: string): Finding {
  const spec = SKILL_MD_CODES['skill-md-not-a-string'];
  const hint = isEmptyValue(node) ? { hint: spec.fixes.empty({ field }) } : {};
  return finding(spec.says({ field, kind: describeValue(node) }), { ...at(document, field), ...hint });
}
