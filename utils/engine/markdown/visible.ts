/**
 * Characters that change how text around them is displayed without showing themselves: bidi
 * overrides and isolates (U+202E can make `evil.com/moc.knab` read as `bank.com/...`), zero-width
 * spaces and joiners, the BOM, soft hyphens. Where a link target is shown, they are spelled out.
 */
const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** `"a\u202Eb"` → `"a[U+202E]b"`: the target reads exactly as the characters it contains. */
export function showInvisible(text: string): string {
  return text.replace(INVISIBLE, (ch) => `[U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
}
