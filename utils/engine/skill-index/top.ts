import type { Finding } from '../report/findings';
import { JsonReader } from '../json/reader';
import { isObject, kindOf, own } from '../json/values';
import { OVER_CAP_LISTED, SKILL_INDEX } from '../spec';
import { SKILL_INDEX_CODES as C } from './codes';
import type { IndexContext, IndexParse } from './types';

const SKILLS = SKILL_INDEX.skills;

/**
 * The top level: an object with a `skills` array, plus the cap and empty-list findings. `skills`
 * is read as unknown items, so that one bad entry, an unknown `type` or entry 201 never rejects
 * the whole index; the fetcher caps the document (D5, fitting `maxSkills` entries) and we stop at `maxSkills`.
 */
export function readTop(value: unknown, ctx: IndexContext, r: JsonReader): IndexParse | { top: object; skills: unknown[] } {
  const at = (...p: (string | number)[]) => [...ctx.pathPrefix, ...p];
  if (!isObject(value)) {
    r.report(C['index-not-object'].says({ kind: kindOf(value) }), at());
    return invalid(r.findings, ctx);
  }
  const skills = own(value, SKILLS);
  if (!Array.isArray(skills)) {
    const said =
      skills === undefined
        ? C['skills-not-array'].says.missing({ field: SKILLS })
        : C['skills-not-array'].says.notArray({ field: SKILLS, kind: kindOf(skills) });
    r.report(said, at(SKILLS));
    return invalid(r.findings, ctx);
  }
  if (skills.length === 0) r.report(C['no-skills'].says({}), at(SKILLS));
  if (skills.length > ctx.maxSkills) {
    const over = skills.length - ctx.maxSkills;
    const unlisted = Math.max(0, over - OVER_CAP_LISTED);
    const values = { count: skills.length, max: ctx.maxSkills };
    r.report(
      unlisted > 0
        ? C['too-many-skills'].says.listed({ ...values, listed: OVER_CAP_LISTED, unlisted })
        : C['too-many-skills'].says.checked(values),
      at(SKILLS),
    );
  }
  return { top: value, skills };
}

function invalid(findings: Finding[], ctx: IndexContext): IndexParse {
  return { format: 'invalid', document: ctx.document, entries: [], findings, listed: 0 };
}
