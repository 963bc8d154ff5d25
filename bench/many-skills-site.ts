import { indexEntry, json, skillFile, skillIndex, skillRoutes, type FixtureSite } from '../tests/fixtures/site';
import { WELL_KNOWN } from '../utils/engine/spec';

/**
 * A site publishing `count` verified skills of about `bodyBytes` each, for the benchmarks. The
 * site's name is in every body, so two sites never share a digest: each is as fresh to a cache
 * keyed by digest as a site never visited.
 */
export function manySkillsSite(name: string, count: number, bodyBytes: number): FixtureSite {
  const filler = 'Call the store API in the order below and show the User each result. '
    .repeat(Math.ceil(bodyBytes / 70))
    .slice(0, bodyBytes);
  const skills = Array.from({ length: count }, (_, i) =>
    skillFile({
      name: `bench-skill-${i}`,
      description: `Benchmark skill number ${i} of ${name}.`,
      body: `# Skill ${i} of ${name}\n\n${filler}\n`,
    }),
  );
  const dir = WELL_KNOWN.skillIndex.replace(/index\.json$/, '');
  return {
    name,
    summary: `${count} skills of ${bodyBytes} bytes`,
    routes: {
      [WELL_KNOWN.skillIndex]: json(skillIndex(skills.map((s) => indexEntry(s, `${s.name}/SKILL.md`)))),
      ...skillRoutes(dir, skills),
    },
    expect: { verdict: 'ok', poppy: false, source: 'well-known', skills: Object.fromEntries(skills.map((s) => [s.name, 'verified'])) },
  };
}
