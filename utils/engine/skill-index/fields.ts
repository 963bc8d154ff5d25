import { didYouMean } from '../text/did-you-mean';
import { kindOf, quote } from '../report/json-words';
import { DESCRIPTION_MAX, SKILL_NAME_MAX, SKILL_NAME_PATTERN, SKILL_TYPES, SKILL_URL_MAX } from '../spec';
import type { Problem } from './types';

/** Why an entry `name` breaks the Agent Skills naming rule (ASCII only, Decision D6), or null. */
export function nameProblem(value: unknown): Problem | null {
  if (value === undefined) return { message: 'The entry has no `name`.' };
  if (typeof value !== 'string') return { message: `\`name\` must be a string, not ${kindOf(value)}.` };
  if (value === '') return { message: '`name` is empty.' };
  const length = [...value].length;
  if (length > SKILL_NAME_MAX) return { message: `\`name\` is ${length} characters long; the limit is ${SKILL_NAME_MAX}.` };
  if (SKILL_NAME_PATTERN.test(value)) return null;
  const shown = quote(value);
  const hint = suggestName(value);
  if (/[^\x20-\x7e]/.test(value)) return { message: `\`name\` ${shown} has characters outside ASCII a-z, 0-9 and -.`, hint };
  if (/[A-Z]/.test(value)) return { message: `\`name\` ${shown} has upper-case letters.`, hint };
  if (value.startsWith('-') || value.endsWith('-')) return { message: `\`name\` ${shown} starts or ends with a hyphen.`, hint };
  if (value.includes('--')) return { message: `\`name\` ${shown} has a double hyphen.`, hint };
  const bad = [...new Set(value.replace(/[a-z0-9-]/g, ''))].map((c) => `\`${c}\``).join(', ');
  return { message: `\`name\` ${shown} contains ${bad}; only a-z, 0-9 and - are allowed.`, hint };
}

/** A valid name close to what was written, as a hint; the generic hint when there is none. */
function suggestName(value: string): string | undefined {
  const s = value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return SKILL_NAME_PATTERN.test(s) && s.length <= SKILL_NAME_MAX ? `Try \`${s}\`.` : undefined;
}

/** Descriptions count code points (Decision D6): 1024 emoji are fine. Whitespace-only is empty. */
export function descriptionProblem(value: unknown): Problem | null {
  if (value === undefined) return { message: 'The entry has no `description`.' };
  if (typeof value !== 'string') return { message: `\`description\` must be a string, not ${kindOf(value)}.` };
  if (value.trim() === '') return { message: value === '' ? '`description` is empty.' : '`description` is only whitespace.' };
  const length = [...value].length;
  if (length > DESCRIPTION_MAX) return { message: `\`description\` is ${length} characters long; the limit is ${DESCRIPTION_MAX}.` };
  return null;
}

/** WHATWG URL parsing strips leading and trailing C0 controls and spaces. */
export const URL_EDGE_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/** Shape problems of `url` only; resolving it is `resolveEntryUrl`'s job. */
export function urlProblem(value: unknown): Problem | null {
  if (value === undefined) return { message: 'The entry has no `url`.' };
  if (typeof value !== 'string') return { message: `\`url\` must be a string, not ${kindOf(value)}.` };
  if (value === '') return { message: '`url` is empty: it would point at the index itself.' };
  if (value.replace(URL_EDGE_SPACE, '') === '') return { message: '`url` is only whitespace: it would point at the index itself.' };
  if (value.length > SKILL_URL_MAX)
    return {
      message: `\`url\` is ${value.length} characters long; the limit is ${SKILL_URL_MAX}.`,
      hint: 'Use a shorter URL for the artifact.',
    };
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
  if (value === undefined) return { kind: 'invalid', problem: { message: 'The entry has no `type`.' } };
  if (typeof value !== 'string') return { kind: 'invalid', problem: { message: `\`type\` must be a string, not ${kindOf(value)}.` } };
  if ((SKILL_TYPES as readonly string[]).includes(value)) return { kind: 'ok' };
  const folded = value.toLowerCase().replace(/[-_. ]/g, '');
  const guess = Object.hasOwn(TYPE_ALIASES, folded) ? TYPE_ALIASES[folded] : didYouMean(value, SKILL_TYPES);
  const known = SKILL_TYPES.map((t) => `\`${t}\``).join(' and ');
  return {
    kind: 'unknown',
    problem: {
      message: `\`type\` ${quote(value)} is not one we know (${known}); agents skip this entry.`,
      hint: guess ? `Did you mean \`${guess}\`? Types are exact and lower case.` : undefined,
    },
  };
}
