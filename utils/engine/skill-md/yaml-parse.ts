import { isMap, isSeq, parseDocument, type YAMLError, type YAMLMap } from 'yaml';
import { finding, type Finding } from '../report/findings';
import { SKILL_MD_CODES as C } from './codes';

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
  // The parser makes an Error object per problem it meets (hundreds in hostile YAML, each with a
  // stack trace in V8, most of the cost of such input); we keep only their codes and positions.
  // Synchronous, so nothing else runs while the limit is lowered; undici does the same.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    // YAML 1.2 core schema: `123` is a number and `true` a boolean, which D6 reports; no `<<` merges.
    doc = parseDocument(yaml, { version: '1.2', schema: 'core', merge: false, uniqueKeys: true, prettyErrors: false });
  } catch (e) {
    const detail = (e instanceof Error ? e.message : String(e)).slice(0, 200);
    return { map: null, findings: [finding(C['skill-md-yaml-invalid'].says.unparsed({ detail }), where)] };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  if (doc.errors.length > 0) {
    return { map: null, findings: doc.errors.slice(0, MAX_ERRORS).map((e) => errorFinding(e, yaml, firstLine, document)) };
  }
  const root = doc.contents;
  if (isMap(root)) return { map: root, findings: [] };
  const { says } = C['skill-md-frontmatter-not-mapping'];
  const said = root === null ? says.empty({}) : isSeq(root) ? says.list({}) : says.scalar({});
  return { map: null, findings: [finding(said, { ...where, path: '$' })] };
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
  if (e.code === 'DUPLICATE_KEY') return finding(C['skill-md-duplicate-key'].says({ line, source: shown.trim() }), { document });
  const quoteIt = e.code === 'BLOCK_AS_IMPLICIT_KEY' || UNQUOTED_COLON.test(source);
  const said = C['skill-md-yaml-invalid'].says.atLine({ line, source: shown.trim(), detail: message });
  return finding(said, quoteIt ? { document, hint: C['skill-md-yaml-invalid'].fixes.quote({}) } : { document });
}

function countLines(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
