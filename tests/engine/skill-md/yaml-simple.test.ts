import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { ALL_SITES } from '../../fixtures/sites/index';
import { manySkillsSite } from '../../../bench/many-skills-site';
import { checkSkillMd, type SkillMdContext } from '../../../utils/engine/skill-md';
import { parseFrontmatter } from '../../../utils/engine/skill-md/yaml-parse';
import { readSimpleMapping } from '../../../utils/engine/skill-md/yaml-simple';

/**
 * The fast frontmatter reader is allowed only because it cannot change a result: wherever it
 * accepts a frontmatter, the YAML parser must read the same pairs and the check must come out
 * the same, finding for finding.
 */
const CTX: SkillMdContext = {
  document: 'https://flowers.example/.well-known/agent-skills/x/SKILL.md',
  indexName: 'my-skill',
  indexDescription: 'A test skill',
};
const enc = (s: string) => new TextEncoder().encode(s);
const md = (yaml: string) => enc(`---\n${yaml}---\n# Body\n`);

/** The mapping as the YAML parser reads it, as plain JSON. */
const parsed = (yaml: string) => parseFrontmatter(yaml, 2, CTX.document).map?.toJSON();

/** Both paths over one file; returns whether the fast reader took it. */
function sameBothWays(bytes: Uint8Array, ctx: SkillMdContext = CTX): boolean {
  expect(checkSkillMd(bytes, ctx)).toEqual(checkSkillMd(bytes, ctx, () => null));
  const text = new TextDecoder().decode(bytes);
  const yaml = /^---\r?\n([^]*?\n)---\r?\n/.exec(text)?.[1];
  const pairs = yaml === undefined ? null : readSimpleMapping(yaml);
  if (pairs) expect(Object.fromEntries(pairs)).toEqual(parsed(yaml!));
  return pairs !== null;
}

describe('readSimpleMapping', () => {
  it.each([
    ['plain', 'name: my-skill\ndescription: A test skill\n', { name: 'my-skill', description: 'A test skill' }],
    ['CRLF', 'name: my-skill\r\ndescription: A test skill\r\n', { name: 'my-skill', description: 'A test skill' }],
    ['double-quoted with escapes', 'description: "Use when: \\"a\\" \\\\ \\u00e9\\n"\n', { description: 'Use when: "a" \\ é\n' }],
    ['single-quoted', "description: 'it''s: fine'\n", { description: "it's: fine" }],
    ['quoted number stays text', 'version: "1.0"\n', { version: '1.0' }],
    [
      'inner colons, hashes and brackets',
      'allowed-tools: Bash(git:*) Read#x [a] {b}, c\n',
      { 'allowed-tools': 'Bash(git:*) Read#x [a] {b}, c' },
    ],
    ['non-ASCII', 'description: Fleurs été 😀\n', { description: 'Fleurs été 😀' }],
  ])('reads %s', (_label, yaml, expected) => {
    expect(Object.fromEntries(readSimpleMapping(yaml) ?? [])).toEqual(expected);
    expect(parsed(yaml)).toEqual(expected);
  });

  it.each([
    ['a number', 'name: 123\n'],
    ['a float', 'name: .5\n'],
    ['a boolean', 'description: true\n'],
    ['null', 'name: null\n'],
    ['a boolean key', 'true: x\n'],
    ['no value', 'name:\n'],
    ['a nested colon', 'description: Use when: asked\n'],
    ['a comment', 'name: x # note\n'],
    ['a trailing space', 'name: x \n'],
    ['a trailing colon', 'name: x:\n'],
    ['a tab', 'name: a\tb\n'],
    ['a block scalar', 'description: >\n  text\n'],
    ['an indented line', 'metadata:\n  a: b\n'],
    ['a blank line', 'name: x\n\ndescription: y\n'],
    ['a comment line', '# c\nname: x\n'],
    ['an anchor', 'name: &a x\n'],
    ['a tag', 'name: !!str x\n'],
    ['a flow map', 'metadata: {a: b}\n'],
    ['a duplicate key', 'name: a\nname: b\n'],
    ['a --- inside', 'description: a --- b\n'],
    ['a bare CR', 'name: a\rb\n'],
    ['a YAML-only escape', 'name: "\\x41"\n'],
    ['text after a quote', 'name: "a" b\n'],
    ['a BOM', 'name: \ufeffx\n'],
    ['no final line break', 'name: x'],
    ['nothing', ''],
  ])('leaves %s to the YAML parser', (_label, yaml) => {
    expect(readSimpleMapping(yaml)).toBeNull();
  });
});

