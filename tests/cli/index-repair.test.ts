// `index` on the wrong index shapes seen on real sites (tests/fixtures/index-shapes/, README
// there): each is named, `--write` repairs what is mechanical and keeps every other byte, and
// what needs the owner is listed with the edit. A repaired folder then passes `check`.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SKILL_INDEX_SCHEMAS } from '../../utils/engine/spec';
import { digestOf } from '../fixtures/site';
import { buildCli, cliIn, run } from './cli-process';

beforeAll(() => buildCli(), 60_000);

const SHAPES = 'tests/fixtures/index-shapes';
const INDEX = '.well-known/agent-skills/index.json';
const S = SKILL_INDEX_SCHEMAS[0]!;
const ORIGIN = ['--origin', 'https://shop.example'];

function copy(shape: string): string {
  const dir = mkdtempSync(join(tmpdir(), `poppy-shape-${shape}-`));
  cpSync(join(SHAPES, shape), dir, { recursive: true });
  return dir;
}
const read = (dir: string, path = INDEX) => readFileSync(join(dir, path), 'utf8');
const digest = (dir: string, name: string, folder = 'agent-skills') =>
  digestOf(readFileSync(join(dir, `.well-known/${folder}/${name}/SKILL.md`)));
const index = (dir: string, ...args: string[]) => cliIn(dir, 'index', '.', ...ORIGIN, ...args);
const check = (dir: string) => cliIn(dir, 'check', '.', ...ORIGIN, '--same-origin-only', '--json');

/** Names it (exit 1, nothing written), repairs it with --write (exit 0), and check then passes. */
async function repairs(shape: string, said: string[], expected: (text: string, dir: string) => string): Promise<void> {
  const dir = copy(shape);
  const before = read(dir);
  const named = await index(dir);
  expect(named.code).toBe(1);
  for (const line of said) expect(named.stdout).toContain(line);
  expect(read(dir)).toBe(before);
  // Before: an error, or skills agents cannot verify (an index they skip is a warning).
  const before_ = await check(dir);
  const allVerified = JSON.parse(before_.stdout).skills.every((s: { status: string }) => s.status === 'verified');
  expect(before_.code !== 0 || !allVerified).toBe(true);

  const written = await index(dir, '--write');
  expect([written.code, written.stderr]).toEqual([0, '']);
  expect(read(dir)).toBe(expected(before, dir));
  expect((await index(dir)).code).toBe(0);
  const after = await check(dir);
  expect(JSON.parse(after.stdout).skills.map((s: { status: string }) => s.status)).toEqual(
    JSON.parse(after.stdout).skills.map(() => 'verified'),
  );
  expect(after.code).toBe(0);
}

