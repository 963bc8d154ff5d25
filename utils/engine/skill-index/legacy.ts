import { finding, jsonPath } from '../report/findings';
import { isObject, kindOf, own } from '../report/json-words';
import { OVER_CAP_LISTED, WELL_KNOWN } from '../spec';
import { SKILL_INDEX_CODES as C } from './codes';
import { listEntry } from './entry';
import { nameProblem } from './fields';
import { resolveOrNull } from './resolve-url';
import { readTop } from './top';
import type { IndexContext, IndexEntry, IndexParse } from './types';

/** v0.1 has no `url`: SKILL.md lives at `/.well-known/skills/{name}/SKILL.md`. */
const LEGACY_DIR = WELL_KNOWN.legacySkillIndex.slice(0, WELL_KNOWN.legacySkillIndex.lastIndexOf('/') + 1);
const REASON = 'old format (v0.1): no digest to verify';

/**
 * Legacy `/.well-known/skills/index.json` (v0.1), read only when neither current index has skills
 * (Decision D1). Its entries are listed, never verified: there is no digest to check them against.
 */
export function parseLegacyIndex(value: unknown, ctx: IndexContext): IndexParse {
  const read = readTop(value, ctx);
  if ('format' in read) return read;
  const { skills, findings } = read;
  findings.unshift(
    finding(C['old-format'], `Only the old v0.1 index exists (${WELL_KNOWN.legacySkillIndex}): old format, no digests.`, {
      document: ctx.document,
      path: jsonPath(ctx.pathPrefix),
      hint: `Publish ${WELL_KNOWN.skillIndex} (v0.2.0) with a sha256 digest for every skill.`,
    }),
  );
  const entries = skills.slice(0, ctx.maxSkills + OVER_CAP_LISTED).map((raw, i): IndexEntry => {
    if (i >= ctx.maxSkills) {
      const over = listEntry(raw, i, ctx, 'not-checked', `over the ${ctx.maxSkills}-entry limit`);
      return { ...over, url: over.name !== null && nameProblem(over.name) === null ? legacyUrl(over.name, ctx) : null };
    }
    const entry = listEntry(raw, i, ctx, 'skipped', REASON);
    const where = (path: (string | number)[], hint?: string) => ({
      document: ctx.document,
      path: jsonPath(path),
      hint,
      ...(entry.name ? { skill: entry.name } : {}),
    });
    if (!isObject(raw)) {
      const message = `The entry is ${kindOf(raw)}, not an object.`;
      findings.push(finding(C['entry-not-object'], message, where(entry.path)));
      return { ...entry, status: 'invalid', reason: message };
    }
    const problem = nameProblem(own(raw, 'name'));
    if (problem) {
      findings.push(finding(C['bad-name'], problem.message, where([...entry.path, 'name'], problem.hint)));
      return { ...entry, url: null, status: 'invalid', reason: problem.message };
    }
    return { ...entry, url: legacyUrl(entry.name!, ctx) };
  });
  return { format: 'v0.1', document: ctx.document, entries, findings };
}

/** Where v0.1 keeps a skill's SKILL.md; `name` has passed the naming rule, so it is one safe path segment. */
function legacyUrl(name: string, ctx: IndexContext): string | null {
  return resolveOrNull(`${LEGACY_DIR}${name}/SKILL.md`, ctx.document);
}
