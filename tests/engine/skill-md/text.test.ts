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
