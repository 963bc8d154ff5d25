import { revealHidden, revealInProse } from '../text/reveal';

/**
 * Site text as inline Markdown on one line: inline syntax (emphasis, code, links, HTML, entities,
 * GFM tables and strikethrough) is escaped everywhere, block syntax (`#`, `-`, `1.`) at the start.
 * Hidden characters are spelled out as in the panel (`⟨U+202E⟩`, utils/engine/text/reveal.ts):
 * wherever the export is pasted, nothing isolates a bidi override or shows an invisible one.
 */
export function mdText(value: string): string {
  return revealInProse(value.replace(/\s+/g, ' ').trim())
    .replace(/[\\`*_[\]<>|~&]/g, '\\$&')
    .replace(/^(\d{1,9})([.)])/, '$1\\$2')
    .replace(/^[#+-]/, '\\$&');
}

/** A code span that survives backticks in the value (CommonMark: a longer fence), every hidden character spelled out. */
export function mdCode(value: string): string {
  const oneLine = revealHidden(value.replace(/\s+/g, ' '));
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
