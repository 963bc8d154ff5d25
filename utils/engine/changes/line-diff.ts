import { LINE_DIFF_CELLS_MAX, LINE_DIFF_LINES_SHOWN } from '../spec';

export interface DiffLine {
  /** ` ` the same in both, `-` only in the old text, `+` only in the new. */
  op: ' ' | '-' | '+';
  text: string;
}

export interface LineDiff {
  lines: DiffLine[];
  /** Diff lines left out past LINE_DIFF_LINES_SHOWN. */
  omitted: number;
  /** The changed middle was too large to align line by line: shown as all removed, then all added. */
  coarse: boolean;
}

const linesOf = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');

/**
 * A line diff of two SKILL.md texts: the common head and tail trimmed, then a longest common
 * subsequence over what is left, only while its table stays under LINE_DIFF_CELLS_MAX cells, so
 * its time is bounded whatever the site sends (remote content is hostile in size and time).
 */
export function lineDiff(before: string, after: string): LineDiff {
  const a = linesOf(before);
  const b = linesOf(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const out: DiffLine[] = [];
  // Two lines of context either side, as `diff -U2` would show.
  for (const text of a.slice(Math.max(0, head - 2), head)) out.push({ op: ' ', text });
  const coarse = (x.length + 1) * (y.length + 1) > LINE_DIFF_CELLS_MAX;
  if (coarse) {
    for (const text of x) out.push({ op: '-', text });
    for (const text of y) out.push({ op: '+', text });
  } else out.push(...aligned(x, y));
  for (const text of a.slice(a.length - tail, a.length - tail + 2)) out.push({ op: ' ', text });
  const shown = out.slice(0, LINE_DIFF_LINES_SHOWN);
  return { lines: shown, omitted: out.length - shown.length, coarse };
}

function aligned(x: readonly string[], y: readonly string[]): DiffLine[] {
  const n = x.length;
  const m = y.length;
  const w = m + 1;
  // lcs[i*w+j]: the longest common subsequence of x[i..] and y[j..].
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * w + j] = x[i] === y[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) {
      out.push({ op: ' ', text: x[i]! });
      i++;
      j++;
    } else if (i < n && (j === m || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) out.push({ op: '-', text: x[i++]! });
    else out.push({ op: '+', text: y[j++]! });
  }
  return out;
}
