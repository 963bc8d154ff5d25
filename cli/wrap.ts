/**
 * Fitting the human report to the terminal: words wrapped at its width with a hanging indent,
 * and long single values (URLs, digests) shortened in the middle. `--json` keeps every value whole.
 */

/** Columns a string takes, ignoring ANSI styling. */
export function columns(s: string): number {
  return [...s.replace(/\u001b\[[0-9;]*m/g, '')].length;
}

/** `text` broken at spaces into lines of at most `width` columns: the first after `first`, the rest after `rest`. */
export function wrapText(text: string, width: number | null, first: string, rest: string): string[] {
  if (width === null || columns(first) + columns(text) <= width) return [first + text];
  const lines: string[] = [];
  let line = first;
  let empty = true; // nothing of `text` on this line yet
  const room = Math.max(20, width - columns(rest));
  for (const long of text.split(' ')) {
    // A URL or digest wider than a line: its middle goes (`--json` keeps it whole).
    const word = columns(long) > room ? middle(long, room) : long;
    const fits = columns(line) + (empty ? 0 : 1) + columns(word) <= width;
    // A word that fits on no line stays where it is, rather than leave a line with only the indent.
    if (!fits && (!empty || first.trim() !== '')) {
      lines.push(empty ? line.trimEnd() : line);
      line = rest + word;
    } else line += (empty ? '' : ' ') + word;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** `value` in at most `max` columns, its middle replaced by an ellipsis (both ends say the most). */
export function middle(value: string, max: number): string {
  const chars = [...value];
  if (chars.length <= max || max < 9) return value;
  const head = Math.ceil((max - 1) / 2);
  const tail = max - 1 - head;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}
