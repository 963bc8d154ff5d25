import { describe, expect, it } from 'vitest';
import { checkSkillMd, SKILL_MD_CODES, type SkillMdContext } from '../../../utils/engine/skill-md';
import { english } from '../../helpers/english';

const DOC = 'https://flowers.example/.well-known/agent-skills/my-skill/SKILL.md';
const CTX: SkillMdContext = { document: DOC, indexName: 'my-skill', indexDescription: 'A test skill' };
const enc = (s: string) => new TextEncoder().encode(s);
/** A SKILL.md with the given frontmatter lines. */
const md = (yaml: string, body = '# My Skill\n') => `---\n${yaml}\n---\n${body}`;
const BASE = 'name: my-skill\ndescription: A test skill';
const withName = (name: string) => md(`name: ${name}\ndescription: A test skill`);
const withDescription = (d: string) => md(`name: my-skill\ndescription: ${d}`);
const lines = (n: number) => Array.from({ length: n }, (_, i) => `Step ${i + 1}.`).join('\n') + '\n';
const NAME_64 = 'a'.repeat(64);
const DESC_1024 = 'd'.repeat(1024);

interface Row {
  /** Index context overrides. */
  ctx?: Partial<SkillMdContext>;
  /** Text that must appear in some finding's message or hint. */
  says?: string;
}

/**
 * skill-md.md §6, items 42–54: every sub-case is a row. Expected: the exact multiset of
 * "severity code" of the findings (empty = OK).
 */
