import { finding, jsonPath, type Finding } from '../report/findings';
import { isObject, own } from '../report/json-words';
import { EXPECTED_FUTURE_ENTRY_FIELDS, OVER_CAP_LISTED, SKILL_ENTRY, SKILL_INDEX_FIELDS } from '../spec';
import { SKILL_INDEX_CODES as C } from './codes';
import { checkEntry, listEntry } from './entry';
import { looksInterim, looksV020 } from './formats';
import { checkSchemaUri } from './schema-uri';
import type { IndexContext, IndexEntry, IndexFormat, IndexParse } from './types';
import { unknownFieldFindings, type FieldOwner } from './unknown-fields';
import { readTop } from './top';

const ENTRY_FIELDS: readonly string[] = [...Object.values(SKILL_ENTRY), ...EXPECTED_FUTURE_ENTRY_FIELDS];

/**
 * Reads a v0.2.0 discovery index, embedded (`skill_index`) or stand-alone. Never throws: every
 * problem is a finding, and every entry gets a status. Entries are left `pending` for the engine,
 * which applies the URL policy, fetches and hashes.
 */
export function parseSkillIndex(value: unknown, ctx: IndexContext): IndexParse {
  const read = readTop(value, ctx);
  if ('format' in read) return read;
  const { top, skills, findings } = read;
  const within = skills.slice(0, ctx.maxSkills);
  const over = skills
    .slice(ctx.maxSkills, ctx.maxSkills + OVER_CAP_LISTED)
    .map((e, i) => listEntry(e, ctx.maxSkills + i, ctx, 'not-checked', `over the ${ctx.maxSkills}-entry limit`));
  const at = (...p: (string | number)[]) => ({ document: ctx.document, path: jsonPath([...ctx.pathPrefix, ...p]) });
  const listOnly = (format: IndexFormat, reason: string): IndexParse => ({
    format,
    document: ctx.document,
    entries: [...within.map((e, i) => listEntry(e, i, ctx, 'skipped', reason)), ...over],
    findings,
  });

  const schema = checkSchemaUri(own(top, '$schema'));
  if (schema.kind === 'unknown') {
    findings.unshift(finding(C['unknown-schema'], schema.problem.message, { ...at('$schema'), hint: schema.problem.hint }));
    return listOnly('unknown-schema', 'unknown `$schema`: the index is not checked');
  }
  if (schema.kind === 'missing') {
    if (looksInterim(top, within)) {
      findings.unshift(
        finding(
          C['interim-format'],
          'The index uses the interim "0.2.0" draft format (top-level `version` or `files` objects), which was never released.',
          at(),
        ),
      );
      return listOnly('interim', 'interim draft format: not verified');
    }
    if (!looksV020(within)) {
      findings.unshift(finding(C['old-format'], 'The index has no `$schema` and reads as v0.1: old format, no digests.', at()));
      return listOnly('v0.1', 'old format (v0.1): no digest to verify');
    }
    findings.unshift(
      finding(
        C['missing-schema'],
        'The index has no `$schema`; its entries look like v0.2.0, so clients that read it as v0.1 find nothing.',
        at('$schema'),
      ),
    );
  }

  const entries: IndexEntry[] = [];
  const owners: FieldOwner[] = [];
  within.forEach((raw, i) => {
    const checked = checkEntry(raw, i, ctx);
    entries.push(checked.entry);
    findings.push(...checked.findings);
    if (isObject(raw) && checked.entry.status !== 'skipped')
      owners.push({ value: raw, path: checked.entry.path, explained: checked.explained });
  });
  findings.push(...duplicateNames(entries, ctx));
  findings.push(
    ...unknownFieldFindings([{ value: top, path: ctx.pathPrefix }], SKILL_INDEX_FIELDS, C['unknown-index-field'], ctx.document),
  );
  findings.push(...unknownFieldFindings(owners, ENTRY_FIELDS, C['unknown-entry-field'], ctx.document));
  return { format: 'v0.2.0', document: ctx.document, entries: [...entries, ...over], findings };
}

/** D8: each repeat of a name is an error; every entry is still checked on its own. */
function duplicateNames(entries: readonly IndexEntry[], ctx: IndexContext): Finding[] {
  const first = new Map<string, number>();
  const out: Finding[] = [];
  for (const e of entries) {
    if (e.name === null) continue;
    const earlier = first.get(e.name);
    if (earlier === undefined) {
      first.set(e.name, e.position);
      continue;
    }
    const message = `The name ${JSON.stringify(e.name.slice(0, 80))} is already used by skills[${earlier}].`;
    out.push(finding(C['duplicate-name'], message, { document: ctx.document, path: jsonPath([...e.path, 'name']), skill: e.name }));
  }
  return out;
}
