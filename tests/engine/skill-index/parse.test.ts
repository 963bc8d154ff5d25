import { describe, expect, it } from 'vitest';
import type { Severity } from '../../../utils/engine/spec';
import { MAX_UNKNOWN_FIELD_FINDINGS } from '../../../utils/engine/json/unknown-fields';
import {
  parseSkillIndex,
  SKILL_INDEX_CODES,
  type EntryStatus,
  type IndexContext,
  type IndexFormat,
} from '../../../utils/engine/skill-index';
import { allInEnglish, english } from '../../helpers/english';

const V020 = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const DOC = 'https://shop.example/.well-known/agent-skills/index.json';
const HELLO = 'sha256:90f8ec5669cd34183b9b0fdf8b94f5efb4c3672876330f4aa76088c2b4ad17be';
const ctx: IndexContext = { source: 'well-known', document: DOC, requestedUrl: DOC, pathPrefix: [], maxSkills: 200 };

const OMIT = Symbol('omit');
/** A valid entry; `OMIT` removes a field. Built with Object.entries so test keys like `__proto__` stay own keys. */
function entry(over: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, unknown> = {
    name: 'my-skill',
    description: 'A test skill',
    type: 'skill-md',
    url: 'my-skill/SKILL.md',
    digest: HELLO,
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of [...Object.entries(base), ...Object.entries(over)])
    if (v !== OMIT) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  for (const [k, v] of Object.entries(over)) if (v === OMIT) delete out[k];
  return out;
}
const index = (...skills: unknown[]) => ({ $schema: V020, skills });

type EntryRow = [label: string, value: unknown, status: EntryStatus, code: string | null, severity?: Severity, path?: string];

