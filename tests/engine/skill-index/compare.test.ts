import { describe, expect, it } from 'vitest';
import {
  compareIndexes,
  mergeIndexes,
  parseLegacyIndex,
  parseSkillIndex,
  type IndexContext,
  type IndexParse,
} from '../../../utils/engine/skill-index';
import { allInEnglish, english } from '../../helpers/english';

const V020 = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const A = 'sha256:90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be';
const B = 'sha256:a8076d3d28d21e02012b20eaf7dbf75409a6277134439025f282e368e3305abf';
const POPPY = 'https://shop.example/.well-known/poppy.json';
const INDEX = 'https://shop.example/.well-known/agent-skills/index.json';
const LEGACY = 'https://shop.example/.well-known/skills/index.json';

const ctx = (source: 'poppy' | 'well-known', maxSkills = 200): IndexContext => {
  const document = source === 'poppy' ? POPPY : INDEX;
  return { source, document, requestedUrl: document, pathPrefix: source === 'poppy' ? ['skill_index'] : [], maxSkills };
};
const e = (name: string, url: string, digest = A) => ({ name, description: `About ${name}`, type: 'skill-md', url, digest });
const poppy = (...skills: unknown[]) => parseSkillIndex({ $schema: V020, skills }, ctx('poppy'));
const wellKnown = (...skills: unknown[]) => parseSkillIndex({ $schema: V020, skills }, ctx('well-known'));
const codes = (fs: { code: string }[]) => fs.map((f) => f.code);

describe('compareIndexes (D1, D8)', () => {
  it('finds nothing when relative urls in the two documents name the same files', () => {
    const p = poppy(e('a', 'agent-skills/a/SKILL.md'), e('b', '/.well-known/agent-skills/b/SKILL.md'));
    const w = wellKnown(e('a', 'a/SKILL.md'), e('b', 'https://shop.example/.well-known/agent-skills/b/SKILL.md'));
    expect(compareIndexes(p, w)).toEqual([]);
  });

  it.each([
    [
      'an entry only in poppy.json',
      [e('a', '/a'), e('b', '/b')],
      [e('a', '/a')],
      ['only-in-poppy-index'],
      '$.skill_index.skills[1].name',
      POPPY,
    ],
    [
      'an entry only in the stand-alone copy',
      [e('a', '/a')],
      [e('a', '/a'), e('c', '/c')],
      ['only-in-well-known-index'],
      '$.skills[1].name',
      INDEX,
    ],
    [
      'the same relative string naming different files',
      [e('a', 'a/SKILL.md')],
      [e('a', 'a/SKILL.md')],
      ['index-url-differs'],
      '$.skill_index.skills[0].url',
      POPPY,
    ],
    ['another digest', [e('a', '/a', A)], [e('a', '/a', B)], ['index-digest-differs'], '$.skill_index.skills[0].digest', POPPY],
  ])('%s', (_label, ps, ws, expected, path, document) => {
    const found = compareIndexes(poppy(...ps), wellKnown(...ws));
    expect(codes(found)).toEqual(expected);
    expect(found[0]).toMatchObject({ severity: 'warning', path, document });
  });

  it('reports url and digest together, naming both values', () => {
    const [url, digest, ...rest] = allInEnglish(compareIndexes(poppy(e('a', '/a', A)), wellKnown(e('a', '/b', B))));
    expect(rest).toEqual([]);
    expect(url!.message).toContain('https://shop.example/a');
    expect(url!.message).toContain('https://shop.example/b');
    expect(digest!.message).toContain(A);
    expect(digest!.message).toContain(B);
  });

  it('does not compare a copy that could not be read', () => {
    const broken = parseSkillIndex({ $schema: V020 }, ctx('well-known'));
    expect(broken.format).toBe('invalid');
    expect(compareIndexes(poppy(e('a', '/a')), broken)).toEqual([]);
  });

  it('handles prototype names as plain data', () => {
    const found = compareIndexes(poppy(e('constructor', '/c')), wellKnown(e('__proto__', '/p')));
    expect(codes(found)).toEqual(['only-in-poppy-index', 'only-in-well-known-index']);
  });
});

