import { kindOf, quote } from '../json/values';
import { didYouMean } from '../text/did-you-mean';
import { DESCRIPTION_MAX, SKILL_ENTRY, SKILL_TYPES, SKILL_URL_MAX } from '../spec';
import { and } from '../report/words';
import { NAME_NOTES, skillNameProblems, suggestSkillName } from '../skill-md/name-rule';
import { SKILL_INDEX_CODES as C } from './codes';
import type { Problem } from './types';

/**
 * The rules of one v0.2.0 entry, field by field: each says what is wrong with a value, or null.
 * These are the only copy of the entry rules: the reader (entry.ts) reports what they say.
 */

/** Why an entry `name` breaks the Agent Skills naming rule (ASCII only, Decision D6), or null. */
export function nameProblem(value: unknown): Problem | null {
  const field = SKILL_ENTRY.name;
  const says = C['bad-name'].says;
  if (value === undefined) return { said: says.missing({ field }) };
  if (typeof value !== 'string') return { said: says.notString({ field, kind: kindOf(value) }) };
  if (value === '') return { said: says.empty({ field }) };
  const problems = skillNameProblems(value);
  if (problems.length === 0) return null;
  const suggestion = suggestSkillName(value);
  const said = says.problems({ name: quote(value), problems: and(problems) });
  return suggestion === null ? { said } : { said, hint: NAME_NOTES.tryName({ name: suggestion }) };
}

/** Descriptions count code points (Decision D6): 1024 emoji are fine. Whitespace-only is empty. */
export function descriptionProblem(value: unknown): Problem | null {
  const field = SKILL_ENTRY.description;
  const says = C['bad-description'].says;
  if (value === undefined) return { said: says.missing({ field }) };
  if (typeof value !== 'string') return { said: says.notString({ field, kind: kindOf(value) }) };
  if (value.trim() === '') return { said: value === '' ? says.empty({ field }) : says.whitespace({ field }) };
  // Code points are never more than UTF-16 units: only a long string needs counting.
  const length = value.length > DESCRIPTION_MAX ? [...value].length : value.length;
  return length > DESCRIPTION_MAX ? { said: says.tooLong({ field, length, max: DESCRIPTION_MAX }) } : null;
}

/** WHATWG URL parsing strips leading and trailing C0 controls and spaces. */
export const URL_EDGE_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/** Shape problems of `url` only; resolving it is `resolveEntryUrl`'s job. */
export function urlProblem(value: unknown): Problem | null {
  const field = SKILL_ENTRY.url;
  const says = C['bad-url'].says;
  if (value === undefined) return { said: says.missing({ field }) };
  if (typeof value !== 'string') return { said: says.notString({ field, kind: kindOf(value) }) };
  if (value === '') return { said: says.empty({ field }) };
  if (value.length > SKILL_URL_MAX) {
    return { said: says.tooLong({ field, length: value.length, max: SKILL_URL_MAX }), hint: C['bad-url'].fixes.shorter({}) };
  }
  if (value.replace(URL_EDGE_SPACE, '') === '') return { said: says.whitespace({ field }) };
  return null;
}

/** Common ways owners spell the two types, folded as `fold` does. */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  skill: 'skill-md',
  skillmd: 'skill-md',
  md: 'skill-md',
  markdown: 'skill-md',
  zip: 'archive',
  tar: 'archive',
  targz: 'archive',
  tgz: 'archive',
  bundle: 'archive',
};

export type TypeCheck = { kind: 'ok' } | { kind: 'invalid' | 'unknown'; problem: Problem };

/** A missing `type` breaks the schema (D8); a value we don't know means skip and warn (RFC). */
export function checkType(value: unknown): TypeCheck {
  const field = SKILL_ENTRY.type;
  if (value === undefined) return { kind: 'invalid', problem: { said: C['missing-type'].says.missing({ field }) } };
  if (typeof value !== 'string') {
    return { kind: 'invalid', problem: { said: C['missing-type'].says.notString({ field, kind: kindOf(value) }) } };
  }
  if ((SKILL_TYPES as readonly string[]).includes(value)) return { kind: 'ok' };
  const folded = value.toLowerCase().replace(/[-_. ]/g, '');
  const guess = Object.hasOwn(TYPE_ALIASES, folded) ? TYPE_ALIASES[folded] : didYouMean(value, SKILL_TYPES);
  const said = C['unknown-type'].says({ field, value: quote(value), known: and(SKILL_TYPES.map((t) => `\`${t}\``)) });
  return { kind: 'unknown', problem: guess ? { said, hint: C['unknown-type'].fixes.guess({ guess }) } : { said } };
}
