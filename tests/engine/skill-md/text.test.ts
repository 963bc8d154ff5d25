import { describe, expect, it } from 'vitest';
import { splitSkillMd } from '../../../utils/engine/skill-md/frontmatter';
import { codePoints } from '../../../utils/engine/skill-md/text';

const encoder = new TextEncoder();

describe('splitSkillMd: the frontmatter, decoded from its own bytes', () => {
  it.each([
    ['plain text', '', 'name: find-flowers\ndescription: Finds flowers.\n'],
    ['a byte-order mark inside the frontmatter', '', '\uFEFFname: x\n'],
    ['astral characters and combining marks', '', 'description: 🌷 e\u0301 \u202Eabc\u202C\n'],
    ['the empty frontmatter', '', ''],
    ['a file that starts with a BOM and blank lines of wide spaces', '\uFEFF\u3000\n \u2003\n', 'name: 🌷-x\ndescription: é\n'],
  ])('reads %s exactly', (_, before, yaml) => {
    const text = `${before}---\n${yaml}---\n# Body 🌷 with more text than the frontmatter\n`;
    const split = splitSkillMd(encoder.encode(text), 'https://shop.example/SKILL.md');
    expect(split.yaml).toBe(yaml);
    expect(codePoints(split.yaml!)).toBe(codePoints(yaml));
    expect(split.body).toBe('# Body 🌷 with more text than the frontmatter\n');
  });
});

describe('codePoints', () => {
  /** What the specification counts: Python's len, which is what `for…of` yields in JavaScript. */
  const iterated = (s: string) => [...s].length;

  it.each([
    ['empty', '', 0],
    ['ASCII', 'pdf-tools', 9],
    ['a surrogate pair', '🌷', 1],
    ['pairs side by side', '🌷🌷x🌷', 4],
    ['a lone high surrogate at the end', 'ab\uD83C', 3],
    ['a lone low surrogate first', '\uDF37ab', 3],
    ['a high surrogate before a high surrogate pair', '\uD83C\uD83C\uDF37', 2],
    ['two low surrogates', '\uDF37\uDF37', 2],
    ['combining marks (each its own code point)', 'e\u0301', 2],
  ])('counts %s', (_, s, expected) => {
    expect(codePoints(s)).toBe(expected);
    expect(codePoints(s)).toBe(iterated(s));
  });

  it('agrees with for…of over random strings of surrogates and letters', () => {
    const units = [0x61, 0xd83c, 0xdf37, 0xdbff, 0xdc00, 0xe000];
    let seed = 7;
    for (let round = 0; round < 500; round++) {
      const length = round % 12;
      const s = String.fromCharCode(
        ...Array.from({ length }, () => {
          seed = (seed * 1103515245 + 12345) % 2 ** 31;
          return units[seed % units.length]!;
        }),
      );
      expect(codePoints(s)).toBe(iterated(s));
    }
  });
});
