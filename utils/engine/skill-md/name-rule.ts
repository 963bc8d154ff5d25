import { sentence, type Words } from '../report/words';
import { SKILL_NAME_MAX, SKILL_NAME_PATTERN } from '../spec';
import { codePoints } from './text';

/**
 * The Agent Skills name rule (D6: ASCII a-z, 0-9 and inner single hyphens, at most
 * SKILL_NAME_MAX code points), in one place for the index entry and the SKILL.md frontmatter.
 */
const PROBLEM = {
  tooLong: sentence('words_name_too_long', ['length', 'max']),
  upperCase: sentence('words_name_upper_case', []),
  edgeHyphen: sentence('words_name_edge_hyphen', []),
  doubleHyphen: sentence('words_name_double_hyphen', []),
  otherCharacters: sentence('words_name_other_characters', ['characters']),
  rules: sentence('words_name_rules', []),
};

/** A valid name passes; how the caller says "empty" or "not a string" is its own business. */
export function isSkillName(name: string): boolean {
  return name.length <= SKILL_NAME_MAX * 2 && SKILL_NAME_PATTERN.test(name) && codePoints(name) <= SKILL_NAME_MAX;
}

/** What is wrong with a non-empty name, each as words that complete "The name "x" …"; none when valid. */
export function skillNameProblems(name: string): Words[] {
  if (isSkillName(name)) return [];
  const problems: Words[] = [];
  const length = codePoints(name);
  if (length > SKILL_NAME_MAX) problems.push(PROBLEM.tooLong({ length, max: SKILL_NAME_MAX }));
  if (/[A-Z]/.test(name)) problems.push(PROBLEM.upperCase({}));
  if (name.startsWith('-') || name.endsWith('-')) problems.push(PROBLEM.edgeHyphen({}));
  if (name.includes('--')) problems.push(PROBLEM.doubleHyphen({}));
  const others = [...new Set(name.replace(/[A-Za-z0-9-]/g, ''))].slice(0, 5);
  if (others.length > 0) problems.push(PROBLEM.otherCharacters({ characters: others.map((c) => JSON.stringify(c)).join(' ') }));
  return problems.length > 0 ? problems : [PROBLEM.rules({})];
}

/**
 * A valid name close to what was written, or null. skills-ref NFKC-normalises names, and
 * full-width or decomposed letters look right on screen, so the suggestion starts from the NFKC
 * form with accents dropped.
 */
export function suggestSkillName(name: string): string | null {
  const ascii = name
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const suggestion = [...ascii].slice(0, SKILL_NAME_MAX).join('').replace(/-+$/, '');
  return suggestion && suggestion !== name && SKILL_NAME_PATTERN.test(suggestion) ? suggestion : null;
}

/** "Try `pdf-tools`." and "Its NFKC form is …": notes both name checks add to their hints. */
export const NAME_NOTES = {
  tryName: sentence('words_try_name', ['name']),
  nfkcForm: sentence('words_nfkc_form', ['nfkc']),
};
