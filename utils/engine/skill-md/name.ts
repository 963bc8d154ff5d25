import { finding, jsonPath, type Finding } from '../report/findings';
import { quote } from '../json/values';
import { and, joined } from '../report/words';
import { SKILL_MD } from '../spec';
import { SKILL_MD_CODES } from './codes';
import { NAME_NOTES, skillNameProblems, suggestSkillName } from './name-rule';

/**
 * The frontmatter `name` (a string, already known to be non-blank): the Agent Skills name rule
 * (name-rule.ts, shared with the index entry), and equal to the index entry's name.
 */
export function checkName(name: string, indexName: string | null, document: string): Finding[] {
  const where = { document, path: jsonPath([SKILL_MD.name]) };
  const out: Finding[] = [];
  const problems = skillNameProblems(name);
  if (problems.length > 0) {
    const spec = SKILL_MD_CODES['skill-md-name-invalid'];
    // skills-ref NFKC-normalises names, and full-width or decomposed letters look right on
    // screen: show the normalised form, and a plain ASCII name when one follows from it.
    const nfkc = name.normalize('NFKC');
    const suggestion = suggestSkillName(name);
    const notes = [
      ...(nfkc !== name ? [NAME_NOTES.nfkcForm({ nfkc: quote(nfkc) })] : []),
      ...(suggestion ? [NAME_NOTES.tryName({ name: suggestion })] : []),
    ];
    const hint = notes.length > 0 ? joined([...notes, spec.hint]) : spec.hint;
    out.push(finding(spec.says({ name: quote(name), problems: and(problems) }), { ...where, hint }));
  }
  if (indexName !== null && name !== indexName) {
    out.push(finding(SKILL_MD_CODES['skill-md-name-mismatch'].says({ name: quote(name), indexName: quote(indexName) }), where));
  }
  return out;
}
