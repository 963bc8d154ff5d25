import { finding, type Finding } from '../report/findings';
import { SKILL_BODY_LINES_HINT, SKILL_BODY_TOKENS_HINT } from '../spec';
import { SKILL_MD_CODES } from './codes';
import { checkFields, fieldsOf } from './fields';
import { splitSkillMd } from './frontmatter';
import { skillMdTitle } from './title';
import { pairsToPlain, toPlain } from './plain';
import type { SkillMdCheck, SkillMdContext } from './types';
import { screenYaml } from './yaml-budget';
import { parseFrontmatter } from './yaml-parse';
import { readSimpleMapping } from './yaml-simple';
import { delimiterFinding, styleFindings, unresolvedAliasFinding } from './yaml-style';
import { NOTHING_FOUND, scanYaml } from './yaml-walk';

export { SKILL_MD_CODES } from './codes';
export type { SkillMdCheck, SkillMdContext } from './types';
export { skillMdBody } from './frontmatter';

/** Reads a frontmatter of plain `key: text` lines without the YAML parser; null leaves it to the parser. */
export type SimpleReader = (yaml: string) => [string, string][] | null;

/**
 * Checks a SKILL.md whose bytes already matched their digest (D3: a mismatch is never parsed).
 * Nothing here evaluates, renders or follows anything in the file; it never throws. `simple` is
 * replaceable only so that tests can prove the fast reader changes no result (`() => null`).
 */
export function checkSkillMd(bytes: Uint8Array, ctx: SkillMdContext, simple: SimpleReader = readSimpleMapping): SkillMdCheck {
  const split = splitSkillMd(bytes, ctx.document);
  const findings: Finding[] = [...split.findings];
  let frontmatter: Record<string, unknown> | null = null;
  if (split.yaml !== null) {
    const yaml = split.yaml;
    const pairs = simple(yaml);
    const checked = pairs ? checkSimpleFrontmatter(pairs, ctx) : checkFrontmatter(yaml, split.firstLine, ctx);
    frontmatter = checked.frontmatter;
    findings.push(...checked.findings);
  }
  if (split.body !== null) findings.push(...bodyFindings(split.body, ctx.document));
  return { frontmatter, body: split.body, title: skillMdTitle(split.body), findings };
}

type CheckedFrontmatter = { frontmatter: Record<string, unknown> | null; findings: Finding[] };

function checkFrontmatter(yaml: string, firstLine: number, ctx: SkillMdContext): CheckedFrontmatter {
  const { document } = ctx;
  const tooComplex = screenYaml(yaml);
  if (tooComplex) {
    const said = SKILL_MD_CODES['skill-md-frontmatter-too-complex'].says[tooComplex.over]({ max: tooComplex.max });
    return { frontmatter: null, findings: [finding(said, { document })] };
  }
  const parsed = parseFrontmatter(yaml, firstLine, document);
  if (!parsed.map) return { frontmatter: null, findings: parsed.findings };
  const scan = scanYaml(parsed.map);
  const unresolved = unresolvedAliasFinding(scan, document);
  if (unresolved) return { frontmatter: null, findings: [unresolved] };
  const fields = checkFields(fieldsOf(parsed.map, scan), scan, ctx);
  const findings = styleFindings(
    scan,
    document,
    fields.map((f) => f.path),
  );
  const delimiter = delimiterFinding(yaml, parsed.map, document);
  if (delimiter) findings.push(delimiter);
  findings.push(...fields);
  return withCopy(findings, toPlain(parsed.map, scan), document);
}

/** No anchors, tags, flow style or `---` in plain pairs: only the field checks and the copy remain. */
function checkSimpleFrontmatter(pairs: [string, string][], ctx: SkillMdContext): CheckedFrontmatter {
  return withCopy(checkFields(new Map(pairs), NOTHING_FOUND, ctx), pairsToPlain(pairs), ctx.document);
}

function withCopy(findings: Finding[], copy: { value: Record<string, unknown>; truncated: boolean }, document: string): CheckedFrontmatter {
  if (copy.truncated) {
    findings.push(finding(SKILL_MD_CODES['skill-md-frontmatter-truncated'].says({}), { document }));
  }
  return { frontmatter: copy.value, findings };
}

/** The specification's size recommendations: info only, nothing is wrong with a long skill. */
function bodyFindings(body: string, document: string): Finding[] {
  const out: Finding[] = [];
  let lines = 0;
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) lines++;
  if (body.length > 0 && !body.endsWith('\n')) lines++;
  if (lines > SKILL_BODY_LINES_HINT) {
    out.push(finding(SKILL_MD_CODES['skill-md-body-long'].says({ count: lines, max: SKILL_BODY_LINES_HINT }), { document }));
  }
  // About four characters a token in English prose: a size hint, not a tokenizer.
  const tokens = Math.round(body.length / 4);
  if (tokens > SKILL_BODY_TOKENS_HINT) {
    out.push(finding(SKILL_MD_CODES['skill-md-body-large'].says({ tokens, max: SKILL_BODY_TOKENS_HINT }), { document }));
  }
  return out;
}
