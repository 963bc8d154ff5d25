/**
 * Where a finding's JSON path is in a file, as a line and column, so a check of files can say
 * `.well-known/poppy.json:12:7` (the command line) and the full-page report can link a finding to
 * its line. JSON through jsonc-parser (it keeps offsets; JSON.parse does not), SKILL.md
 * frontmatter through the `yaml` package's ranges. A path that names something missing (a
 * required field) points at the nearest part that is there.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { isMap, isSeq, LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { FRONTMATTER_LIMITS, LOCATE_MAX_CHARS } from '../spec';
import { splitSkillMd } from '../skill-md/frontmatter';

export type PathSegment = string | number;

/** 1-based; the column counts UTF-16 code units, SARIF's default column kind. */
export interface Position {
  line: number;
  column: number;
}

const SEGMENT = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;

/** `$.skill_index.skills[2]["allowed-tools"]` → `['skill_index', 'skills', 2, 'allowed-tools']`
 *  (the inverse of the engine's `jsonPath`); null for anything else. */
export function parseJsonPath(path: string): PathSegment[] | null {
  if (!path.startsWith('$')) return null;
  const out: PathSegment[] = [];
  SEGMENT.lastIndex = 1;
  while (SEGMENT.lastIndex < path.length) {
    const at = SEGMENT.lastIndex;
    const m = SEGMENT.exec(path);
    if (!m || m.index !== at) return null;
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push(JSON.parse(m[3]!) as string);
  }
  return out;
}

/** Line and column of a UTF-16 offset (LF, CRLF and CR all end a line). */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

/** A JSON document's node at `segments` (a member's key, for an object member), or the nearest ancestor. */
export function locateInJson(text: string, segments: readonly PathSegment[]): Position | null {
  const root = jsonTree(text);
  const offset = root === null ? null : jsonOffset(root, segments);
  return offset === null ? null : positionAt(text, offset);
}

/** The document's tree, or null when it is no JSON; a nesting too deep to walk is none either. */
function jsonTree(text: string): Node | null {
  try {
    return parseTree(text, [], { disallowComments: true, allowTrailingComma: false }) ?? null;
  } catch {
    return null;
  }
}

function jsonOffset(root: Node, segments: readonly PathSegment[]): number | null {
  for (let n = segments.length; n >= 0; n--) {
    const node: Node | undefined = findNodeAtLocation(root, segments.slice(0, n));
    if (node) return node.parent?.type === 'property' ? node.parent.offset : node.offset;
  }
  return null;
}

/**
 * A SKILL.md frontmatter's key at `segments` (`$.metadata.owner` → the `owner:` line), or the
 * nearest ancestor; `firstLine` is the file line the YAML starts on.
 */
export function locateInYaml(yaml: string, firstLine: number, segments: readonly PathSegment[]): Position | null {
  if (segments.length === 0) return { line: firstLine, column: 1 };
  const lines = new LineCounter();
  const doc = parseDocument(yaml, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  return yamlPosition(doc, lines, firstLine, segments);
}

function yamlPosition(doc: Document, lines: LineCounter, firstLine: number, segments: readonly PathSegment[]): Position | null {
  if (segments.length === 0) return { line: firstLine, column: 1 };
  let node: unknown = doc.contents;
  let offset: number | null = null;
  for (const segment of segments) {
    let next: YamlNode | null = null;
    if (isMap(node)) {
      const pair = node.items.find((p) => String((p.key as { value?: unknown } | null)?.value) === String(segment));
      if (pair) {
        offset = (pair.key as YamlNode).range?.[0] ?? offset;
        next = pair.value as YamlNode | null;
      }
    } else if (isSeq(node) && typeof segment === 'number') {
      next = (node.items[segment] as YamlNode | undefined) ?? null;
      offset = next?.range?.[0] ?? offset;
    }
    if (next === null) break;
    node = next;
  }
  if (offset === null) return null;
  const { line, col } = lines.linePos(offset);
  return { line: firstLine + line - 1, column: col };
}

/** Where a document's lines start (UTF-16 offsets), for many look-ups in one text. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) starts.push(i + 1);
  }
  return starts;
}

/** The 1-based line holding `offset`. */
function lineOf(starts: readonly number[], offset: number): number {
  let [low, high] = [0, starts.length - 1];
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/**
 * The line of each finding's path in one document, parsed once however many findings point into
 * it (the full-page report's links from a finding to its line). The text is the site's: past
 * LOCATE_MAX_CHARS, or when it does not parse, no path has a line.
 */
export function lineLocator(text: string, kind: 'json' | 'skill-md'): (path: string | null) => number | null {
  const none = () => null;
  if (text.length > LOCATE_MAX_CHARS) return none;
  if (kind === 'json') {
    const root = jsonTree(text);
    if (root === null) return none;
    const starts = lineStarts(text);
    return (path) => {
      const segments = path === null ? null : parseJsonPath(path);
      const offset = segments === null ? null : jsonOffset(root, segments);
      return offset === null ? null : lineOf(starts, offset);
    };
  }
  const split = splitSkillMd(new TextEncoder().encode(text), '');
  if (split.yaml === null || split.yaml.length > FRONTMATTER_LIMITS.bytes) return none;
  const lines = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(split.yaml, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  } catch {
    return none;
  }
  return (path) => {
    const segments = path === null ? null : parseJsonPath(path);
    return segments === null ? null : (yamlPosition(doc, lines, split.firstLine, segments)?.line ?? null);
  };
}