const ROWS: [string, string | Uint8Array, string[], Row?][] = [
  // 42. OK
  ['42 minimal file', md(BASE), []],
  [
    '42 all optional fields valid',
    md(
      `${BASE}\nlicense: MIT\ncompatibility: Requires git and network access\nmetadata:\n  author: "Flowers Inc."\n  version: "1.0"\nallowed-tools: Bash(git:*) Read`,
    ),
    [],
  ],
  ['42 metadata with quoted string values', md(`${BASE}\nmetadata:\n  owner: "team-a"\n  internal: "true"`), []],
  ['42 CRLF line ends', md(BASE).replaceAll('\n', '\r\n'), []],
  ['42 no index context', md('name: other-skill\ndescription: Anything'), [], { ctx: { indexName: null, indexDescription: null } }],
  ['42 quoted name and description', md(`name: "my-skill"\ndescription: 'A test skill'`), []],
  ['42 literal body after the frontmatter', md(BASE, ''), []],
  // 43. E: frontmatter missing or misplaced
  ['43 no frontmatter', '# My Skill\n\nDo things.\n', ['error skill-md-no-frontmatter']],
  ['43 empty file', '', ['error skill-md-no-frontmatter']],
  ['43 leading blank line', `\n${md(BASE)}`, ['error skill-md-leading-blank-line'], { says: 'clients differ' }],
  ['43 leading whitespace-only lines', `  \n\t\n${md(BASE)}`, ['error skill-md-leading-blank-line']],
  ['43 unclosed ---', '---\nname: my-skill\ndescription: A test skill\n# My Skill\n', ['error skill-md-frontmatter-unclosed']],
  [
    '43 closing line with trailing spaces',
    '---\nname: my-skill\ndescription: A test skill\n---  \n# My Skill\n',
    ['error skill-md-frontmatter-unclosed'],
  ],
  ['43 only an opening line', '---', ['error skill-md-frontmatter-unclosed']],
  ['43 BOM first', Uint8Array.of(0xef, 0xbb, 0xbf, ...enc(md(BASE))), ['error skill-md-bom'], { says: 'clients differ' }],
  ['43 ---yaml opener', md(BASE).replace('---', '---yaml'), ['error skill-md-no-frontmatter'], { says: '---yaml' }],
  ['43 ---- opener', md(BASE).replace('---', '----'), ['error skill-md-no-frontmatter']],
  [
    '43 invalid UTF-8',
    Uint8Array.of(...enc('---\nname: my-skill\ndescription: '), 0xff, 0xfe, ...enc('\n---\n')),
    ['error skill-md-not-utf8'],
  ],
  [
    '43 frontmatter too large to parse',
    md(`${BASE}\nmetadata:\n  notes: "${'n'.repeat(40_000)}"`),
    ['error skill-md-frontmatter-too-large'],
  ],
  // The cap counts UTF-8 bytes: 2100 emoji are 4200 UTF-16 units but 8400 bytes (over 8 KiB).
  [
    '43 frontmatter too large in bytes',
    md(`${BASE}\nmetadata:\n  notes: "${'🌸'.repeat(2100)}"`),
    ['error skill-md-frontmatter-too-large'],
  ],
  ['43 a long frontmatter within the cap is parsed', md(`${BASE}\nmetadata:\n  notes: "${'🌸'.repeat(1900)}"`), []],
  // Within the size cap, the parser's work is bounded too (FRONTMATTER_LIMITS).
  [
    '43 too many YAML tokens',
    md(`${BASE}\n${Array.from({ length: 300 }, (_, i) => `k${i}: v`).join('\n')}`),
    ['error skill-md-frontmatter-too-complex'],
  ],
  ['43 flow nesting too deep', md(`${BASE}\nmetadata: ${'['.repeat(9)}${']'.repeat(9)}`), ['error skill-md-frontmatter-too-complex']],
  ['43 `: : : [` within the size cap', md(`${BASE}\n${': : : ['.repeat(1000)}`), ['error skill-md-frontmatter-too-complex']],
  // 44. E: YAML errors and wrong shapes
  ['44 invalid YAML ([invalid)', md('[invalid'), ['error skill-md-yaml-invalid']],
  ['44 unquoted key: a: b', withDescription('Use when: the user asks'), ['error skill-md-yaml-invalid'], { says: 'Quote the value' }],
  ['44 duplicate key', md(`${BASE}\nname: my-skill`), ['error skill-md-duplicate-key']],
  ['44 a list instead of a mapping', md('- name\n- description'), ['error skill-md-frontmatter-not-mapping']],
  ['44 empty frontmatter', '---\n---\n# My Skill\n', ['error skill-md-frontmatter-not-mapping']],
  ['44 only a comment', md('# name: my-skill'), ['error skill-md-frontmatter-not-mapping']],
  ['44 a single scalar', md('my-skill'), ['error skill-md-frontmatter-not-mapping']],
  ['44 undefined alias', md(`${BASE}\nlicense: *nowhere`), ['error skill-md-yaml-invalid']],
  // 45. W: YAML 1.2 features skills-ref rejects
  ['45 flow map', md(`${BASE}\nmetadata: {author: "a"}`), ['warning skill-md-yaml-flow-style'], { says: 'skills-ref' }],
  // One line, one finding: a flow collection the field checks already report on is not reported again.
  ['45 flow list', md(`${BASE}\nallowed-tools: [Read, Write]`), ['warning skill-md-allowed-tools-list']],
  ['45 flow map holding a list', md(`${BASE}\nmetadata: {tags: [a, b]}`), ['warning skill-md-metadata-not-string-map']],
  [
    '45 a later flow collection is still reported',
    md(`${BASE}\nallowed-tools: [Read]\nmetadata: {author: "a"}`),
    ['warning skill-md-allowed-tools-list', 'warning skill-md-yaml-flow-style'],
    { says: '$.metadata' },
  ],
  ['45 anchor and alias', md(`name: my-skill\ndescription: &d A test skill\nmetadata:\n  summary: *d`), ['warning skill-md-yaml-anchor']],
  ['45 anchor alone', md(`name: &n my-skill\ndescription: A test skill`), ['warning skill-md-yaml-anchor']],
  ['45 !!str tag', md(`name: !!str my-skill\ndescription: A test skill`), ['warning skill-md-yaml-tag'], { says: '!!str' }],
  ['45 custom tag', md(`${BASE}\nlicense: !spdx MIT`), ['warning skill-md-yaml-tag']],
  // 46. E: non-string scalars
  ['46 name: 123', md('name: 123\ndescription: A test skill'), ['error skill-md-not-a-string'], { says: 'quote' }],
  ['46 description: true', md('name: my-skill\ndescription: true'), ['error skill-md-not-a-string']],
  ['46 description: 1.5', md('name: my-skill\ndescription: 1.5'), ['error skill-md-not-a-string']],
  ['46 name as a list', md('name:\n  - my-skill\ndescription: A test skill'), ['error skill-md-not-a-string']],
  ['46 name: ~', md('name: ~\ndescription: A test skill'), ['error skill-md-name-missing']],
  // 47. W: unknown keys
  ['47 version', md(`${BASE}\nversion: "1.0"`), ['warning skill-md-unknown-key'], { says: 'metadata' }],
  ['47 author', md(`${BASE}\nauthor: Flowers Inc.`), ['warning skill-md-unknown-key'], { says: 'skills-ref' }],
  ['47 tags', md(`${BASE}\ntags:\n  - flowers`), ['warning skill-md-unknown-key']],
  ['47 tools', md(`${BASE}\ntools: Read`), ['warning skill-md-unknown-key']],
  ['47 disable-model-invocation', md(`${BASE}\ndisable-model-invocation: true`), ['warning skill-md-unknown-key']],
  [
    '47 misspelt description',
    md('name: my-skill\ndescripton: A test skill'),
    ['error skill-md-description-missing', 'warning skill-md-unknown-key'],
    { says: 'Did you mean `description`' },
  ],
  [
    '47 __proto__ and constructor keys',
    md(`${BASE}\n__proto__: {polluted: "yes"}\nconstructor: x`),
    ['warning skill-md-unknown-key', 'warning skill-md-unknown-key'],
  ],
  // 48. E: name rules
  ['48 upper case', withName('My-Skill'), ['error skill-md-name-invalid'], { ctx: { indexName: 'My-Skill' }, says: 'Try `my-skill`' }],
  ['48 leading hyphen', withName('-foo'), ['error skill-md-name-invalid'], { ctx: { indexName: '-foo' } }],
  ['48 trailing hyphen', withName('foo-'), ['error skill-md-name-invalid'], { ctx: { indexName: 'foo-' } }],
  ['48 double hyphen', withName('foo--bar'), ['error skill-md-name-invalid'], { ctx: { indexName: 'foo--bar' }, says: 'double hyphen' }],
  ['48 underscore', withName('foo_bar'), ['error skill-md-name-invalid'], { ctx: { indexName: 'foo_bar' }, says: '"_"' }],
  ['48 dot', withName('foo.bar'), ['error skill-md-name-invalid'], { ctx: { indexName: 'foo.bar' } }],
  [
    '48 65 characters',
    withName(`${NAME_64}b`),
    ['error skill-md-name-invalid'],
    { ctx: { indexName: `${NAME_64}b` }, says: '65 characters' },
  ],
  ['48 64 characters', withName(NAME_64), [], { ctx: { indexName: NAME_64 } }],
  [
    '48 several problems at once',
    withName('Bad_Name-'),
    ['error skill-md-name-invalid'],
    { ctx: { indexName: 'Bad_Name-' }, says: 'has upper-case letters, starts or ends with a hyphen' },
  ],
  ['48 Cyrillic', withName('мой-навык'), ['error skill-md-name-invalid'], { ctx: { indexName: 'мой-навык' } }],
  ['48 full-width NFKC', withName('ａｂｃ'), ['error skill-md-name-invalid'], { ctx: { indexName: 'ａｂｃ' }, says: 'NFKC form is "abc"' }],
  [
    '48 e + U+0301 NFKC',
    withName('cafe\u0301'),
    ['error skill-md-name-invalid'],
    { ctx: { indexName: 'cafe\u0301' }, says: 'NFKC form is "café"' },
  ],
  ['48 not equal to the index name', md(BASE), ['error skill-md-name-mismatch'], { ctx: { indexName: 'other-skill' } }],
  [
    '48 invalid and not the index name',
    withName('ａｂｃ'),
    ['error skill-md-name-invalid', 'error skill-md-name-mismatch'],
    { ctx: { indexName: 'abc' } },
  ],
  ['48 name missing', md('description: A test skill'), ['error skill-md-name-missing']],
  ['48 name empty string', withName('""'), ['error skill-md-name-missing']],
  ['48 name whitespace only', withName('"  "'), ['error skill-md-name-missing']],
  // 49. E: description
  ['49 description missing', md('name: my-skill'), ['error skill-md-description-missing']],
  ['49 description empty string', withDescription('""'), ['error skill-md-description-missing']],
  ['49 description whitespace only', withDescription('"   "'), ['error skill-md-description-missing']],
  ['49 description with no value', withDescription(''), ['error skill-md-description-missing']],
  [
    '49 description of 1025 characters',
    withDescription(`${DESC_1024}d`),
    ['error skill-md-description-too-long'],
    { ctx: { indexDescription: null }, says: '1025' },
  ],
  ['49 description of 1024 characters', withDescription(DESC_1024), [], { ctx: { indexDescription: DESC_1024 } }],
  ['49 description of 1024 astral characters', withDescription('😀'.repeat(1024)), [], { ctx: { indexDescription: null } }],
  [
    '49 folded > block: its trailing newline counts',
    md(`name: my-skill\ndescription: >\n  ${DESC_1024}`),
    ['error skill-md-description-too-long'],
    { ctx: { indexDescription: null }, says: 'line break' },
  ],
  ['49 folded >- block of 1024', md(`name: my-skill\ndescription: >-\n  ${DESC_1024}`), [], { ctx: { indexDescription: null } }],
  // 50. compatibility
  ['50 compatibility of 500', md(`${BASE}\ncompatibility: ${'c'.repeat(500)}`), []],
  ['50 compatibility of 501', md(`${BASE}\ncompatibility: ${'c'.repeat(501)}`), ['error skill-md-compatibility-too-long']],
  ['50 compatibility as a list', md(`${BASE}\ncompatibility:\n  - git`), ['error skill-md-not-a-string']],
  ['50 compatibility ""', md(`${BASE}\ncompatibility: ""`), ['error skill-md-compatibility-empty']],
  ['50 compatibility with no value', md(`${BASE}\ncompatibility:`), ['error skill-md-compatibility-empty']],
  ['50 compatibility: 3', md(`${BASE}\ncompatibility: 3`), ['error skill-md-not-a-string']],
  // 51. W: metadata and allowed-tools shapes (E for a non-string scalar)
  ['51 metadata as a scalar', md(`${BASE}\nmetadata: internal`), ['warning skill-md-metadata-not-string-map']],
  [
    '51 metadata nested map',
    md(`${BASE}\nmetadata:\n  owner:\n    team: a`),
    ['warning skill-md-metadata-not-string-map'],
    { says: 'metadata.owner' },
  ],
  ['51 metadata unquoted number', md(`${BASE}\nmetadata:\n  version: 1.0`), ['warning skill-md-metadata-not-string-map']],
  ['51 allowed-tools as a list', md(`${BASE}\nallowed-tools:\n  - Read\n  - Write`), ['warning skill-md-allowed-tools-list']],
  ['51 allowed-tools: true', md(`${BASE}\nallowed-tools: true`), ['error skill-md-not-a-string']],
  ['51 license: 2', md(`${BASE}\nlicense: 2`), ['error skill-md-not-a-string']],
  // 52. W: a --- inside the frontmatter
  [
    '52 description containing ---',
    withDescription('Before --- after'),
    ['warning skill-md-delimiter-in-value'],
    { ctx: { indexDescription: 'Before --- after' }, says: 'truncat' },
  ],
  ['52 --- in a comment', md(`${BASE}\n# ---`), ['warning skill-md-delimiter-in-value']],
  // 53. index vs frontmatter
  ['53 index description differs', md(BASE), ['warning skill-md-description-differs'], { ctx: { indexDescription: 'Something else' } }],
  [
    '53 index description differs only in whitespace',
    md(BASE),
    ['warning skill-md-description-whitespace'],
    { ctx: { indexDescription: 'A  test\nskill' } },
  ],
  ['53 index description with outer whitespace', md(BASE), [], { ctx: { indexDescription: '  A test skill\n' } }],
  ['53 index name differs', md(BASE), ['error skill-md-name-mismatch'], { ctx: { indexName: 'my-skill-2' } }],
  // 54. I: body size
  ['54 body of 501 lines', md(BASE, lines(501)), ['info skill-md-body-long']],
  ['54 body of 500 lines', md(BASE, lines(500)), []],
  ['54 very large body', md(BASE, `${'word '.repeat(5000)}\n`), ['info skill-md-body-large']],
];