describe('index names each wrong shape and --write repairs it, changing no other byte', () => {
  it('an invented $schema', () =>
    repairs(
      'invented-schema',
      [
        `${INDEX}  \`$schema\` "https://agentskills.io/schema/v0.2.0/index.json" is not the discovery schema: agents skip this index.`,
        `    set it to ${S}`,
      ],
      (t) => t.replace('"https://agentskills.io/schema/v0.2.0/index.json"', JSON.stringify(S)),
    ));

  it('no $schema', () =>
    repairs('no-schema', [`${INDEX}  no \`$schema\`: agents read the index as the old v0.1 format and find no skill to verify.`], (t) =>
      t.replace('{\n  "skills"', `{\n  "$schema": "${S}",\n  "skills"`),
    ));

  it('a publisher version, no $schema and no digests', () =>
    repairs('publisher-version', ['search-docs: no digest: agents skip this entry'], (t, dir) =>
      t
        .replace('{\n  "version"', `{\n  "$schema": "${S}",\n  "version"`)
        .replace(
          '"url": "/.well-known/agent-skills/search-docs/SKILL.md"',
          `"url": "/.well-known/agent-skills/search-docs/SKILL.md",\n      "digest": "${digest(dir, 'search-docs')}"`,
        )
        .replace(
          '"url": "/.well-known/agent-skills/open-ticket/SKILL.md"',
          `"url": "/.well-known/agent-skills/open-ticket/SKILL.md",\n      "digest": "${digest(dir, 'open-ticket')}"`,
        ),
    ));

  it('neither type nor digest, in a one-line file', () =>
    repairs(
      'no-type-no-digest',
      ['search-docs: no `type`: agents skip this entry', '    add "type": "skill-md" (its url names a SKILL.md)'],
      (t, dir) =>
        ['search-docs', 'open-ticket'].reduce(
          (text, n) =>
            text.replace(
              `"url":"/.well-known/agent-skills/${n}/SKILL.md"`,
              `"url":"/.well-known/agent-skills/${n}/SKILL.md", "type": "skill-md", "digest": "${digest(dir, n)}"`,
            ),
          t,
        ),
    ));

  it('hashes in `sha256`: renamed to `digest`, prefixed and recomputed, saying how many already matched', () =>
    repairs(
      'sha256-field',
      [
        'search-docs: hash in `sha256`, not `digest`: agents skip this entry',
        '4 entries carry their hash in `sha256`, which agents ignore: 3 of the 4 whose files are here already match them.',
      ],
      (t, dir) => {
        let out = t.replace('"https://agentskills.io/schemas/v0.2.0/index.json"', JSON.stringify(S));
        for (const n of ['search-docs', 'open-ticket', 'track-order', 'get-quote'])
          out = out.replace(/"sha256": "[^"]*"/, `"digest": "${digest(dir, n)}"`);
        return out;
      },
    ));

  it('a hash under a near-miss name (`Digest`, `sha-256`, a `hash` of SHA-256 hex) is renamed too', async () => {
    const dir = copy('sha256-field');
    const file = join(dir, INDEX);
    const names = ['Digest', 'sha-256', 'hash'];
    let text = read(dir);
    for (const name of names) text = text.replace('"sha256":', JSON.stringify(name) + ':');
    writeFileSync(file, text);
    const r = await index(dir, '--write');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '4 entries carry their hash in `Digest` or `sha-256` or `hash` or `sha256`, which agents ignore: 3 of the 4',
    );
    expect(JSON.parse(read(dir)).skills.map((s: Record<string, string>) => Object.keys(s).at(-1))).toEqual([
      'digest',
      'digest',
      'digest',
      'digest',
    ]);
    expect((await check(dir)).code).toBe(0);
  });

  it('a hash in `sha256` whose file is on another host: renamed, the published hash kept and prefixed', async () => {
    const dir = copy('sha256-field');
    const hex = '87d31db1068af90d318f835221f0817fbc5365ca7b07b1b2dc520e6dd273440d';
    const text = read(dir).replace('"/.well-known/agent-skills/search-docs/SKILL.md"', '"https://cdn.example/search-docs/SKILL.md"');
    writeFileSync(join(dir, INDEX), text);
    const r = await index(dir, '--write');
    expect(r.stdout).toContain('search-docs: hash in `sha256`, not `digest`: agents skip this entry');
    expect(r.stdout).toContain('keeping the published hash: the file is on https://cdn.example');
    expect(r.stdout).toContain('Renamed 1 hash(es) of files on other hosts to `digest`.');
    expect(read(dir)).toContain(`"url": "https://cdn.example/search-docs/SKILL.md",\n      "digest": "sha256:${hex}"`);
  });

  it('a stale digest', () =>
    repairs('stale-digest', ['open-ticket: stale digest: agents refuse the file'], (t, dir) =>
      t.replace(/sha256:62b27c4b[0-9a-f]+/, digest(dir, 'open-ticket')),
    ));

  it('a legacy-only site gets a v0.2.0 index from its SKILL.md files; the legacy file stays', async () => {
    const dir = copy('legacy-only');
    const legacy = read(dir, '.well-known/skills/index.json');
    const named = await index(dir);
    expect(named.code).toBe(1);
    expect(named.stdout).toContain('Only the legacy .well-known/skills/index.json (v0.1, no digests)');
    expect(existsSync(join(dir, INDEX))).toBe(false);
    const written = await index(dir, '--write');
    expect([written.code, written.stdout]).toEqual([0, `Wrote ${INDEX} with 2 skills.\n`]);
    expect(read(dir, '.well-known/skills/index.json')).toBe(legacy);
    expect(JSON.parse(read(dir)).skills.map((s: { url: string; digest: string }) => [s.url, s.digest])).toEqual([
      ['/.well-known/skills/open-ticket/SKILL.md', digest(dir, 'open-ticket', 'skills')],
      ['/.well-known/skills/search-docs/SKILL.md', digest(dir, 'search-docs', 'skills')],
    ]);
    expect((await check(dir)).code).toBe(0);
  });
});