describe('fast reader and full parser agree', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer({ https: false });
  });
  afterAll(() => server.close());

  it('on every SKILL.md the fixture sites serve', async () => {
    let files = 0;
    let fast = 0;
    for (const site of ALL_SITES) {
      for (const path of Object.keys(site.routes).filter((p) => p.endsWith('/SKILL.md'))) {
        const response = await fetch(server.origin(site.name) + path);
        expect(response.status).toBe(200);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const name = path.split('/').at(-2)!;
        if (sameBothWays(bytes, { document: path, indexName: name, indexDescription: null })) fast++;
        files++;
      }
    }
    expect(files).toBeGreaterThanOrEqual(10);
    // Fixture frontmatter is what owners write; nearly all of it must take the fast path.
    expect(fast).toBeGreaterThanOrEqual(files - 1);
  });

  it('on the benchmark site', () => {
    const site = manySkillsSite('bench', 3, 512);
    const bodies = Object.entries(site.routes).filter(([p]) => p.endsWith('/SKILL.md'));
    for (const [, route] of bodies) expect(sameBothWays((route as { body: Uint8Array }).body)).toBe(true);
  });

  it.each([
    ['values past the copy bound', `name: my-skill\ndescription: A test skill\nlicense: ${'x'.repeat(5000)}\n`],
    [
      'field rules on text values',
      `name: My_Skill\ndescription: ${'d'.repeat(1025)}\ncompatibility: ''\nmetadata: internal\nversion: "1.0"\n`,
    ],
    ['__proto__ and constructor keys', 'name: my-skill\ndescription: A test skill\n__proto__: x\nconstructor: y\n'],
  ])('on %s', (_label, yaml) => {
    expect(sameBothWays(md(yaml))).toBe(true);
  });

  /** Fragments chosen to hit every rule of the subset and its neighbours; text is the common case. */
  const KEYS = ['name', 'description', 'license', 'metadata', 'allowed-tools', '_x', 'Key', '__proto__', 'constructor'];
  const ODD_KEYS = ['true', 'Null', '123', '.5', 'a b', 'x:y', '-k', '"q"', "'s'", '?', '&a k', '', 'k'.repeat(65)];
  const SEPARATORS = [':', ':  ', ' : ', ':\t', ': #'];
  const TEXT = ['a', 'Z', 'word', ' ', 'é', '😀', '(', ')', '/', '=', '0', '1', '.', '-', ',', '[', '}', "'", '"', ':', '#'];
  const ODD = [
    '  ',
    '+',
    '~',
    ' #',
    ': ',
    "''",
    '\\',
    '\\"',
    '\\n',
    '\\t',
    '\\u00e9',
    '\\ud83d',
    '\\x41',
    '\\/',
    '\\0',
    '{',
    ']',
    '&',
    '*',
    '!',
    '|',
    '>',
    '%',
    '@',
    '`',
    '?',
    '\t',
    '\u00a0',
    '\u0085',
    '\u2028',
    '\ufeff',
    '\u007f',
    '\ufffe',
    'null',
    'true',
    'False',
    '1e3',
    '.inf',
    '.NaN',
    '0x1F',
    '0o7',
    '---',
    '...',
    '\r',
    '<<',
    '- ',
    '? ',
  ];

  it('on 10 000 generated frontmatters', () => {
    let seed = 42;
    const random = () => {
      // mulberry32: deterministic, so a failure can be replayed.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const value = () => {
      let v = Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(random() < 0.15 ? ODD : TEXT)).join('');
      const quote = random();
      if (quote < 0.2) v = `"${v}"`;
      else if (quote < 0.35) v = `'${v}'`;
      return v;
    };
    const line = () => `${pick(random() < 0.1 ? ODD_KEYS : KEYS)}${random() < 0.1 ? pick(SEPARATORS) : ': '}${value()}`;
    let fast = 0;
    for (let i = 0; i < 10_000; i++) {
      const eol = random() < 0.1 ? '\r\n' : '\n';
      const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, line);
      if (sameBothWays(md(`${lines.join(eol)}${eol}`))) fast++;
    }
    // Enough generated cases take the fast path for the comparison to mean something.
    expect(fast).toBeGreaterThan(2000);
    // 10 000 parses: seconds of CPU, many more on a busy machine; correctness, not a timing.
  }, 180_000);
});
