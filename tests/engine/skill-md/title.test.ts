import { describe, expect, it } from 'vitest';
import { checkSkillMd } from '../../../utils/engine/skill-md';
import { skillMdTitle } from '../../../utils/engine/skill-md/title';
import { SKILL_TITLE_MAX, SKILL_TITLE_SCAN } from '../../../utils/engine/spec';

const md = (text: string) => new TextEncoder().encode(text);
const ctx = { document: 'https://example.test/SKILL.md', indexName: 'change-flower-delivery', indexDescription: null };

describe("a skill's human title", () => {
  it('is the first # heading of the body, read during the SKILL.md check', () => {
    const file =
      '---\nname: change-flower-delivery\ndescription: Move a delivery.\n---\n\nIntro.\n\n## Steps\n\n# Change a flower delivery #\n';
    expect(checkSkillMd(md(file), ctx).title).toBe('Change a flower delivery');
  });

  it('skips headings inside code fences, ## headings, and #hashtags', () => {
    expect(skillMdTitle('```md\n# Not this\n```\n## Nor this\n#nor-this\n~~~~\n# fenced\n~~~~\n   # This one\n')).toBe('This one');
    // An unclosed fence hides the rest.
    expect(skillMdTitle('```\n# inside\n')).toBeNull();
    expect(skillMdTitle('# \n#\t\n')).toBeNull();
    expect(skillMdTitle(null)).toBeNull();
  });

  it('is bounded: a heading past the scanned lines is not read, and a long one is cut', () => {
    expect(skillMdTitle(`${'text\n'.repeat(SKILL_TITLE_SCAN.lines)}# Too far\n`)).toBeNull();
    expect(skillMdTitle(`${'x'.repeat(SKILL_TITLE_SCAN.chars)}\n# Too far\n`)).toBeNull();
    expect(skillMdTitle(`# ${'é'.repeat(SKILL_TITLE_MAX + 50)}`)).toHaveLength(SKILL_TITLE_MAX);
  });

  it('keeps site text as written (the panel reveals hidden characters when it shows it)', () => {
    expect(skillMdTitle('# Pay\u202Enow\n')).toBe('Pay\u202Enow');
  });
});
