import { JsonReader } from '../json/reader';
import { isObject, kindOf, own } from '../json/values';
import { OVER_CAP_LISTED, SKILL_ENTRY, WELL_KNOWN } from '../spec';
import { SKILL_INDEX_CODES as C } from './codes';
import { ENTRY_REASONS, listEntry } from './entry';
import { nameProblem } from './fields';
import { resolveOrNull } from './resolve-url';
import { readTop } from './top';
import type { IndexContext, IndexEntry, IndexParse } from './types';

/** v0.1 has no `url`: SKILL.md lives at `/.well-known/skills/{name}/SKILL.md`. */
const LEGACY_DIR = WELL_KNOWN.legacySkillIndex.slice(0, WELL_KNOWN.legacySkillIndex.lastIndexOf('/') + 1);

/**
 * Legacy `/.well-known/skills/index.json` (v0.1), read only when neither current index has skills
 * (Decision D1). Its entries are listed, never verified: there is no digest to check them against.
 */
export function parseLegacyIndex(value: unknown, ctx: IndexContext): IndexParse {
  const r = new JsonReader(ctx.document);
  const read = readTop(value, ctx, r);
  if ('format' in read) return read;
  const { skills } = read;
  r.reportFirst(C['old-format'].says.legacyOnly({ path: WELL_KNOWN.legacySkillIndex }), ctx.pathPrefix, {
    hint: C['old-format'].fixes.legacy({ path: WELL_KNOWN.skillIndex }),
  });
  const overCap = ENTRY_REASONS.overCap({ max: ctx.maxSkills });
  const oldFormat = ENTRY_REASONS.oldFormat({});
  const entries = skills.slice(0, ctx.maxSkills + OVER_CAP_LISTED).map((raw, i): IndexEntry => {
    if (i >= ctx.maxSkills) {
      const over = listEntry(raw, i, ctx, 'not-checked', overCap);
      return { ...over, url: over.name !== null && nameProblem(over.name) === null ? legacyUrl(over.name, ctx) : null };
    }
    const entry = listEntry(raw, i, ctx, 'skipped', oldFormat);
    const skill = entry.name ? { skill: entry.name } : {};
    if (!isObject(raw)) {
      const said = C['entry-not-object'].says({ kind: kindOf(raw) });
      r.report(said, entry.path, skill);
      return { ...entry, status: 'invalid', reason: said.message };
    }
    const problem = nameProblem(own(raw, SKILL_ENTRY.name));
    if (problem) {
      r.report(problem.said, [...entry.path, SKILL_ENTRY.name], { ...skill, ...(problem.hint ? { hint: problem.hint } : {}) });
      return { ...entry, url: null, status: 'invalid', reason: problem.said.message };
    }
    return { ...entry, url: legacyUrl(entry.name!, ctx) };
  });
  return { format: 'v0.1', document: ctx.document, entries, findings: r.findings, listed: skills.length };
}

/** Where v0.1 keeps a skill's SKILL.md; `name` has passed the naming rule, so it is one safe path segment. */
function legacyUrl(name: string, ctx: IndexContext): string | null {
  return resolveOrNull(`${LEGACY_DIR}${name}/SKILL.md`, ctx.document);
}
