/**
 * `index --dry-run`: the changes a write would make, as a unified diff. Built from the edits
 * themselves (offsets into the original), not by comparing texts: the edits are few and local.
 */
import { applyEdits, type Edit } from 'jsonc-parser';

const CONTEXT = 2;

export function unifiedDiff(file: string, text: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return '';
  const starts = lineStarts(text);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  const groups: { from: number; to: number; edits: Edit[] }[] = [];
  for (const e of sorted) {
    const from = lineOf(e.offset);
    const to = lineOf(e.offset + e.length);
    const last = groups.at(-1);
    if (last && from - last.to <= 2 * CONTEXT) {
      last.to = Math.max(last.to, to);
      last.edits.push(e);
    } else groups.push({ from, to, edits: [e] });
  }
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const out = [`--- a/${file}`, `+++ b/${file}`];
  let delta = 0;
  for (const g of groups) {
    const begin = starts[g.from]!;
    const end = g.to + 1 < starts.length ? starts[g.to + 1]! - 1 : text.length;
    const segment = text.slice(begin, end);
    const replaced = applyEdits(
      segment,
      g.edits.map((e) => ({ ...e, offset: e.offset - begin })),
    )
      .split('\n')
      .map((l) => l.replace(/\r$/, ''));
    const before = lines.slice(Math.max(0, g.from - CONTEXT), g.from);
    const after = lines.slice(g.to + 1, g.to + 1 + CONTEXT);
    const oldCount = before.length + (g.to - g.from + 1) + after.length;
    const newCount = before.length + replaced.length + after.length;
    const oldStart = g.from - before.length + 1;
    out.push(`@@ -${oldStart},${oldCount} +${oldStart + delta},${newCount} @@`);
    out.push(...before.map((l) => ` ${l}`), ...lines.slice(g.from, g.to + 1).map((l) => `-${l}`), ...replaced.map((l) => `+${l}`));
    out.push(...after.map((l) => ` ${l}`));
    delta += replaced.length - (g.to - g.from + 1);
  }
  return `${out.join('\n')}\n`;
}

/** A new file, whole. */
export function newFileDiff(file: string, text: string): string {
  const lines = text.replace(/\n$/, '').split('\n');
  return [`--- /dev/null`, `+++ b/${file}`, `@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`), ''].join('\n');
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
