/**
 * docs/security.md, the preview: a verified SKILL.md whose body is `'a\n=\n'.repeat(25000)` (100 K characters of
 * setext headings). The previous parser took 37–49 s on it in the background worker, and every
 * other tab's check waited. Now the panel parses it in a worker of its own; past the tree's node
 * budget (25 000 headings) or its time budget it shows the text instead.
 */
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { bytesOf, digestOf, json, markdown, skillIndex, type FixtureSite } from '../../fixtures/site';
import { SKILLS_DIR } from '../../fixtures/hostile/kit';

export const COMPLEX_SKILL_SITE = 'j-complex-skill';
export const COMPLEX_SKILL = 'setext-storm';
export const COMPLEX_BODY = 'a\n=\n'.repeat(25_000);

/** The whole SKILL.md, as the panel shows it when it cannot preview it. */
export const COMPLEX_TEXT = `---\nname: ${COMPLEX_SKILL}\ndescription: 25 000 setext headings.\n---\n${COMPLEX_BODY}`;
const FILE = bytesOf(COMPLEX_TEXT);
export const COMPLEX_DIGEST = digestOf(FILE);

export const complexSkill: FixtureSite = {
  name: COMPLEX_SKILL_SITE,
  summary: 'One verified skill of 25 000 setext headings (100 K characters), which froze the previous parser.',
  routes: {
    [WELL_KNOWN.skillIndex]: () =>
      json(
        skillIndex([
          {
            name: COMPLEX_SKILL,
            description: '25 000 setext headings.',
            type: 'skill-md',
            url: `${COMPLEX_SKILL}/SKILL.md`,
            digest: COMPLEX_DIGEST,
          },
        ]),
      ),
    [`${SKILLS_DIR}${COMPLEX_SKILL}/SKILL.md`]: () => markdown(FILE),
  },
  expect: { verdict: 'ok', poppy: false, source: 'well-known', skills: { [COMPLEX_SKILL]: 'verified' } },
};
