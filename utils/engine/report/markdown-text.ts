/**
 * Site text as inline Markdown on one line: inline syntax (emphasis, code, links, HTML, entities,
 * GFM tables and strikethrough) is escaped everywhere, block syntax (`#`, `-`, `1.`) at the start.
 */
export function mdText(value: string): string {
  return value
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~&]/g, '\\$&')
    .replace(/^(\d{1,9})([.)])/, '$1\\$2')
    .replace(/^[#+-]/, '\\$&');
}

/** A code span that survives backticks in the value (CommonMark: a longer fence). */
export function mdCode(value: string): string {
  const oneLine = value.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...(oneLine.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = oneLine.startsWith('`') || oneLine.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${oneLine}${pad}${ticks}`;
}

/** A fenced block longer than any backtick run inside. */
export function fence(value: string, lang: string): string[] {
  const longest = Math.max(0, ...(value.match(/`{3,}/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return [`${ticks}${lang}`, value, ticks];
}
