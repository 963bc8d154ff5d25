import { finding, jsonPath, type Finding } from '../report/findings';
import { SKILL_NAME_MAX, SKILL_NAME_PATTERN } from '../spec';
import { SKILL_MD_CODES } from './codes';
import { codePoints, quote } from './text';

/**
 * The frontmatter `name` (a string, already known to be non-blank): ASCII a-z 0-9 and inner
 * single hyphens, at most SKILL_NAME_MAX code points (D6), and equal to the index entry's name.
 */
export function checkName(name: string, indexName: string | null, document: string): Finding[] {
  const where = { document, path: jsonPath(['name']) };
  const out: Finding[] = [];
  const problems = nameProblems(name);
  if (problems.length > 0) {
    const hint = `${nfkcHint(name)}${SKILL_MD_CODES['skill-md-name-invalid'].hint}`;
    out.push(finding(SKILL_MD_CODES['skill-md-name-invalid'], `The name ${quote(name)} ${problems.join(', ')}.`, { ...where, hint }));
  }
  if (indexName !== null && name !== indexName) {
    out.push(
      finding(
        SKILL_MD_CODES['skill-md-name-mismatch'],
        `The frontmatter name ${quote(name)} differs from the index entry name ${quote(indexName)}.`,
        where,
      ),
    );
  }
  return out;
}

function nameProblems(name: string): string[] {
  const length = codePoints(name);
  if (SKILL_NAME_PATTERN.test(name) && length <= SKILL_NAME_MAX) return [];
  const problems: string[] = [];
  if (length > SKILL_NAME_MAX) problems.push(`is ${length} characters long (at most ${SKILL_NAME_MAX})`);
  if (/[A-Z]/.test(name)) problems.push('has upper-case letters');
  if (name.startsWith('-') || name.endsWith('-')) problems.push('starts or ends with a hyphen');
  if (name.includes('--')) problems.push('has a double hyphen');
  const others = [...new Set(name.replace(/[A-Za-z0-9-]/g, ''))].slice(0, 5);
  if (others.length > 0) problems.push(`has characters outside a-z, 0-9 and -: ${others.map((c) => JSON.stringify(c)).join(' ')}`);
  return problems.length > 0 ? problems : ['does not match the name rules'];
}

/**
 * skills-ref NFKC-normalises names, and full-width or decomposed letters look right on screen:
 * show the normalised form, and a plain ASCII name to use when one follows from it.
 */
function nfkcHint(name: string): string {
  const nfkc = name.normalize('NFKC');
  const ascii = nfkc
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const suggestion = [...ascii].slice(0, SKILL_NAME_MAX).join('').replace(/-+$/, '');
  const normalised = nfkc !== name ? `Its NFKC form is ${quote(nfkc)}. ` : '';
  const tryName = suggestion && suggestion !== name && SKILL_NAME_PATTERN.test(suggestion) ? `Try \`${suggestion}\`. ` : '';
  return normalised + tryName;
}
