// The skill index readers on anything a site serves (docs/security.md): v0.2.0 (stand-alone and
// embedded) and the legacy v0.1 file never throw, every problem is a well-formed finding, every
// entry gets a status, and the entry cap (D5) holds whatever the list's length.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OVER_CAP_LISTED } from '../../../utils/engine/spec';
import { parseLegacyIndex, parseSkillIndex, type IndexContext, type IndexParse } from '../../../utils/engine/skill-index';
import { FUZZ_TIMEOUT, expectWellFormed, fuzzRuns } from '../../helpers/fuzz';

const V020 = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const DOC = 'https://shop.example/.well-known/agent-skills/index.json';
const HELLO = 'sha256:90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be';
const STATUSES = ['pending', 'invalid', 'skipped', 'not-checked'];

/** A field's value: usually plausible, sometimes anything at all. */
const field = (...plausible: unknown[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...plausible) },
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );

const entry = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        name: field('my-skill', 'a', 'A-B', '-x', 'x'.repeat(65), '../etc', 'ok-1'),
        description: field('A test skill', '', 'd'.repeat(1100)),
        type: field('skill-md', 'archive', 'SKILL.md', 'other'),
        url: field(
          'my-skill/SKILL.md',
          '/x/SKILL.md',
          'https://cdn.example.net/a.md',
          'http://127.0.0.1/x',
          'javascript:alert(1)',
          '//evil.example/x',
          '',
        ),
        digest: field(HELLO, 'sha256:', HELLO.toUpperCase(), 'md5:abc', HELLO.slice(0, 40)),
        files: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    ),
  },
  fc.jsonValue({ maxDepth: 2 }),
);

const skills = fc.oneof(
  { weight: 4, arbitrary: fc.array(entry, { maxLength: 14 }) },
  fc.tuple(entry, fc.integer({ min: 0, max: 300 })).map(([e, n]) => Array.from({ length: n }, () => e)),
  fc.jsonValue({ maxDepth: 2 }),
);

const index = fc.oneof(
  { weight: 5, arbitrary: fc.record({ $schema: field(V020, 'https://example.com/schema.json', ''), skills }, { requiredKeys: [] }) },
  fc.jsonValue({ maxDepth: 3 }),
);

const context = fc.record({
  maxSkills: fc.integer({ min: 1, max: 12 }),
  embedded: fc.boolean(),
});

function expectSound(r: IndexParse, ctx: IndexContext, value: unknown): void {
  expectWellFormed(r.findings);
  for (const f of r.findings) expect(f.document).toBe(DOC);
  expect(r.entries.length).toBeLessThanOrEqual(ctx.maxSkills + OVER_CAP_LISTED);
  expect(r.entries.filter((e) => e.status === 'pending').length).toBeLessThanOrEqual(ctx.maxSkills);
  for (const e of r.entries) {
    expect(STATUSES).toContain(e.status);
    expect(e.path.slice(0, ctx.pathPrefix.length)).toEqual(ctx.pathPrefix);
    // Every entry that will not be fetched says why.
    if (e.status !== 'pending') expect(e.reason, JSON.stringify(e)).toBeDefined();
    if (e.status === 'pending') expect(URL.canParse(e.url ?? '')).toBe(true);
  }
  // Nothing to read is a finding, never silence.
  if (value === null || typeof value !== 'object' || Array.isArray(value)) expect(r.findings.length).toBeGreaterThan(0);
}

describe('the skill index readers on any JSON (property)', () => {
  for (const [name, parseIndex] of [
    ['v0.2.0', parseSkillIndex],
    ['legacy v0.1', parseLegacyIndex],
  ] as const) {
    it(
      `${name}: never throws; a status for every entry, the cap kept, every problem a finding`,
      () =>
        fc.assert(
          fc.property(index, context, (value, { maxSkills, embedded }) => {
            const ctx: IndexContext = {
              source: embedded ? 'poppy' : 'well-known',
              document: DOC,
              requestedUrl: DOC,
              pathPrefix: embedded ? ['skill_index'] : [],
              maxSkills,
            };
            expectSound(parseIndex(value, ctx), ctx, value);
          }),
          fuzzRuns(300),
        ),
      FUZZ_TIMEOUT,
    );
  }
});
