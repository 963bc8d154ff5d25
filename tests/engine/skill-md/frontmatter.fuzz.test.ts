// The SKILL.md frontmatter reader on hostile bytes (docs/security.md): it never throws, a file with no
// readable frontmatter always gets a finding, YAML over the budget (FRONTMATTER_LIMITS) is never
// parsed, the copy kept in the report stays within PLAIN_LIMITS, and the fast reader for plain
// `key: value` lines never changes a result.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSkillMd } from '../../../utils/engine/skill-md';
import { PLAIN_LIMITS } from '../../../utils/engine/skill-md/plain';
import { FRONTMATTER_LIMITS } from '../../../utils/engine/spec';
import { FUZZ_TIMEOUT, expectWellFormed, fuzzRuns } from '../../helpers/fuzz';

const ctx = {
  document: 'https://shop.example/.well-known/agent-skills/a/SKILL.md',
  indexName: 'my-skill',
  indexDescription: 'A test skill',
};
const encoder = new TextEncoder();

/** Pieces of YAML, hostile ones included: indicators, anchors, aliases, merge keys, tags, odd text. */
const PIECES = [
  'name: my-skill\n',
  'description: A test skill\n',
  'metadata:\n',
  '  ',
  '- ',
  ': ',
  '? ',
  '[',
  ']',
  '{',
  '}',
  ', ',
  '&a ',
  '*a',
  '<<: *a\n',
  '!!binary ',
  '!x ',
  '"',
  "'",
  '|\n',
  '>-\n',
  '\n',
  '#',
  '%YAML 1.2\n',
  '...\n',
  'key',
  'x',
  '1e400',
  '0x1F',
  'true',
  '~',
  '\t',
  '\r\n',
  '\u202e',
  '\u200d',
  '🌸',
  '\u0000',
  '\\',
  '@',
  '`',
];
const yamlText = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 80 }).map((p) => p.join('')) },
  // Long runs: past the token and byte budgets.
  fc
    .tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }), fc.integer({ min: 50, max: 3000 }))
    .map(([p, n]) => p.join('').repeat(n)),
  fc.string({ unit: 'binary', maxLength: 300 }),
);
const body = fc.oneof(fc.constant('# Skill\n\nSteps.\n'), fc.string({ maxLength: 200 }));

/** A file: frontmatter between delimiters (sometimes broken ones), or any bytes at all. */
const skillFile = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.constantFrom('---\n', '---\r\n', '\uFEFF---\n', '--- \n', ''),
        yamlText,
        fc.constantFrom('\n---\n', '\r\n---\r\n', '\n', '\n...\n'),
        body,
      )
      .map(([open, yaml, close, rest]) => ({
        yaml,
        bytes: encoder.encode(open + yaml + close + rest),
        delimited: open === '---\n' && close === '\n---\n',
      })),
  },
  fc.uint8Array({ maxLength: 400 }).map((bytes) => ({ yaml: null, bytes, delimited: false })),
);

/** The copy's shape within PLAIN_LIMITS: depth, entries per level, string length, value count. */
function plainSize(value: unknown, depth: number): number {
  if (typeof value === 'string') expect(value.length).toBeLessThanOrEqual(PLAIN_LIMITS.string + 1);
  if (value === null || typeof value !== 'object') return 1;
  expect(depth).toBeLessThanOrEqual(PLAIN_LIMITS.depth);
  const items = Object.values(value);
  expect(items.length).toBeLessThanOrEqual(PLAIN_LIMITS.entries);
  return items.reduce<number>((n, v) => n + plainSize(v, depth + 1), 1);
}

describe('the SKILL.md frontmatter reader on hostile bytes (property)', () => {
  it(
    'never throws; unread frontmatter is a finding; the budget and the copy bounds hold',
    () =>
      fc.assert(
        fc.property(skillFile, ({ yaml, bytes, delimited }) => {
          const r = checkSkillMd(bytes, ctx);
          expectWellFormed(r.findings);
          if (r.frontmatter === null) expect(r.findings.some((f) => f.severity === 'error')).toBe(true);
          else expect(plainSize(r.frontmatter, 1)).toBeLessThanOrEqual(PLAIN_LIMITS.nodes + 1);
          // Over the byte budget the YAML is never parsed, whatever it holds.
          if (
            delimited &&
            !yaml!.includes('\n---') &&
            !yaml!.startsWith('---') &&
            encoder.encode(yaml!).length > FRONTMATTER_LIMITS.bytes
          ) {
            expect(r.frontmatter).toBeNull();
            expect(r.findings.map((f) => f.code)).toContain('skill-md-frontmatter-too-large');
          }
        }),
        fuzzRuns(400),
      ),
    FUZZ_TIMEOUT,
  );

  it(
    'the fast reader for plain `key: value` lines gives what the YAML parser gives',
    () =>
      fc.assert(
        fc.property(skillFile, ({ bytes }) => {
          expect(checkSkillMd(bytes, ctx)).toEqual(checkSkillMd(bytes, ctx, () => null));
        }),
        fuzzRuns(300),
      ),
    FUZZ_TIMEOUT,
  );
});
