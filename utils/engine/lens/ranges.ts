/** Where fenced code blocks are, as [start, end) ranges. */
export function fencedRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  let open: number | null = null;
  let fence = '';
  for (const m of text.matchAll(/^ {0,3}(`{3,}|~{3,})[^\n]*$/gm)) {
    if (open === null) {
      open = m.index;
      fence = m[1]!;
    } else if (m[1]!.startsWith(fence[0]!) && m[1]!.length >= fence.length && m[0].trim() === m[1]) {
      out.push([open, m.index + m[0].length]);
      open = null;
    }
  }
  if (open !== null) out.push([open, text.length]);
  return out;
}

export function inRanges(ranges: readonly [number, number][], index: number): boolean {
  return ranges.some(([a, b]) => index >= a && index < b);
}
