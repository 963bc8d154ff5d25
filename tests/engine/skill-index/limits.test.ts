import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, OVER_CAP_LISTED } from '../../../utils/engine/spec';
import { parseSkillIndex, type IndexContext } from '../../../utils/engine/skill-index';
import { allInEnglish, english } from '../../helpers/english';

const V020 = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const DOC = 'https://shop.example/.well-known/agent-skills/index.json';
const HELLO = 'sha256:90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be';
const ctx: IndexContext = { source: 'well-known', document: DOC, requestedUrl: DOC, pathPrefix: [], maxSkills: DEFAULT_LIMITS.maxSkills };
const entry = (i: number) => ({ name: `skill-${i}`, description: 'd', type: 'skill-md', url: `skill-${i}/SKILL.md`, digest: HELLO });

describe('the 200-entry cap (D5)', () => {
  it('checks the first 200 of 100 000 entries, lists the next 20 as not-checked and counts the rest, fast', () => {
    const skills = Array.from({ length: 100_000 }, (_, i) => (i % 2 ? entry(i) : { broken: i }));
    const started = performance.now();
    const r = parseSkillIndex({ $schema: V020, skills }, ctx);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(2000);
    expect(r.entries).toHaveLength(200 + OVER_CAP_LISTED);
    const tooMany = allInEnglish(r.findings).filter((f) => f.code === 'too-many-skills');
    expect(tooMany).toEqual([
      expect.objectContaining({
        severity: 'warning',
        ourLimit: true,
        path: '$.skills',
        message:
          'The index lists 100000 skills; the first 200 were checked. That is our limit, not a fault of the site. The next 20 are listed as not checked; 99780 more are left out of the report.',
      }),
    ]);
    expect(r.listed).toBe(100_000);
    // Only the 100 broken entries within the cap get entry findings: nothing past it is validated.
    expect(r.findings.filter((f) => f.code === 'entry-not-object' || f.code === 'bad-name')).toHaveLength(100);
    expect(r.findings.every((f) => !/skills\[(\d{3,})\]/.test(f.path ?? '') || Number(/skills\[(\d+)\]/.exec(f.path!)![1]) < 200)).toBe(
      true,
    );
    expect(r.entries[199]).toMatchObject({ position: 199, status: 'pending' });
    expect(r.entries[200]).toMatchObject({ position: 200, status: 'not-checked', name: null, url: null });
    expect(english(r.entries[200]!.reason)).toBe('over the 200-entry limit');
    expect(r.entries.at(-1)).toMatchObject({ position: 219, status: 'not-checked', name: 'skill-219', path: ['skills', 219] });
  });

  it('exactly 200 entries is fine', () => {
    const r = parseSkillIndex({ $schema: V020, skills: Array.from({ length: 200 }, (_, i) => entry(i)) }, ctx);
    expect(r.findings).toEqual([]);
    expect(r.entries.every((e) => e.status === 'pending')).toBe(true);
  });

  it('takes the cap from the context', () => {
    const r = parseSkillIndex({ $schema: V020, skills: [entry(0), entry(1), entry(2)] }, { ...ctx, maxSkills: 2 });
    expect(r.entries.map((e) => e.status)).toEqual(['pending', 'pending', 'not-checked']);
    expect(english(r.entries[2]!.reason)).toBe('over the 2-entry limit');
  });

  it('does not count duplicates past the cap', () => {
    const r = parseSkillIndex({ $schema: V020, skills: [entry(0), entry(0)] }, { ...ctx, maxSkills: 1 });
    expect(r.findings.map((f) => f.code)).toEqual(['too-many-skills']);
  });
});

describe('hostile input', () => {
  it.each([
    ['__proto__ at the top level', '{"$schema":"V","__proto__":{"skills":5},"skills":[]}', ['no-skills', 'unknown-index-field']],
    ['constructor at the top level', '{"$schema":"V","constructor":{},"skills":[]}', ['no-skills', 'unknown-index-field']],
    ['skills only inherited through __proto__', '{"$schema":"V","__proto__":{"skills":[]}}', ['skills-not-array']],
    [
      '$schema only inherited through __proto__',
      '{"__proto__":{"$schema":"V"},"skills":[{"name":"a","files":["SKILL.md"]}]}',
      ['old-format'],
    ],
    [
      'entry names __proto__ and constructor',
      `{"$schema":"V","skills":[${JSON.stringify(entry(0)).replace('skill-0"', '__proto__"')},${JSON.stringify(entry(1)).replace('"skill-1"', '"constructor"')}]}`,
      ['bad-name'],
    ],
    [
      'an entry field __proto__ that is not an object',
      `{"$schema":"V","skills":[${JSON.stringify({ ...entry(0), x: 1 }).replace('"x"', '"__proto__"')}]}`,
      ['unknown-entry-field'],
    ],
  ])('%s', (_label, json, expected) => {
    const r = parseSkillIndex(JSON.parse(json.replaceAll('"V"', JSON.stringify(V020))), ctx);
    expect(r.findings.map((f) => f.code)).toEqual(expected);
    expect(({} as Record<string, unknown>)['skills']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('$schema');
  });

  it.each([undefined, 0, true, 'x', [], [[]], { skills: [[], null, 0, '', {}] }, { $schema: V020, skills: [{ name: { toString: 1 } }] }])(
    'never throws on %j',
    (value) => {
      const r = parseSkillIndex(value, ctx);
      expect(r.findings.length).toBeGreaterThan(0);
      expect(allInEnglish(r.findings).every((f) => f.document === DOC && f.hint.length > 0 && f.message.length > 0)).toBe(true);
    },
  );

  it('cuts long values in messages', () => {
    const r = parseSkillIndex({ $schema: V020, skills: [{ ...entry(0), digest: `sha256:${'g'.repeat(50_000)}` }] }, ctx);
    expect(english(r.findings[0]!.message).length).toBeLessThan(200);
  });
});