describe('mergeIndexes', () => {
  const rows = (m: ReturnType<typeof mergeIndexes>) => m.map((r) => [r.entry.name, r.source, r.entry.url]);

  it('one row for an identical artifact, own rows otherwise, poppy order first', () => {
    const p = poppy(e('b', 'agent-skills/b/SKILL.md'), e('a', '/a', A), e('c', '/c'));
    const w = wellKnown(e('a', '/a', B), e('d', '/d'), e('b', 'b/SKILL.md'));
    expect(rows(mergeIndexes(p, w))).toEqual([
      ['b', 'both', 'https://shop.example/.well-known/agent-skills/b/SKILL.md'],
      ['a', 'poppy', 'https://shop.example/a'],
      ['c', 'poppy', 'https://shop.example/c'],
      ['a', 'well-known', 'https://shop.example/a'],
      ['d', 'well-known', 'https://shop.example/d'],
    ]);
  });

  it('works with either copy missing', () => {
    expect(rows(mergeIndexes(null, wellKnown(e('a', '/a'))))).toEqual([['a', 'well-known', 'https://shop.example/a']]);
    expect(rows(mergeIndexes(poppy(e('a', '/a')), null))).toEqual([['a', 'poppy', 'https://shop.example/a']]);
    expect(mergeIndexes(null, null)).toEqual([]);
  });

  it('matches each stand-alone entry at most once', () => {
    const m = mergeIndexes(poppy(e('a', '/a'), e('a', '/a')), wellKnown(e('a', '/a')));
    expect(m.map((r) => r.source)).toEqual(['both', 'poppy']);
  });

  it('keeps an entry past the cap in one copy apart from the checked one in the other', () => {
    const p = parseSkillIndex({ $schema: V020, skills: [e('a', '/a'), e('b', '/b')] }, ctx('poppy', 1));
    const m = mergeIndexes(p, wellKnown(e('b', '/b')));
    expect(m.map((r) => [r.entry.name, r.source, r.entry.status])).toEqual([
      ['a', 'poppy', 'pending'],
      ['b', 'poppy', 'not-checked'],
      ['b', 'well-known', 'pending'],
    ]);
  });

  it('never lets an entry that is only listed stand in for a checked one (unknown `$schema` in poppy.json)', () => {
    const p = parseSkillIndex({ $schema: `${V020}/`, skills: [e('a', '/a')] }, ctx('poppy'));
    const m = mergeIndexes(p, wellKnown(e('a', '/a')));
    expect(m.map((r) => [r.entry.name, r.source, r.entry.status])).toEqual([
      ['a', 'poppy', 'skipped'],
      ['a', 'well-known', 'pending'],
    ]);
  });

  it('merges identical entries past the cap in both copies into one listed row, with its resolved URL', () => {
    const p = parseSkillIndex({ $schema: V020, skills: [e('a', '/a'), e('b', 'agent-skills/b/SKILL.md')] }, ctx('poppy', 1));
    const w = parseSkillIndex({ $schema: V020, skills: [e('a', '/a'), e('b', 'b/SKILL.md')] }, ctx('well-known', 1));
    expect(mergeIndexes(p, w).map((r) => [r.entry.name, r.source, r.entry.status, r.entry.url])).toEqual([
      ['a', 'both', 'pending', 'https://shop.example/a'],
      ['b', 'both', 'not-checked', 'https://shop.example/.well-known/agent-skills/b/SKILL.md'],
    ]);
  });

  it('keeps entries without a usable url or name as their own rows', () => {
    const m = mergeIndexes(poppy({ ...e('a', '/a'), url: '' }), wellKnown({ ...e('a', '/a'), url: '' }));
    expect(m.map((r) => [r.source, r.entry.status])).toEqual([
      ['poppy', 'invalid'],
      ['well-known', 'invalid'],
    ]);
  });
});