// Checklist items 15 to 25 of skill-md.md §6, plus the edge cases the brief names. `code: null`
// means no finding at all; otherwise the entry has a finding with that code, severity and path.
const entryRows: EntryRow[] = [
  ['1. minimal skill-md entry', entry(), 'pending', null],
  ['1b. archive entry', entry({ type: 'archive', url: 'my-skill.tar.gz' }), 'pending', null],
  ['15. name of exactly 64 characters', entry({ name: 'a'.repeat(64) }), 'pending', null],
  ['15b. name with digits and single hyphens', entry({ name: 'v2-skill-3' }), 'pending', null],
  ['16. name of 65 characters', entry({ name: 'a'.repeat(65) }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. empty name', entry({ name: '' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. upper-case name', entry({ name: 'Foo' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. leading hyphen', entry({ name: '-foo' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. trailing hyphen', entry({ name: 'foo-' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. double hyphen', entry({ name: 'foo--bar' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. underscore', entry({ name: 'foo_bar' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. dot', entry({ name: 'foo.bar' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. Cyrillic', entry({ name: 'техника' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. full-width letters', entry({ name: 'ａｂｃ' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. name a number', entry({ name: 123 }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. name missing', entry({ name: OMIT }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16. name __proto__', entry({ name: '__proto__' }), 'invalid', 'bad-name', 'error', '$.skills[0].name'],
  ['16b. name constructor is a valid name', entry({ name: 'constructor' }), 'pending', null],
  ['17. type Skill-MD', entry({ type: 'Skill-MD' }), 'skipped', 'unknown-type', 'warning', '$.skills[0].type'],
  ['17. type skill', entry({ type: 'skill' }), 'skipped', 'unknown-type', 'warning', '$.skills[0].type'],
  ['17. type task', entry({ type: 'task' }), 'skipped', 'unknown-type', 'warning', '$.skills[0].type'],
  [
    '17. unknown type skips the other checks',
    entry({ type: 'mcp-tool', url: OMIT, digest: OMIT }),
    'skipped',
    'unknown-type',
    'warning',
    '$.skills[0].type',
  ],
  ['17. type missing', entry({ type: OMIT }), 'invalid', 'missing-type', 'error', '$.skills[0].type'],
  ['17. type a number', entry({ type: 1 }), 'invalid', 'missing-type', 'error', '$.skills[0].type'],
  ['18. description missing', entry({ description: OMIT }), 'invalid', 'bad-description', 'error', '$.skills[0].description'],
  ['18. description empty', entry({ description: '' }), 'invalid', 'bad-description', 'error', '$.skills[0].description'],
  ['18. description whitespace only', entry({ description: ' \n\t ' }), 'invalid', 'bad-description', 'error', '$.skills[0].description'],
  [
    '18. description of 1025 characters',
    entry({ description: 'x'.repeat(1025) }),
    'invalid',
    'bad-description',
    'error',
    '$.skills[0].description',
  ],
  [
    '18. description of 1025 astral characters',
    entry({ description: '😀'.repeat(1025) }),
    'invalid',
    'bad-description',
    'error',
    '$.skills[0].description',
  ],
  [
    '18. description of 5000 characters',
    entry({ description: 'x'.repeat(5000) }),
    'invalid',
    'bad-description',
    'error',
    '$.skills[0].description',
  ],
  ['18. description true', entry({ description: true }), 'invalid', 'bad-description', 'error', '$.skills[0].description'],
  ['19. description of 1024 astral characters', entry({ description: '😀'.repeat(1024) }), 'pending', null],
  ['19. description of 1024 characters', entry({ description: 'x'.repeat(1024) }), 'pending', null],
  ['20. url missing', entry({ url: OMIT }), 'invalid', 'bad-url', 'error', '$.skills[0].url'],
  ['20. url empty', entry({ url: '' }), 'invalid', 'bad-url', 'error', '$.skills[0].url'],
  ['20. url only spaces', entry({ url: '   ' }), 'invalid', 'bad-url', 'error', '$.skills[0].url'],
  ['20. url a number', entry({ url: 42 }), 'invalid', 'bad-url', 'error', '$.skills[0].url'],
  ['20. url too long', entry({ url: `x/${'a'.repeat(9000)}` }), 'invalid', 'bad-url', 'error', '$.skills[0].url'],
  ['20. url does not parse', entry({ url: 'https://[oops/SKILL.md' }), 'invalid', 'bad-url', 'error', '$.skills[0].url'],
  ['21. url with a backslash', entry({ url: 'my-skill\\SKILL.md' }), 'pending', 'url-backslash', 'warning', '$.skills[0].url'],
  ['21. url with leading spaces', entry({ url: '  my-skill/SKILL.md' }), 'pending', 'url-whitespace', 'warning', '$.skills[0].url'],
  ['21. url with a tab inside', entry({ url: 'my-\tskill/SKILL.md' }), 'pending', 'url-whitespace', 'warning', '$.skills[0].url'],
  ['21. url with a newline inside', entry({ url: 'my-skill/\nSKILL.md' }), 'pending', 'url-whitespace', 'warning', '$.skills[0].url'],
  ['21. javascript: resolves; the URL policy blocks it later', entry({ url: 'javascript:alert(1)' }), 'pending', null],
  ['21. data: resolves; the URL policy blocks it later', entry({ url: 'data:text/markdown,hi' }), 'pending', null],
  ['21. ftp: resolves, on another origin', entry({ url: 'ftp://files.example/x' }), 'pending', null],
  [
    '22. artifact on a CDN',
    entry({ url: 'https://cdn.example.net/x/SKILL.md' }),
    'pending',
    'artifact-other-origin',
    'info',
    '$.skills[0].url',
  ],
  [
    '22. protocol-relative url on another host',
    entry({ url: '//cdn.example.net/x/SKILL.md' }),
    'pending',
    'artifact-other-origin',
    'info',
    '$.skills[0].url',
  ],
  ['22. double backslash acts as //', entry({ url: '\\\\evil.example\\x' }), 'pending', 'artifact-other-origin', 'info', '$.skills[0].url'],
  [
    '23. ../../x leaves the skills directory',
    entry({ url: '../../x/SKILL.md' }),
    'pending',
    'url-leaves-skills-dir',
    'info',
    '$.skills[0].url',
  ],
  ['23. %2e%2e/x acts as ../', entry({ url: '%2e%2e/x/SKILL.md' }), 'pending', 'url-encoded-dots', 'info', '$.skills[0].url'],
  ['23. ../agent-skills/ stays inside', entry({ url: '../agent-skills/x/SKILL.md' }), 'pending', null],
  ['23. path-absolute url', entry({ url: '/.well-known/agent-skills/x/SKILL.md' }), 'pending', null],
  [
    '24. digest with upper-case hex',
    entry({ digest: HELLO.toUpperCase().replace('SHA256', 'sha256') }),
    'invalid',
    'bad-digest',
    'error',
    '$.skills[0].digest',
  ],
  [
    '24. digest with an upper-case prefix',
    entry({ digest: HELLO.replace('sha256', 'SHA256') }),
    'invalid',
    'bad-digest',
    'error',
    '$.skills[0].digest',
  ],
  ['24. digest of 63 hex', entry({ digest: HELLO.slice(0, -1) }), 'invalid', 'bad-digest', 'error', '$.skills[0].digest'],
  ['24. digest of 65 hex', entry({ digest: `${HELLO}0` }), 'invalid', 'bad-digest', 'error', '$.skills[0].digest'],
  ['24. sha512 digest', entry({ digest: `sha512:${'ab'.repeat(64)}` }), 'invalid', 'bad-digest', 'error', '$.skills[0].digest'],
  [
    '24. SRI sha256-<base64>',
    entry({ digest: 'sha256-kPjsVmnNNBg7mw/fi5T177TDZyh2Mw9Kp2CIwrStF74=' }),
    'invalid',
    'bad-digest',
    'error',
    '$.skills[0].digest',
  ],
  [
    '24. RFC 9530 sha-256=:<base64>:',
    entry({ digest: 'sha-256=:kPjsVmnNNBg7mw/fi5T177TDZyh2Mw9Kp2CIwrStF74=:' }),
    'invalid',
    'bad-digest',
    'error',
    '$.skills[0].digest',
  ],
  ['24. bare hex', entry({ digest: HELLO.slice(7) }), 'invalid', 'bad-digest', 'error', '$.skills[0].digest'],
  [
    '24. base64 after sha256:',
    entry({ digest: 'sha256:kPjsVmnNNBg7mw/fi5T177TDZyh2Mw9Kp2CIwrStF74=' }),
    'invalid',
    'bad-digest',
    'error',
    '$.skills[0].digest',
  ],
  ['24. digest missing', entry({ digest: OMIT }), 'invalid', 'bad-digest', 'error', '$.skills[0].digest'],
  ['24. digest a number', entry({ digest: 7 }), 'invalid', 'bad-digest', 'error', '$.skills[0].digest'],
  ['24. digest empty', entry({ digest: '' }), 'invalid', 'bad-digest', 'error', '$.skills[0].digest'],
  [
    '25. sha256 field instead of digest',
    entry({ digest: OMIT, sha256: HELLO }),
    'invalid',
    'digest-field-misnamed',
    'error',
    '$.skills[0].sha256',
  ],
  ['entry a string', 'my-skill', 'invalid', 'entry-not-object', 'error', '$.skills[0]'],
  ['entry null', null, 'invalid', 'entry-not-object', 'error', '$.skills[0]'],
  ['entry an array', [entry()], 'invalid', 'entry-not-object', 'error', '$.skills[0]'],
  ['3. expected future field version: no finding', entry({ version: '1.2.0' }), 'pending', null],
  ['3. unknown entry field x-foo', entry({ 'x-foo': 1 }), 'pending', 'unknown-entry-field', 'info', '$.skills[0]["x-foo"]'],
  [
    'prototype key __proto__ as an entry field',
    entry(JSON.parse('{"__proto__":{"polluted":true}}')),
    'pending',
    'unknown-entry-field',
    'info',
    '$.skills[0].__proto__',
  ],
  [
    'prototype key constructor as an entry field',
    entry({ constructor: 'x' }),
    'pending',
    'unknown-entry-field',
    'info',
    '$.skills[0].constructor',
  ],
  [
    'typo digets: missing digest, with a hint',
    entry({ digest: OMIT, digets: HELLO }),
    'invalid',
    'bad-digest',
    'error',
    '$.skills[0].digest',
  ],
];

describe('parseSkillIndex: entries', () => {
  it.each(entryRows)('%s', (_label, value, status, code, severity, path) => {
    const r = parseSkillIndex(index(value), ctx);
    expect(r.format).toBe('v0.2.0');
    expect(r.entries).toHaveLength(1);
    expect(r.entries[0]!.status).toBe(status);
    if (status === 'pending') expect(r.entries[0]!.url).toMatch(/^[a-z]+:/);
    else expect(english(r.entries[0]!.reason)).toMatch(/\S/);
    if (code === null) {
      expect(r.findings).toEqual([]);
      return;
    }
    expect(r.findings).toContainEqual(expect.objectContaining({ code, severity, path, document: DOC }));
    for (const f of allInEnglish(r.findings)) expect(f.hint).toMatch(/\S/);
  });

  it.each([
    [{ name: {} }, '`name` must be a string, not an object.'],
    [{ name: [] }, '`name` must be a string, not an array.'],
    [{ name: null }, '`name` must be a string, not null.'],
    [{ digest: 1 }, '`digest` must be a string, not a number.'],
  ])('names the kind of a wrong value in plain English: %j', (over, message) => {
    expect(allInEnglish(parseSkillIndex(index(entry(over)), ctx).findings).map((f) => f.message)).toContain(message);
  });

  it('keeps Object.prototype clean when an entry carries __proto__', () => {
    parseSkillIndex(JSON.parse(`{"$schema":"${V020}","__proto__":{"polluted":1},"skills":[{"__proto__":{"polluted":1},"name":"a"}]}`), ctx);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

type IndexRow = [label: string, value: unknown, format: IndexFormat, code: string | null, severity?: Severity, path?: string];

// Checklist items 1 to 12 (index document), as the parser sees them. Items 4 (not JSON, HTML),
// 13 (Content-Type) and the https→http redirect of 14 are the JSON reader's and the fetcher's.
const indexRows: IndexRow[] = [
  ['1. minimal index', index(entry()), 'v0.2.0', null],
  ['2. empty skills', index(), 'v0.2.0', 'no-skills', 'info', '$.skills'],
  [
    '3. unknown top-level version next to $schema',
    { ...index(entry()), version: '1' },
    'v0.2.0',
    'unknown-index-field',
    'info',
    '$.version',
  ],
  ['3. unknown top-level x-foo', { ...index(entry()), 'x-foo': true }, 'v0.2.0', 'unknown-index-field', 'info', '$["x-foo"]'],
  [
    '3. typo schema instead of $schema reads as missing',
    { schema: V020, skills: [entry()] },
    'v0.2.0',
    'missing-schema',
    'error',
    '$.$schema',
  ],
  ['5. top level an array', [entry()], 'invalid', 'index-not-object', 'error', '$'],
  ['5. top level a string', 'skills', 'invalid', 'index-not-object', 'error', '$'],
  ['5. top level null', null, 'invalid', 'index-not-object', 'error', '$'],
  ['6. skills missing', { $schema: V020 }, 'invalid', 'skills-not-array', 'error', '$.skills'],
  ['6. skills an object', { $schema: V020, skills: { a: entry() } }, 'invalid', 'skills-not-array', 'error', '$.skills'],
  ['6. skills a string', { $schema: V020, skills: 'a' }, 'invalid', 'skills-not-array', 'error', '$.skills'],
  ['7. no $schema, v0.1 entries', { skills: [{ name: 'a', description: 'd', files: ['SKILL.md'] }] }, 'v0.1', 'old-format', 'warning', '$'],
  ['8. no $schema, v0.2 entries', { skills: [entry()] }, 'v0.2.0', 'missing-schema', 'error', '$.$schema'],
  [
    '9. $schema over http',
    { ...index(entry()), $schema: V020.replace('https:', 'http:') },
    'unknown-schema',
    'unknown-schema',
    'warning',
    '$.$schema',
  ],
  ['9. $schema with a trailing /', { ...index(entry()), $schema: `${V020}/` }, 'unknown-schema', 'unknown-schema', 'warning', '$.$schema'],
  [
    '9. $schema 0.1.0',
    { ...index(entry()), $schema: V020.replace('0.2.0', '0.1.0') },
    'unknown-schema',
    'unknown-schema',
    'warning',
    '$.$schema',
  ],
  [
    '9. $schema seen in the wild',
    { ...index(entry()), $schema: 'https://agentskills.io/schemas/v0.2.0/index.json' },
    'unknown-schema',
    'unknown-schema',
    'warning',
    '$.$schema',
  ],
  ['9. $schema a number', { ...index(entry()), $schema: 2 }, 'unknown-schema', 'unknown-schema', 'warning', '$.$schema'],
  ['9. $schema null', { ...index(entry()), $schema: null }, 'unknown-schema', 'unknown-schema', 'warning', '$.$schema'],
  [
    '9. $schema a future 0.3.0',
    { ...index(entry()), $schema: V020.replace('0.2.0', '0.3.0') },
    'unknown-schema',
    'unknown-schema',
    'warning',
    '$.$schema',
  ],
  [
    '10. interim draft with top-level version',
    { version: '0.2.0', skills: [{ name: 'a', description: 'd', files: ['SKILL.md'] }] },
    'interim',
    'interim-format',
    'warning',
    '$',
  ],
  [
    '10. interim draft with files objects',
    { skills: [{ name: 'a', description: 'd', files: [{ path: 'SKILL.md', digest: HELLO }] }] },
    'interim',
    'interim-format',
    'warning',
    '$',
  ],
  // A `version` marks the interim draft only when it says 0.2.0: a publisher's own number is read as the RFC says (D8).
  [
    '10. a publisher version with v0.2.0-shaped entries and no digests',
    { version: '1.1.1', skills: [{ name: 'a', description: 'd', type: 'skill-md', url: 'a/SKILL.md' }] },
    'v0.2.0',
    'missing-schema',
    'error',
    '$.$schema',
  ],
  [
    '10. a publisher version with v0.1 entries',
    { version: '3', skills: [{ name: 'a', description: 'd', files: ['SKILL.md'] }] },
    'v0.1',
    'old-format',
    'warning',
    '$',
  ],
  ['12. duplicate names', index(entry(), entry({ url: 'other/SKILL.md' })), 'v0.2.0', 'duplicate-name', 'error', '$.skills[1].name'],
];

describe('parseSkillIndex: the index document', () => {
  it.each(indexRows)('%s', (_label, value, format, code, severity, path) => {
    const r = parseSkillIndex(value, ctx);
    expect(r.format).toBe(format);
    expect(r.document).toBe(DOC);
    if (code === null) expect(r.findings).toEqual([]);
    else expect(r.findings).toContainEqual(expect.objectContaining({ code, severity, path, document: DOC }));
    if (format === 'invalid') expect(r.entries).toEqual([]);
  });

  it.each([
    ['unknown-schema', { ...index(entry()), $schema: `${V020}/` }, 'unknown `$schema`: the index is not checked'],
    ['v0.1', { skills: [{ name: 'a', description: 'd', files: ['SKILL.md'] }] }, 'old format (v0.1): no digest to verify'],
    ['interim', { version: '0.2.0', skills: [{ name: 'a', description: 'd', files: ['SKILL.md'] }] }, 'interim draft format: not verified'],
  ])('lists the entries of a %s index as skipped, without checking them', (_format, value, reason) => {
    const r = parseSkillIndex(value, ctx);
    expect(r.entries).toEqual([expect.objectContaining({ position: 0, name: expect.any(String), status: 'skipped' })]);
    expect(english(r.entries[0]!.reason)).toBe(reason);
    expect(r.findings).toHaveLength(1);
  });

  it('an index with a publisher version, no $schema and no digests: every agent finds nothing to verify', () => {
    const r = parseSkillIndex({ version: '1.1.1', skills: [{ name: 'a', description: 'd', type: 'skill-md', url: 'a/SKILL.md' }] }, ctx);
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([
      ['missing-schema', 'error'],
      ['bad-digest', 'error'],
      ['unknown-index-field', 'info'],
    ]);
    expect(r.entries.map((e) => e.status)).toEqual(['invalid']);
  });

  it('still checks every entry of an index without $schema whose entries look like v0.2.0', () => {
    const r = parseSkillIndex({ skills: [entry(), entry({ name: 'b', digest: 'bad' })] }, ctx);
    expect(r.entries.map((e) => e.status)).toEqual(['pending', 'invalid']);
    expect(r.findings.map((f) => f.code)).toEqual(['missing-schema', 'bad-digest']);
  });

  it('reports each repeat of a name once and still checks each entry', () => {
    const r = parseSkillIndex(index(entry(), entry({ digest: 'x' }), entry()), ctx);
    expect(r.entries.map((e) => e.status)).toEqual(['pending', 'invalid', 'pending']);
    const dups = r.findings.filter((f) => f.code === 'duplicate-name');
    expect(dups.map((f) => [f.path, f.severity])).toEqual([
      ['$.skills[1].name', 'error'],
      ['$.skills[2].name', 'error'],
    ]);
  });

  it('one bad entry does not sink the rest', () => {
    const r = parseSkillIndex(index(entry({ name: 'a' }), 42, entry({ name: 'b', type: 'task' }), entry({ name: 'c' })), ctx);
    expect(r.entries.map((e) => [e.name, e.status])).toEqual([
      ['a', 'pending'],
      [null, 'invalid'],
      ['b', 'skipped'],
      ['c', 'pending'],
    ]);
    // A skipped entry still shows where it points; an invalid non-object has nothing to show.
    expect(r.entries.map((e) => e.url)).toEqual([
      'https://shop.example/.well-known/agent-skills/my-skill/SKILL.md',
      null,
      'https://shop.example/.well-known/agent-skills/my-skill/SKILL.md',
      'https://shop.example/.well-known/agent-skills/my-skill/SKILL.md',
    ]);
  });

  it('reports several bad fields of one entry, each at its own path', () => {
    const r = parseSkillIndex(index(entry({ name: '', description: '', url: '', digest: '', type: OMIT })), ctx);
    expect(r.findings.map((f) => f.path)).toEqual([
      '$.skills[0].type',
      '$.skills[0].name',
      '$.skills[0].description',
      '$.skills[0].url',
      '$.skills[0].digest',
    ]);
    expect(r.findings.every((f) => f.skill === undefined && f.severity === 'error')).toBe(true);
  });

  it('lists one unknown field used by many entries once, and caps distinct names', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_UNKNOWN_FIELD_FINDINGS + 5 }, (_, i) => [`x-${i}`, i]));
    const r = parseSkillIndex(
      index(entry({ name: 'a', 'x-tag': 1 }), entry({ name: 'b', 'x-tag': 2 }), entry({ name: 'c', ...many })),
      ctx,
    );
    const infos = allInEnglish(r.findings).filter((f) => f.code === 'unknown-entry-field');
    expect(infos[0]).toMatchObject({
      path: '$.skills[0]["x-tag"]',
      message: expect.stringContaining('It appears in 2 items in the same place.'),
    });
    expect(infos).toHaveLength(MAX_UNKNOWN_FIELD_FINDINGS + 1);
    expect(infos[MAX_UNKNOWN_FIELD_FINDINGS]!.message).toBe('6 more unknown fields are not listed.');
  });
});

describe('parseSkillIndex: embedded in poppy.json', () => {
  const embedded: IndexContext = {
    source: 'poppy',
    document: 'https://shop.example/.well-known/poppy.json',
    requestedUrl: 'https://shop.example/.well-known/poppy.json',
    pathPrefix: ['skill_index'],
    maxSkills: 200,
  };

  it('puts the prefix in every path', () => {
    const r = parseSkillIndex(index(entry({ name: 'a' }), entry({ name: 'b' }), entry({ name: 'c', digest: 'sha256:x' })), embedded);
    expect(r.findings).toEqual([expect.objectContaining({ code: 'bad-digest', path: '$.skill_index.skills[2].digest', skill: 'c' })]);
    expect(r.entries[2]!.path).toEqual(['skill_index', 'skills', 2]);
  });

  it('resolves relative urls against poppy.json, so agent-skills/x names the conventional file', () => {
    const r = parseSkillIndex(index(entry({ url: 'agent-skills/my-skill/SKILL.md' })), embedded);
    expect(r.entries[0]!.url).toBe('https://shop.example/.well-known/agent-skills/my-skill/SKILL.md');
  });

  it('reports a top-level problem at $.skill_index', () => {
    expect(parseSkillIndex([], embedded).findings).toEqual([expect.objectContaining({ code: 'index-not-object', path: '$.skill_index' })]);
  });
});

// Each wrong shape seen on real sites: the message says what agents do, the fix gives the edit.
describe('what agents do with each wrong shape', () => {
  const said = (value: unknown) => allInEnglish(parseSkillIndex(value, ctx).findings).map((f) => [f.code, f.message, f.hint]);
  const { digest: _d, ...noDigest } = entry();
  const { type: _t, ...noType } = entry();
  const { type: _t2, digest: _d2, ...neither } = entry();

  it.each([
    [
      'an invented $schema',
      { $schema: 'https://example.com/agent-skills.schema.json', skills: [entry()] },
      'unknown-schema',
      'Agents skip this index: its `$schema` "https://example.com/agent-skills.schema.json" is not the discovery schema.',
      `That is another host or path than the published identifier; did you mean \`${V020}\`?`,
    ],
    [
      'a $schema of its own',
      { $schema: 'https://example.com/my-index.json', skills: [entry()] },
      'unknown-schema',
      'Agents skip this index: its `$schema` "https://example.com/my-index.json" is not the discovery schema.',
      `Set it to \`${V020}\` exactly; \`poppy-inspector index --write\` does it.`,
    ],
    [
      'no $schema',
      { skills: [entry()] },
      'missing-schema',
      'Agents read this index as the old v0.1 format and find no skill to verify: it has no `$schema`, though its entries are v0.2.0.',
      `Add \`"$schema": "${V020}"\` at the top level; \`poppy-inspector index --write\` adds it.`,
    ],
    [
      'an underscore in a name',
      index(entry({ name: 'find_flowers' })),
      'bad-name',
      expect.stringMatching(/^`name` "find_flowers" .*: agents skip this entry\.$/),
      expect.stringContaining('find-flowers'),
    ],
    [
      'no type',
      index(noType),
      'missing-type',
      'The entry has no `type`: agents skip it.',
      'Add `"type": "skill-md"` for a single SKILL.md or `"type": "archive"` for a bundle; `poppy-inspector index --write` adds it when the url names one.',
    ],
    ['neither type nor digest', index(neither), 'bad-digest', 'The entry has no `digest`: agents skip it.', expect.any(String)],
    ['no digest', index(noDigest), 'bad-digest', 'The entry has no `digest`: agents skip it.', expect.any(String)],
    [
      'the hash in sha256',
      index({ ...noDigest, sha256: HELLO.slice(7) }),
      'digest-field-misnamed',
      'Agents skip this entry: its hash is in a field named `sha256`, and they read only `digest`.',
      'Rename `sha256` to `digest` and write its value as `sha256:<64 lower-case hex>`; `poppy-inspector index --write` does both, from the files.',
    ],
  ])('%s', (_label, value, code, message, hint) => {
    expect(said(value)).toContainEqual([code, message, hint]);
  });
});

describe('finding hints', () => {
  const hintFor = (value: unknown, code: string) => allInEnglish(parseSkillIndex(value, ctx).findings).find((f) => f.code === code)?.hint;

  it.each([
    [V020.replace('https:', 'http:'), /`https:`/],
    [`${V020}/`, /trailing `\/`/],
    [V020.replace('0.2.0', '0.1.0'), /No `\$schema` existed for v0\.1/],
    ['https://agentskills.io/schemas/v0.2.0/index.json', /another host or path/],
    [V020.toUpperCase(), /letter case/],
    [` ${V020} `, /spaces/],
    [2, /schemas\.agentskills\.io/],
    [
      'https://example.com/my-schema.json',
      /^Set it to `https:\/\/schemas\.agentskills\.io\/discovery\/0\.2\.0\/schema\.json` exactly; `poppy-inspector index --write` does it\.$/,
    ],
  ])('$schema %j → %s', (value, hint) => {
    expect(hintFor({ $schema: value, skills: [] }, 'unknown-schema')).toMatch(hint);
  });

  it.each([
    [HELLO.replace('sha256:', 'sha256:').toUpperCase().replace('SHA256', 'sha256'), `Write it in lower case: ${HELLO}.`],
    [HELLO.slice(7), `Write \`${HELLO}\`.`],
    ['sha256-kPjsVmnNNBg7mw/fi5T177TDZyh2Mw9Kp2CIwrStF74=', `Write \`${HELLO}\` (the same hash in hex).`],
    ['sha-256=:kPjsVmnNNBg7mw/fi5T177TDZyh2Mw9Kp2CIwrStF74=:', `Write \`${HELLO}\` (the same hash in hex).`],
    [`sha512:${'ab'.repeat(64)}`, 'Compute the SHA-256 of the file and write `sha256:<64 lower-case hex>`.'],
    [HELLO.slice(0, -1), 'Copy the whole SHA-256 hex digest (64 characters); it may have been cut or padded.'],
  ])('digest %s → %s', (digest, hint) => {
    expect(hintFor(index(entry({ digest })), 'bad-digest')).toBe(hint);
  });

  it.each([
    [{ type: 'Skill-MD' }, 'unknown-type', /`skill-md`/],
    [{ type: 'SKILL.md' }, 'unknown-type', /`skill-md`/],
    [{ type: 'zip' }, 'unknown-type', /`archive`/],
    [{ name: 'My_Skill' }, 'bad-name', /`my-skill`/],
    [{ digest: OMIT, sha256: HELLO }, 'digest-field-misnamed', /Rename `sha256` to `digest`/],
    [{ nmae: 'a' }, 'unknown-entry-field', /Did you mean "name"\?/],
  ])('entry %j → %s hint %s', (over, code, hint) => {
    expect(hintFor(index(entry(over)), code)).toMatch(hint);
  });

  it('every code has a one-line hint', () => {
    for (const spec of Object.values(SKILL_INDEX_CODES)) {
      expect(spec.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(english(spec.hint)).toMatch(/^\S[^\n]*$/);
    }
  });
});
