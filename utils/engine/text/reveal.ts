/**
 * The one rule for showing site text to a person: characters that change how text around them
 * reads without showing themselves are spelled out, `⟨U+202E⟩`. Chosen by Unicode property, not
 * by a list we keep: controls (Cc: C0, DEL and C1, where 8-bit CSI/OSC/ST live), format
 * characters (Cf: bidi embeddings, overrides and isolates, zero-width characters, the BOM, soft
 * hyphen, U+061C, U+180E, U+2060–U+2064, tag characters U+E0001–U+E007F), line and paragraph
 * separators (Zl, Zp), unassigned code points (Cn, which a newer font may draw as anything),
 * private use (Co), lone surrogates (Cs), and every Default_Ignorable_Code_Point (Hangul fillers,
 * combining grapheme joiner, variation selectors), which fonts draw as nothing.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cn}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * In running prose shown in the panel, two kinds stay as written because ordinary text needs
 * them and they cannot reorder anything: joiners (ZWJ/ZWNJ, Join_Control: emoji sequences,
 * Persian and Indic words) and the text/emoji presentation selectors U+FE0E/U+FE0F. Tab and line
 * breaks are whitespace there (HTML collapses them).
 */
const HIDDEN_IN_PROSE =
  /(?![\p{Join_Control}\uFE0E\uFE0F\t\n\r])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cn}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Inside JSON text, raw tab, line feed and carriage return appear only as structure (indentation)
 * because JSON.stringify escapes them inside strings; everything else hidden gets a \u escape.
 */
const HIDDEN_IN_JSON = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cn}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/** `0x202E` → `⟨U+202E⟩`. */
export function spellCodePoint(codePoint: number): string {
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

const spell = (ch: string) => spellCodePoint(ch.codePointAt(0)!);

/**
 * Where the exact characters matter and nothing hidden is ever legitimate: link targets, hosts,
 * URLs and identifiers in the panel, and every piece of site text the command line prints (a
 * terminal acts on controls, and cannot isolate bidi text).
 */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN, spell);
}

/** Site prose in the panel (names, descriptions, scopes), shown inside a bidi isolate. */
export function revealInProse(text: string): string {
  return text.replace(HIDDEN_IN_PROSE, spell);
}

/**
 * Escapes, in text that JSON.stringify produced, every hidden character as `\uXXXX` (astral ones
 * as a surrogate pair): the JSON means the same, and no terminal that shows it acts on a C1
 * control or reorders it.
 */
export function escapeHiddenInJson(json: string): string {
  return json.replace(HIDDEN_IN_JSON, (ch) => {
    let out = '';
    for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
    return out;
  });
}

/** True when showing `text` as is could hide or reorder something. */
export function hasHidden(text: string): boolean {
  return HIDDEN_ONE.test(text);
}

const HIDDEN_ONE = new RegExp(HIDDEN.source, 'u');
