import { isMap, isSeq, parseDocument, type YAMLError, type YAMLMap } from 'yaml';
import { finding, type Finding } from '../report/findings';
import { SKILL_MD_CODES } from './codes';

/** At most this many YAML errors are reported; one bad line can cascade into hundreds. */
const MAX_ERRORS = 5;

export type ParsedFrontmatter = { map: YAMLMap; findings: Finding[] } | { map: null; findings: Finding[] };

/**
 * The frontmatter text → its top-level mapping, or findings saying why there is none. The `yaml`
 * package builds an AST and evaluates nothing; we never call `toJS`, so aliases are not expanded
 * here (the bounded copy does that under its own caps).
 */
export function parseFrontmatter(yaml: string, firstLine: number, document: string): ParsedFrontmatter {
  const where = { document };
  let doc;
  try {
    // YAML 1.2 core schema: `123` is a number and `true` a boolean, which D6 reports; no `<<` merges.
    doc = parseDocument(yaml, { version: '1.2', schema: 'core', merge: false, uniqueKeys: true, prettyErrors: false });
  } catch (e) {
    const detail = e instanceof Error ? e.message.slice(0, 200) : 'parser failure';
    return {
      map: null,
      findings: [finding(SKILL_MD_CODES['skill-md-yaml-invalid'], `The frontmatter could not be parsed: ${detail}`, where)],
    };
  }
  if (doc.errors.length > 0) {
    return { map: null, findings: doc.errors.slice(0, MAX_ERRORS).map((e) => errorFinding(e, yaml, firstLine, document)) };
  }
  const root = doc.contents;
  if (isMap(root)) return { map: root, findings: [] };
  const kind = root === null ? 'empty' : isSeq(root) ? 'a list, not a mapping' : 'a single value, not a mapping';
  return {
    map: null,
    findings: [finding(SKILL_MD_CODES['skill-md-frontmatter-not-mapping'], `The frontmatter is ${kind}.`, { ...where, path: '$' })],
  };
}

// `description: Use when: the user asks` – an unquoted value that itself holds `: `.
const UNQUOTED_COLON = /^\s*[^\s#'"][^:]*:\s+[^\s'"|>].*:(\s|$)/;

function errorFinding(e: YAMLError, yaml: string, firstLine: number, document: string): Finding {
  const offset = e.pos[0];
  const lineIndex = countLines(yaml, offset);
  const line = firstLine + lineIndex;
  const source = (yaml.split('\n', lineIndex + 1)[lineIndex] ?? '').trimEnd();
  const shown = source.length > 80 ? `${source.slice(0, 80)}…` : source;
  const message = e.message.split('\n', 1)[0]!.slice(0, 200);
  if (e.code === 'DUPLICATE_KEY') {
    return finding(SKILL_MD_CODES['skill-md-duplicate-key'], `Duplicate key in the frontmatter at line ${line}: \`${shown.trim()}\`.`, {
      document,
    });
  }
  const where: { document: string; hint?: string } = { document };
  if (e.code === 'BLOCK_AS_IMPLICIT_KEY' || UNQUOTED_COLON.test(source)) {
    where.hint =
      'Quote the value (`key: "a: b"`): an unquoted `: ` inside a value starts a nested mapping; clients skip a skill whose YAML does not parse.';
  }
  return finding(
    SKILL_MD_CODES['skill-md-yaml-invalid'],
    `Invalid YAML in the frontmatter at line ${line} (\`${shown.trim()}\`): ${message}`,
    where,
  );
}

function countLines(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