describe('SKILL.md checklist (skill-md.md §6, items 42–54)', () => {
  it.each(ROWS)('%s', (_label, input, expected, row = {}) => {
    const bytes = typeof input === 'string' ? enc(input) : input;
    const result = checkSkillMd(bytes, { ...CTX, ...row.ctx });
    expect(result.findings.map((f) => `${f.severity} ${f.code}`).sort()).toEqual([...expected].sort());
    // The fast frontmatter reader must change nothing: the YAML parser alone gives the same result.
    expect(result).toEqual(checkSkillMd(bytes, { ...CTX, ...row.ctx }, () => null));
    for (const f of result.findings) expect(f.document).toBe(DOC);
    if (row.says) expect(result.findings.map((f) => `${english(f.message)} ${english(f.hint)}`).join('\n')).toContain(row.says);
  });
});

/** Cases beyond the checklist: codes the checklist has no item for. */
const EXTRA_ROWS: [string, string, string[]][] = [
  ['a list as a key', md(`${BASE}\n? - a\n  - b\n: c`), ['warning skill-md-yaml-complex-key']],
  [
    'more than 100 metadata keys',
    md(`${BASE}\nmetadata:\n${Array.from({ length: 101 }, (_, i) => `  k${i}: "v"`).join('\n')}`),
    ['warning skill-md-frontmatter-truncated'],
  ],
];

