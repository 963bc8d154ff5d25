/**
 * micromark is linear on ordinary text but not on hostile shapes: 20 000 unmatched `*` in one
 * paragraph take seconds, nested `![` minutes, and thousands of nested list or quote markers
 * likewise (measured with mdast-util-from-markdown 2.1.0). A SKILL.md may be 1 MiB and the parse
 * runs in the background worker, so before parsing we bound the input without changing ordinary
 * documents: a length cap, a cap on container depth per line, on indentation, and on inline
 * delimiters per block (beyond it the block's delimiters become literal text).
 */
export interface DefuseLimits {
  maxChars: number;
  /** Container markers (`>`, `-`, `1.`) honoured at the start of one line. */
  maxContainerDepth: number;
  /** Leading whitespace columns kept. */
  maxIndent: number;
  /** Inline delimiters in one block (lines between blank lines) before they are escaped. */
  maxDelimitersPerBlock: number;
}

export interface Defused {
  text: string;
  truncated: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const CONTAINER_MARKER = /^ {0,3}(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;
const DELIMITERS = /[\\*_[\]`<!]/g;
const LEADING_SPACE = /^[ \t]+/;

export function defuseMarkdown(markdown: string, limits: DefuseLimits): Defused {
  const truncated = markdown.length > limits.maxChars;
  let source = truncated ? markdown.slice(0, limits.maxChars) : markdown;
  // Cut at a line end when there is one, so the last line is not half a construct.
  if (truncated && source.includes('\n')) source = source.slice(0, source.lastIndexOf('\n'));

  const out: string[] = [];
  let block: { prefix: string; rest: string; capped: boolean }[] = [];
  let fence: string | null = null;

  const flush = () => {
    const count = block.reduce((n, line) => n + (line.rest.match(DELIMITERS)?.length ?? 0), 0);
    const escape = count > limits.maxDelimitersPerBlock;
    for (const { prefix, rest, capped } of block) {
      let body = escape ? rest.replace(DELIMITERS, '\\$&') : rest;
      if (capped && !body.startsWith('\\')) body = escapeMarker(body);
      out.push(prefix + body);
    }
    block = [];
  };

  for (const line of source.split('\n')) {
    if (fence !== null) {
      out.push(line);
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = null;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening) {
      flush();
      fence = opening[1]!;
      out.push(line);
    } else if (line.trim() === '') {
      flush();
      out.push(line);
    } else {
      block.push(splitContainers(line, limits));
    }
  }
  flush();
  return { text: out.join('\n'), truncated };
}

/** Splits a line into its honoured container prefix and the rest, indentation capped. */
function splitContainers(line: string, limits: DefuseLimits) {
  let prefix = '';
  let rest = capIndent(line, limits.maxIndent);
  for (let depth = 0; ; depth++) {
    const marker = CONTAINER_MARKER.exec(rest);
    if (!marker) return { prefix, rest, capped: false };
    if (depth === limits.maxContainerDepth) return { prefix, rest: rest.trimStart(), capped: true };
    prefix += marker[0];
    rest = rest.slice(marker[0].length);
  }
}

function capIndent(line: string, maxIndent: number): string {
  const lead = LEADING_SPACE.exec(line)?.[0] ?? '';
  const columns = lead.replace(/\t/g, '    ').length;
  return columns > maxIndent ? ' '.repeat(maxIndent) + line.slice(lead.length) : line;
}

/** Makes a leading container marker literal: `> x` → `\> x`, `1. x` → `1\. x`. */
function escapeMarker(text: string): string {
  const ordered = /^(\d{1,9})([.)])/.exec(text);
  return ordered ? `${ordered[1]}\\${text.slice(ordered[1]!.length)}` : `\\${text}`;
}
