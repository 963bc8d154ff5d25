import { revealHidden, revealInProse } from '../text/reveal';

/**
 * A word of site text that some renderer would turn into a link on its own: GFM's autolink
 * literals (`http://`, `https://`, `www.`, e-mail addresses, `mailto:`, `xmpp:`), a `//` or any
 * `scheme:` form, an `@` (e-mail, a mention), and bare dotted names (`example.com`, `SKILL.md`:
 * markdown-it's linkify and chat apps link those). Such a word goes in a code span, which no
 * renderer links.
 */
const LINKY = /\/\/|@|^www[.．。｡]|^[a-z][a-z0-9+.-]*:[^\s]|[\p{L}\p{N}_-][.．。｡](?:\p{L}{2}|xn--)/iu;

/** Sentence punctuation after a link-like word, and parentheses around it, stay outside its code span. */
const TRAILING = /[.,;:!?]+$/;

/** Inline Markdown syntax escaped in running text (emphasis, code, links, HTML, entities, GFM tables, strikethrough). */
const escapeInline = (word: string) => word.replace(/[\\`*_[\]<>|~&]/g, '\\$&');

/**
 * Site text as inline Markdown on one line: inline syntax (emphasis, code, links, HTML, entities,
 * GFM tables and strikethrough) is escaped everywhere, block syntax (`#`, `-`, `1.`) at the start,
 * and every word that could become a link on its own (GFM autolinks, bare names) goes in a code
 * span: a site's URLs read as code wherever the export is pasted, never as links.
 * Hidden characters are spelled out as in the panel (`⟨U+202E⟩`, utils/engine/text/reveal.ts):
 * wherever the export is pasted, nothing isolates a bidi override or shows an invisible one.
 */
export function mdText(value: string): string {
  const words = revealInProse(value.replace(/\s+/g, ' ').trim()).split(' ');
  const out = words.map((word, i) => {
    if (!LINKY.test(word)) {
      const escaped = escapeInline(word);
      return i === 0 ? escaped.replace(/^(\d{1,9})([.)])/, '$1\\$2').replace(/^[#+-]/, '\\$&') : escaped;
    }
    let tail = TRAILING.exec(word)?.[0] ?? '';
    let core = word.slice(0, word.length - tail.length);
    if (!LINKY.test(core)) [core, tail] = [word, ''];
    const wrapped = core.length > 2 && core.startsWith('(') && core.endsWith(')');
    if (wrapped) [core, tail] = [core.slice(1, -1), `)${tail}`];
    return `${wrapped ? '(' : ''}${mdCode(core)}${tail}`;
  });
  return out.join(' ');
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