describe('SKILL.md checks beyond the checklist', () => {
  it.each(EXTRA_ROWS)('%s', (_label, input, expected) => {
    const result = checkSkillMd(enc(input), CTX);
    expect(result.findings.map((f) => `${f.severity} ${f.code}`).sort()).toEqual(expected);
    expect(result).toEqual(checkSkillMd(enc(input), CTX, () => null));
  });

  it('every declared code is exercised by a row, with its declared severity', () => {
    const seen = new Set([...ROWS, ...EXTRA_ROWS].flatMap(([, , expected]) => expected));
    for (const spec of Object.values(SKILL_MD_CODES)) expect(seen).toContain(`${spec.severity} ${spec.code}`);
  });

  it('returns the frontmatter as plain values and the body as text', () => {
    const text = md(`${BASE}\nlicense: MIT\nmetadata:\n  owner: "team-a"\nallowed-tools: Read`, '# My Skill\n\nDo it.\n');
    const result = checkSkillMd(enc(text), CTX);
    expect(result.frontmatter).toEqual({
      name: 'my-skill',
      description: 'A test skill',
      license: 'MIT',
      metadata: { owner: 'team-a' },
      'allowed-tools': 'Read',
    });
    expect(result.body).toBe('# My Skill\n\nDo it.\n');
  });

  it('copies every scalar as written, as strictyaml types them: 2.0 stays "2.0"', () => {
    const text = md(`${BASE}\nlicense: 2.0\nmetadata:\n  version: 2.0\n  beta: true\n  hex: 0x1F\n  none: ~\n  empty:\n  1.10: x`);
    const result = checkSkillMd(enc(text), CTX);
    expect(result.frontmatter).toEqual({
      name: 'my-skill',
      description: 'A test skill',
      license: '2.0',
      metadata: { version: '2.0', beta: 'true', hex: '0x1F', none: '~', empty: '', '1.10': 'x' },
    });
    // The checks still say which values are not strings (D6), each once.
    expect(result.findings.map((f) => [f.code, f.path])).toEqual([
      ['skill-md-not-a-string', '$.license'],
      ['skill-md-metadata-not-string-map', '$.metadata.version'],
      ['skill-md-metadata-not-string-map', '$.metadata.beta'],
      ['skill-md-metadata-not-string-map', '$.metadata.hex'],
      ['skill-md-metadata-not-string-map', '$.metadata.none'],
      ['skill-md-metadata-not-string-map', '$.metadata.empty'],
    ]);
  });

  it('keeps <script> and <img onerror> in the body as plain text', () => {
    const body = '<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n[x](javascript:alert(3))\n';
    const result = checkSkillMd(enc(md(BASE, body)), CTX);
    expect(result.body).toBe(body);
    expect(result.findings).toEqual([]);
  });

  it('returns the whole text as body when there is no frontmatter, and no body when it is unclosed', () => {
    expect(checkSkillMd(enc('# Only markdown\n'), CTX).body).toBe('# Only markdown\n');
    expect(checkSkillMd(enc('---\nname: x\n'), CTX).body).toBeNull();
    expect(checkSkillMd(Uint8Array.of(0xc3, 0x28), CTX)).toEqual({
      frontmatter: null,
      body: null,
      title: null,
      findings: [expect.objectContaining({ code: 'skill-md-not-utf8' })],
    });
  });

  it('reports paths as JSON paths', () => {
    const text = md('name: 1\ndescription: A test skill\nmetadata:\n  owner:\n    team: a\nallowed-tools:\n  - Read');
    const paths = checkSkillMd(enc(text), CTX).findings.map((f) => [f.code, f.path]);
    expect(paths).toEqual([
      ['skill-md-not-a-string', '$.name'],
      ['skill-md-metadata-not-string-map', '$.metadata.owner'],
      ['skill-md-allowed-tools-list', '$["allowed-tools"]'],
    ]);
  });

  it('points YAML errors at the line of the file', () => {
    const [f] = checkSkillMd(enc(`\n${withDescription('Use when: asked')}`), CTX).findings.filter(
      (x) => x.code === 'skill-md-yaml-invalid',
    );
    expect(english(f?.message)).toContain('at line 4 (`description: Use when: asked`)');
  });

  it('does not let __proto__ or constructor keys touch any prototype', () => {
    const result = checkSkillMd(enc(md(`${BASE}\n__proto__:\n  polluted: "yes"\nconstructor: x`)), CTX);
    const fm = result.frontmatter!;
    expect(Object.getPrototypeOf(fm)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(fm, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(fm.constructor).toBe('x');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('copies values within the bounds: strings, depth, non-finite numbers as written', () => {
    const long = 'x'.repeat(5000);
    const text = md(`${BASE}\nlicense: ${long}\nmetadata:\n  a:\n    b:\n      c:\n        d: deep\n  n: .inf`);
    const result = checkSkillMd(enc(text), CTX);
    const fm = result.frontmatter!;
    expect(fm.license).toBe('x'.repeat(4096));
    expect(fm.metadata).toEqual({ a: { b: { c: null } }, n: '.inf' });
    expect(JSON.parse(JSON.stringify(fm))).toEqual(fm);
    expect(result.findings.map((f) => f.code)).toContain('skill-md-frontmatter-truncated');
  });

  it('keeps billion-laughs YAML fast and bounded', () => {
    let yaml = `${BASE}\nl0: &l0 "lol"\n`;
    for (let i = 1; i <= 12; i++) yaml += `l${i}: &l${i}\n${Array.from({ length: 10 }, () => `  - *l${i - 1}`).join('\n')}\n`;
    const started = performance.now();
    const result = checkSkillMd(enc(md(yaml.trimEnd())), CTX);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(JSON.stringify(result.frontmatter).length).toBeLessThan(100_000);
    expect(result.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['skill-md-yaml-anchor', 'skill-md-frontmatter-truncated']));
  });

  it.each([
    ['deep flow nesting', `${BASE}\nx: ${'['.repeat(30_000)}`],
    ['thousands of anchors', `${BASE}\nx: ${'&a '.repeat(10_000)}x`],
    ['thousands of errors', `${BASE}\n${'- '.repeat(15_000)}`],
  ])('stays fast and never throws on hostile YAML: %s', (_label, yaml) => {
    const started = performance.now();
    const result = checkSkillMd(enc(md(yaml)), CTX);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(result.frontmatter).toBeNull();
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result.findings.length).toBeLessThanOrEqual(5);
    expect(result.findings.every((f) => f.severity === 'error')).toBe(true);
  });
});