describe('what is not mechanical is listed with the edit, exit 1, and nothing is written', () => {
  it.each([
    [
      'underscore-names',
      2,
      [
        '.well-known/agent-skills/index.json:4:5  search_docs: `name` "search_docs" has characters outside a-z, 0-9 and -: "_": agents skip this entry.',
        '    Try `search-docs`. Rename it here, in its SKILL.md frontmatter and its folder.',
      ],
    ],
    [
      'no-frontmatter',
      1,
      [
        '.well-known/agent-skills/search-docs/SKILL.md  SKILL.md does not start with YAML frontmatter (a `---` line).',
        '    Start the file with a line `---`, then `name:` and `description:`, then a closing `---` line.',
      ],
    ],
    ['broken-yaml', 1, ['.well-known/agent-skills/search-docs/SKILL.md  Invalid YAML in the frontmatter at line 3', '    Quote the value']],
  ])('%s', async (shape, problems, lines) => {
    const dir = copy(shape);
    const before = read(dir);
    const r = await index(dir, '--write');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`\n${problems} problem${problems === 1 ? ' needs' : 's need'} your edit (index cannot make it):\n`);
    for (const line of lines) expect(r.stdout).toContain(line);
    expect(read(dir)).toBe(before);
  });
});

describe('scripts/index-repair-report.mjs', () => {
  it('counts the folders that pass check before and after index --write', async () => {
    const r = await run('node', ['scripts/index-repair-report.mjs', SHAPES, '--json']);
    expect(r.code).toBe(0);
    const { rows, totals } = JSON.parse(r.stdout);
    expect(totals).toEqual({ sites: 10, passBefore: 2, passAfter: 7, usableBefore: 0, usableAfter: 7, shapeBefore: 4, shapeAfter: 10 });
    expect(rows.find((row: { site: string }) => row.site === 'legacy-only')).toMatchObject({
      index: 0,
      after: { verdict: 'ok', verified: 2 },
    });
  }, 120_000);
});

describe('index --dry-run', () => {
  it('prints the repair as a diff that patch applies to the same bytes --write gives, and writes nothing', async () => {
    const dir = copy('sha256-field');
    const before = read(dir);
    const dry = await index(dir, '--dry-run');
    expect(dry.code).toBe(1);
    expect(dry.stdout).toMatch(
      /^--- a\/\.well-known\/agent-skills\/index\.json\n\+\+\+ b\/\.well-known\/agent-skills\/index\.json\n@@ -1,/,
    );
    expect(dry.stdout).toContain(`-      "sha256": "${'0'.repeat(64)}"`);
    expect(read(dir)).toBe(before);
    execFileSync('patch', ['-p1', '-s'], { cwd: dir, input: dry.stdout });
    const patched = read(dir);
    const other = copy('sha256-field');
    await index(other, '--write');
    expect(patched).toBe(read(other));
  });
});
