/**
 * Sites the panel's own e2e suites add to the fixture server (screenshots, badge table, axe):
 * a site whose server fails, and a store with 200 skills, a few of them broken.
 */
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { html, indexEntry, json, page, skillFile, skillIndex, skillRoutes, type FixtureSite } from '../../fixtures/site';

const ERROR_500 = { status: 500, headers: { 'content-type': 'text/plain' }, body: 'Internal Server Error\n' };

/** Answers its pages, but HTTP 500 for every document an agent would read: "could not check". */
export const serverError: FixtureSite = {
  name: 'server-error',
  summary: 'Brightwater Tea: its server answers HTTP 500 for the /.well-known documents.',
  routes: {
    '/': html(page('Brightwater Tea', '<p>Loose-leaf tea, shipped weekly.</p>')),
    [WELL_KNOWN.poppy]: ERROR_500,
    [WELL_KNOWN.skillIndex]: ERROR_500,
    [WELL_KNOWN.legacySkillIndex]: ERROR_500,
  },
  expect: { verdict: 'errors', poppy: false, source: null, skills: {} },
};

/** Which of the big store's skills are broken, and how. */
export const MANY_SKILLS_BROKEN = { stale: ['skill-017', 'skill-142'], missing: ['skill-088'] } as const;
export const MANY_SKILLS_COUNT = 200;

/** A skill index of 200 skills (no poppy.json): two stale digests and one file that is gone. */
export function manySkills(name = 'many-skills'): FixtureSite {
  const dir = WELL_KNOWN.skillIndex.replace(/index\.json$/, '');
  const skills = Array.from({ length: MANY_SKILLS_COUNT }, (_, i) => {
    const id = `skill-${String(i).padStart(3, '0')}`;
    return skillFile({ name: id, description: `Handles request type ${i} at Lighthouse Supplies.`, body: `# ${id}\n\nCall the API.\n` });
  });
  const stale: readonly string[] = MANY_SKILLS_BROKEN.stale;
  const missing: readonly string[] = MANY_SKILLS_BROKEN.missing;
  const entries = skills.map((s) => indexEntry(s, `${s.name}/SKILL.md`, stale.includes(s.name) ? `sha256:${'0'.repeat(64)}` : s.digest));
  return {
    name,
    summary: `Lighthouse Supplies: ${MANY_SKILLS_COUNT} skills, two stale digests and one missing file.`,
    routes: {
      '/': html(page('Lighthouse Supplies', '<p>Ship chandlery.</p>')),
      [WELL_KNOWN.skillIndex]: json(skillIndex(entries)),
      ...skillRoutes(
        dir,
        skills.filter((s) => !missing.includes(s.name)),
      ),
    },
    expect: {
      verdict: 'errors',
      poppy: false,
      source: 'well-known',
      skills: Object.fromEntries(
        skills.map((s) => [s.name, stale.includes(s.name) ? 'mismatch' : missing.includes(s.name) ? 'unreachable' : 'verified']),
      ),
    },
  };
}