describe('parseLegacyIndex (v0.1, D1)', () => {
  const legacy: IndexContext = { source: 'well-known', document: LEGACY, requestedUrl: LEGACY, pathPrefix: [], maxSkills: 200 };

  it('lists entries at the conventional path, skipped, with one "old format" warning', () => {
    const r = parseLegacyIndex(
      {
        skills: [
          { name: 'a', description: 'A', files: ['SKILL.md', 'x.sh'] },
          { name: 'b', description: 'B', files: ['SKILL.md'] },
        ],
      },
      legacy,
    );
    expect(r.format).toBe('v0.1');
    expect(allInEnglish(r.findings)).toEqual([
      expect.objectContaining({
        code: 'old-format',
        severity: 'warning',
        message: expect.stringContaining('agents that verify skills find nothing to verify'),
        path: '$',
      }),
    ]);
    expect(r.entries.map((x) => [x.name, x.url, x.status, english(x.reason)])).toEqual([
      ['a', 'https://shop.example/.well-known/skills/a/SKILL.md', 'skipped', 'old format (v0.1): no digest to verify'],
      ['b', 'https://shop.example/.well-known/skills/b/SKILL.md', 'skipped', 'old format (v0.1): no digest to verify'],
    ]);
  });

  it('resolves the conventional path against the final URL after a redirect', () => {
    const r = parseLegacyIndex(
      { skills: [{ name: 'a', description: 'A', files: ['SKILL.md'] }] },
      { ...legacy, document: 'https://www.shop.example/.well-known/skills/index.json' },
    );
    expect(r.entries[0]!.url).toBe('https://www.shop.example/.well-known/skills/a/SKILL.md');
  });

  it.each([
    ['../../etc', 'bad-name', '$.skills[0].name'],
    ['a/b', 'bad-name', '$.skills[0].name'],
    [undefined, 'bad-name', '$.skills[0].name'],
  ])('never builds a path from the name %j', (name, code, path) => {
    const r = parseLegacyIndex({ skills: [{ name, description: 'A', files: ['SKILL.md'] }] }, legacy);
    expect(r.entries[0]).toMatchObject({ status: 'invalid', url: null });
    expect(r.findings).toContainEqual(expect.objectContaining({ code, path, severity: 'error' }));
  });

  it.each([
    [[], 'index-not-object'],
    [{ skills: 'a' }, 'skills-not-array'],
    [{ skills: [7] }, 'entry-not-object'],
    [{ skills: [] }, 'no-skills'],
  ])('%j → %s', (value, code) => {
    expect(codes(parseLegacyIndex(value, legacy).findings)).toContain(code);
  });

  it('caps the entries like the current format', () => {
    const skills = Array.from({ length: 5 }, (_, i) => ({ name: `s${i}`, description: 'x', files: ['SKILL.md'] }));
    const r = parseLegacyIndex({ skills }, { ...legacy, maxSkills: 3 });
    expect(r.entries.map((x) => x.status)).toEqual(['skipped', 'skipped', 'skipped', 'not-checked', 'not-checked']);
    expect(codes(r.findings)).toEqual(['old-format', 'too-many-skills']);
  });
});

describe('the two copies end to end', () => {
  it('a skill in both with a stale digest in one: one warning, two rows', () => {
    const p: IndexParse = poppy(e('a', 'agent-skills/a/SKILL.md', A));
    const w: IndexParse = wellKnown(e('a', 'a/SKILL.md', B));
    expect(codes(compareIndexes(p, w))).toEqual(['index-digest-differs']);
    expect(mergeIndexes(p, w).map((r) => r.source)).toEqual(['poppy', 'well-known']);
  });
});
