import { JsonReader, label, type Path } from '../json/reader';
import { reportUnknownFields, type UnknownField } from '../json/unknown-fields';
import { isObject, own, quote } from '../json/values';
import { EXPECTED_FUTURE_ENTRY_FIELDS, OVER_CAP_LISTED, SKILL_ENTRY, SKILL_INDEX, SKILL_INDEX_FIELDS } from '../spec';
import type { Words } from '../report/words';
import { SCHEMA_FIELD, SKILL_INDEX_CODES as C } from './codes';
import { checkEntry, ENTRY_REASONS, listEntry } from './entry';
import { looksInterim, looksV020 } from './formats';
import { checkSchemaUri } from './schema-uri';
import type { IndexContext, IndexEntry, IndexFormat, IndexParse } from './types';
import { readTop } from './top';

const ENTRY_FIELDS: readonly string[] = [...Object.values(SKILL_ENTRY), ...EXPECTED_FUTURE_ENTRY_FIELDS];

/**
 * Reads a v0.2.0 discovery index, embedded (`skill_index`) or stand-alone. Never throws: every
 * problem is a finding, and every entry gets a status. Entries are left `pending` for the engine,
 * which applies the URL policy, fetches and hashes.
 */
export function parseSkillIndex(value: unknown, ctx: IndexContext): IndexParse {
  const r = new JsonReader(ctx.document);
  const read = readTop(value, ctx, r);
  if ('format' in read) return read;
  const { top, skills } = read;
  const within = skills.slice(0, ctx.maxSkills);
  const overCap = ENTRY_REASONS.overCap({ max: ctx.maxSkills });
  const over = skills
    .slice(ctx.maxSkills, ctx.maxSkills + OVER_CAP_LISTED)
    .map((e, i) => listEntry(e, ctx.maxSkills + i, ctx, 'not-checked', overCap));
  const at = (...p: (string | number)[]): Path => [...ctx.pathPrefix, ...p];
  const listOnly = (format: IndexFormat, reason: Words): IndexParse => ({
    format,
    document: ctx.document,
    entries: [...within.map((e, i) => listEntry(e, i, ctx, 'skipped', reason)), ...over],
    findings: r.findings,
    listed: skills.length,
  });

  // What the format is comes first in the findings: it decides how the rest reads.
  const schema = checkSchemaUri(own(top, SCHEMA_FIELD));
  if (schema.kind === 'unknown') {
    r.reportFirst(schema.problem.said, at(SCHEMA_FIELD), schema.problem.hint ? { hint: schema.problem.hint } : {});
    return listOnly('unknown-schema', ENTRY_REASONS.unknownSchema({ field: SCHEMA_FIELD }));
  }
  if (schema.kind === 'missing') {
    if (looksInterim(top, within)) {
      r.reportFirst(C['interim-format'].says({}), at());
      return listOnly('interim', ENTRY_REASONS.interimFormat({}));
    }
    if (!looksV020(within)) {
      r.reportFirst(C['old-format'].says.noSchema({ field: SCHEMA_FIELD }), at());
      return listOnly('v0.1', ENTRY_REASONS.oldFormat({}));
    }
    r.reportFirst(C['missing-schema'].says({ field: SCHEMA_FIELD }), at(SCHEMA_FIELD));
  }

  const entries: IndexEntry[] = [];
  const unknown: UnknownField[] = [];
  within.forEach((raw, i) => {
    const checked = checkEntry(r, raw, i, ctx);
    entries.push(checked.entry);
    if (isObject(raw) && checked.entry.status !== 'skipped')
      unknown.push(...unknownKeys(raw, checked.entry.path, ENTRY_FIELDS, checked.explained));
  });
  reportDuplicateNames(r, entries);
  reportUnknownFields(r, unknownKeys(top, ctx.pathPrefix, SKILL_INDEX_FIELDS), C['unknown-index-field'], ctx.pathPrefix);
  reportUnknownFields(r, unknown, C['unknown-entry-field'], at(SKILL_INDEX.skills));
  return { format: 'v0.2.0', document: ctx.document, entries: [...entries, ...over], findings: r.findings, listed: skills.length };
}

/** Keys of `obj` that are neither known nor explained by another finding (a `sha256` for `digest`). */
function unknownKeys(obj: object, path: Path, known: readonly string[], explained: readonly string[] = []): UnknownField[] {
  return Object.keys(obj)
    .filter((key) => !known.includes(key) && !explained.includes(key))
    .map((key) => ({ key, path: [...path, key], known }));
}

/** D8: each repeat of a name is an error; every entry is still checked on its own. */
function reportDuplicateNames(r: JsonReader, entries: readonly IndexEntry[]): void {
  const first = new Map<string, IndexEntry>();
  for (const e of entries) {
    if (e.name === null) continue;
    const earlier = first.get(e.name);
    if (earlier === undefined) first.set(e.name, e);
    else
      r.report(C['duplicate-name'].says({ name: quote(e.name), first: label(earlier.path) }), [...e.path, SKILL_ENTRY.name], {
        skill: e.name,
      });
  }
}
