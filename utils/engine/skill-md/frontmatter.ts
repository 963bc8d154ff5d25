import { finding, type Finding } from '../report/findings';
import { FRONTMATTER_LIMITS } from '../spec';
import { SKILL_MD_CODES as C } from './codes';

export interface SplitSkillMd {
  /** The YAML between the delimiter lines, or null when there is none to parse. A string of its
   *  own: it shares no storage with the file's text. */
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
      const body = text.slice(next);
      // Bigger than this is not handed to the YAML parser (FRONTMATTER_LIMITS says why).
      const size = utf8Length(text, start, at);
      if (size <= FRONTMATTER_LIMITS.bytes) {
        // Decoded again from its own bytes rather than sliced: a slice would keep the whole file's
        // text alive for as long as any value read from the frontmatter is kept in the report.
        const from = utf8Length(text, 0, start);
        return { yaml: UTF8.decode(bytes.subarray(from, from + size)), firstLine: line + 1, body, findings };
      }
      findings.push(finding(C['skill-md-frontmatter-too-large'].says({ length: size, max: FRONTMATTER_LIMITS.bytes }), where));
      return { yaml: null, firstLine: line + 1, body, findings };
    }
    at = next;
  }
  const f = finding(C['skill-md-frontmatter-unclosed'].says({}), where);
  return { yaml: null, firstLine: line + 1, body: null, findings: [...findings, f] };
}

/**
 * The Markdown a reader sees, from the same split the checks use: what follows the frontmatter
 * (the whole text when there is none), or null when there is nothing safe to show (not UTF-8, or
 * a frontmatter that never closes, so every line is YAML).
 */
export function skillMdBody(bytes: Uint8Array): string | null {
  return splitSkillMd(bytes, '').body;
}

/** The UTF-8 length of `text` from `start` to `end` without encoding it (the file is at most
 *  1 MiB, this is one pass). Both ends are character boundaries. */
function utf8Length(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    // A surrogate pair is one 4-byte character: 2 for each half. Lone surrogates cannot occur:
    // the text was decoded with `fatal: true`.
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3;
  }
  return n;
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
