import { describe, expect, it } from 'vitest';
import { codePoints, detached } from '../../../utils/engine/skill-md/text';

describe('detached', () => {
  it.each([
    ['plain text', 'name: find-flowers\ndescription: Finds flowers.\n'],
    ['a leading byte-order mark', '\uFEFFname: x\n'],
    ['astral characters and combining marks', 'description: 🌷 e\u0301 \u202Eabc\u202C\n'],
    ['the empty string', ''],
  ])('copies %s exactly', (_, text) => {
    const cut = `${text}--- and the rest of a large file`.slice(0, text.length);
    const copy = detached(cut);
    expect(copy).toBe(text);
    expect(codePoints(copy)).toBe(codePoints(text));
  });
});
