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
 * In running prose shown in the panel, the text/emoji presentation selectors U+FE0E/U+FE0F stay
 * as written (ordinary emoji need them, they reorder nothing), and tab and line breaks are
 * whitespace there (HTML collapses them). Joiners (ZWJ/ZWNJ) are decided by `keepsJoiner`.
 */
const HIDDEN_IN_PROSE = /(?![\uFE0E\uFE0F\t\n\r])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cn}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

/** The end of an emoji a ZWJ may join to the next: a pictograph, a skin-tone modifier, or VS16 after one. */
const EMOJI_BEFORE = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const EMOJI_AFTER = /\p{Extended_Pictographic}/u;

/**
 * Letters and marks of the scripts whose shaping a joiner changes (cursive joining: Arabic,
 * Syriac, N'Ko, Mongolian…; conjuncts: the Brahmic scripts). Between Latin, Greek, Cyrillic or CJK
 * letters a joiner changes nothing on screen and can only make a name differ from how it reads.
 */
const SHAPED =
  /(?=[\p{L}\p{M}])[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Thaana}\p{scx=Mandaic}\p{scx=Adlam}\p{scx=Hanifi_Rohingya}\p{scx=Phags_Pa}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Tibetan}\p{scx=Myanmar}\p{scx=Khmer}\p{scx=Balinese}\p{scx=Javanese}]/u;

/**
 * A ZWJ or ZWNJ stays only where it does something a reader sees: a ZWJ inside an emoji sequence
 * (👩‍💻), or a joiner between two letters of a script it shapes (Persian می‌خواهم, Hindi क्‍ष).
 * Anywhere else (after `evil`, at either end, between Latin letters) it is spelled out.
 */
function keepsJoiner(text: string, at: number, joiner: string): boolean {
  const before = codePointBefore(text, at);
  const after = text.codePointAt(at + 1);
  if (before === undefined || after === undefined) return false;
  const [b, a] = [String.fromCodePoint(before), String.fromCodePoint(after)];
  if (joiner === '\u200D' && EMOJI_BEFORE.test(b) && EMOJI_AFTER.test(a)) return true;
  return SHAPED.test(b) && SHAPED.test(a);
}

function codePointBefore(text: string, at: number): number | undefined {
  if (at === 0) return undefined;
  const low = text.charCodeAt(at - 1);
  const pair = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? text.codePointAt(at - 2) : undefined;
  return pair !== undefined && pair > 0xffff ? pair : low;
}

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
  return text.replace(HIDDEN_IN_PROSE, (ch: string, at: number) =>
    (ch === '\u200C' || ch === '\u200D') && keepsJoiner(text, at, ch) ? ch : spell(ch),
  );
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
