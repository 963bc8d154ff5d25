/**
 * What the lens matches against: the skill's text as an agent would read it, not as it is spelled
 * (D12). Hidden characters are dropped, compatibility forms folded (NFKC: fullwidth and
 * mathematical letters) and Latin lookalikes from Cyrillic and Greek mapped, so `c\u200Burl` and
 * `сurl` (Cyrillic с) read as `curl`. Line breaks are kept, so a match's line is the raw line.
 */

/** Characters that show as nothing or reorder text: the ones a hidden instruction is made of. */
export const INVISIBLE =
  /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFE00-\uFE0F]|[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;

/** Lookalike letters (Unicode's confusables, the common Cyrillic and Greek ones) → Latin. */
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ε: 'e',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'g');
const LETTER = /\p{L}/u;
const ASCII_LETTER = /[A-Za-z]/;

/** Folds the lookalikes of each word that mixes them with Latin letters: Russian or Greek prose
 *  stays as written. Only the rare lookalike characters are visited. */
function foldLookalikes(text: string): string {
  let out = '';
  let last = 0;
  let wordEnd = -1;
  let mixed = false;
  for (const m of text.matchAll(LOOKALIKE)) {
    if (m.index >= wordEnd) {
      let a = m.index;
      let b = m.index + 1;
      while (a > 0 && LETTER.test(text[a - 1]!)) a--;
      while (b < text.length && LETTER.test(text[b]!)) b++;
      wordEnd = b;
      mixed = ASCII_LETTER.test(text.slice(a, b));
    }
    if (!mixed) continue;
    out += text.slice(last, m.index) + LOOKALIKES[m[0]]!;
    last = m.index + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

const ZWJ_IN_EMOJI = /(?<=\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** The text an agent reads, for matching: hidden characters out, lookalikes folded. */
export function readable(text: string): string {
  let out = text.replace(INVISIBLE, '');
  // NFKC only where it can change something: plain ASCII text is left as is, quickly.
  if (/[^\x00-\x7F]/.test(out)) {
    out = out.normalize('NFKC');
    out = foldLookalikes(out);
  }
  return out;
}

/** Hidden characters that ordinary text does not need: joiners inside emoji sequences and the
 *  emoji presentation selector are ordinary; a BOM at the very start is the SKILL.md check's. */
export function hiddenCharacters(text: string): { count: number; codePoints: number[]; tags: string } {
  const codePoints: number[] = [];
  let tags = '';
  let count = 0;
  const ordinary = new Set<number>();
  if (text.includes('\u200D')) for (const m of text.matchAll(ZWJ_IN_EMOJI)) ordinary.add(m.index);
  const re = new RegExp(INVISIBLE.source, 'gu');
  // Counting stops at HIDDEN_COUNT_MAX: past it, the finding says as much as it needs to.
  for (let m = re.exec(text); m !== null && count < HIDDEN_COUNT_MAX; m = re.exec(text)) {
    const cp = m[0].codePointAt(0)!;
    if (cp === 0xfe0f || cp === 0xfe0e || (cp === 0xfeff && m.index === 0) || ordinary.has(m.index)) continue;
    // A zero-width non-joiner between letters of a script that needs it (Persian, Indic).
    if (cp === 0x200c && text.charCodeAt(m.index - 1) > 0x7f) continue;
    count++;
    if (cp >= 0xe0020 && cp <= 0xe007e) tags += String.fromCharCode(cp - 0xe0000);
    if (codePoints.length < 8 && !codePoints.includes(cp)) codePoints.push(cp);
  }
  return { count, codePoints, tags };
}

const HIDDEN_COUNT_MAX = 10_000;
