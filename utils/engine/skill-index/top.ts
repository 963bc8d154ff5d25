import { finding, jsonPath, type Finding } from '../report/findings';
import { isObject, kindOf, own } from '../report/json-words';
import { OVER_CAP_LISTED } from '../spec';
import { SKILL_INDEX_CODES as C } from './codes';
import { IndexTopSchema } from './schema';
import type { IndexContext, IndexParse } from './types';

/** The top level: an object with a `skills` array, plus the cap and empty-list findings. */
export function readTop(value: unknown, ctx: IndexContext): IndexParse | { top: object; skills: unknown[]; findings: Finding[] } {
  const where = (...p: (string | number)[]) => ({ document: ctx.document, path: jsonPath([...ctx.pathPrefix, ...p]) });
  if (!isObject(value)) {
    return invalid(finding(C['index-not-object'], `The index is ${kindOf(value)}, not an object.`, where()), ctx);
  }
  const parsed = IndexTopSchema.safeParse(value);
  if (!parsed.success) {
    const skills = own(value, 'skills');
    const message = skills === undefined ? 'The index has no `skills` array.' : `\`skills\` is ${kindOf(skills)}, not an array.`;
    return invalid(finding(C['skills-not-array'], message, where('skills')), ctx);
  }
  const { skills } = parsed.data;
  const findings: Finding[] = [];
  if (skills.length === 0) findings.push(finding(C['no-skills'], 'The index lists no skills.', where('skills')));
  if (skills.length > ctx.maxSkills) {
    const over = skills.length - ctx.maxSkills;
    const unlisted = Math.max(0, over - OVER_CAP_LISTED);
    const tail = unlisted > 0 ? ` The next ${OVER_CAP_LISTED} are listed as not checked; ${unlisted} more are left out of the report.` : '';
    const message = `The index lists ${skills.length} skills; only the first ${ctx.maxSkills} are checked.${tail}`;
    findings.push(finding(C['too-many-skills'], message, where('skills')));
  }
  return { top: value, skills, findings };
}

function invalid(f: Finding, ctx: IndexContext): IndexParse {
  return { format: 'invalid', document: ctx.document, entries: [], findings: [f] };
}
