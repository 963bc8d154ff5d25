import { finding, type Finding } from '../report/findings';
import { SKILL_MD_CODES as C } from './codes';

/**
 * Frontmatter bigger than this is not handed to the YAML parser: hostile YAML (deep nesting,
 * thousands of anchors) costs the parser about 10 ms a KiB, and a real frontmatter is a few KiB.
 */
export const FRONTMATTER_MAX_CHARS = 32 * 1024;

export interface SplitSkillMd {
  /** The YAML between the delimiter lines, or null when there is none to parse. */
  yaml: string | null;
  /** 1-based line of the file where `yaml` starts, so messages can point into the file. */
  firstLine: number;
  /** The Markdown after the closing delimiter (the whole text when there is no frontmatter). */
  body: string | null;
  findings: Finding[];
}

const DELIMITER = '---';

/** ignoreBOM keeps a BOM in the text so that we can report it. One decoder serves every file:
 *  a call without `stream` starts from a clean state, even after a failed one. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Verified bytes → frontmatter text and body. Delimiters are line-anchored (skill-md.md §4): the
 * first line is exactly `---` (CRLF allowed) and the frontmatter ends at the next such line, so
 * a `---` inside a value does not end it early as it does in skills-ref.
 */
export function splitSkillMd(bytes: Uint8Array, document: string): SplitSkillMd {
  const where = { document };
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    const f = finding(C['skill-md-not-utf8'].says({}), where);
    return { yaml: null, firstLine: 1, body: null, findings: [f] };
  }
  const findings: Finding[] = [];
  let pos = 0;
  if (text.startsWith('\uFEFF')) {
    findings.push(finding(C['skill-md-bom'].says({}), where));
    pos = 1;
  }
  const afterBom = text.slice(pos);
  let line = 1;
  let opener = lineAt(text, pos);
  while (opener.text.trim() === '' && opener.next < text.length) {
    opener = lineAt(text, opener.next);
    line++;
  }
  if (line > 1 && opener.text === DELIMITER) {
    findings.push(finding(C['skill-md-leading-blank-line'].says({ count: line - 1 }), where));
  }
  if (opener.text !== DELIMITER) {
    const first = lineAt(text, pos).text;
    const { says } = C['skill-md-no-frontmatter'];
    findings.push(finding(first.startsWith(DELIMITER) ? says.notExact({ line: first.slice(0, 20) }) : says.none({}), where));
    return { yaml: null, firstLine: 1, body: afterBom, findings };
  }
  const start = opener.next;
  for (let at = start; at < text.length;) {
    const lf = text.indexOf('\n', at);
    const next = lf === -1 ? text.length : lf + 1;
    if (isDelimiterLine(text, at, lf === -1 ? text.length : lf)) {
      const yaml = text.slice(start, at);
      const body = text.slice(next);
      if (yaml.length <= FRONTMATTER_MAX_CHARS) return { yaml, firstLine: line + 1, body, findings };
      findings.push(finding(C['skill-md-frontmatter-too-large'].says({ length: yaml.length, max: FRONTMATTER_MAX_CHARS }), where));
      return { yaml: null, firstLine: line + 1, body, findings };
    }
    at = next;
  }
  const f = finding(C['skill-md-frontmatter-unclosed'].says({}), where);
  return { yaml: null, firstLine: line + 1, body: null, findings: [...findings, f] };
}

/** Whether the line from `at` to `end` (its LF) is exactly `---`, CRLF allowed, as lineAt reads it. */
function isDelimiterLine(text: string, at: number, end: number): boolean {
  const length = end - at - (end > at && text.charCodeAt(end - 1) === 0x0d ? 1 : 0);
  return length === DELIMITER.length && text.startsWith(DELIMITER, at);
}

/** The line starting at `at` without its line end (LF or CRLF), and where the next line starts. */
function lineAt(text: string, at: number): { text: string; next: number } {
  const lf = text.indexOf('\n', at);
  const end = lf === -1 ? text.length : lf;
  const line = text.slice(at, end);
  return { text: line.endsWith('\r') ? line.slice(0, -1) : line, next: lf === -1 ? text.length : lf + 1 };
}
