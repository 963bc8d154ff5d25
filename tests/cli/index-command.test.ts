// `index <dir>`: recompute every published digest from the files; --write changes only the digest
// values; exit 1 on a stale digest so it gates a deploy; --init writes a first index.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cliIn } from './cli-process';
import { digestOf } from '../fixtures/site';
import { writeSiteDir } from '../fixtures/site-files';
import { northlight } from '../fixtures/sites/northlight';
import { northlightStale, STALE_DIGEST } from '../fixtures/sites/northlight-stale';
import { changeFlowerDelivery } from '../fixtures/stores/northlight-skills';
import { SKILL_INDEX_SCHEMAS } from '../../utils/engine/spec';

beforeAll(() => buildCli(), 60_000);

const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');

describe('poppy-inspector index <dir>', () => {
  it('exits 0 when every digest matches its file', async () => {
    const dir = await writeSiteDir(northlight);
    const r = await cliIn(dir, 'index', '.');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('All 6 digests match their files.\n');
  });

  it('prints each stale digest with its place and the file digest, exits 1 and changes nothing', async () => {
    const dir = await writeSiteDir(northlightStale);
    const before = read(dir, '.well-known/poppy.json');
    const r = await cliIn(dir, 'index', '.');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^\.well-known\/poppy\.json:\d+:\d+ {2}change-flower-delivery: stale digest: agents refuse the file$/m);
    expect(r.stdout).toMatch(
      /^\.well-known\/agent-skills\/index\.json:\d+:\d+ {2}change-flower-delivery: stale digest: agents refuse the file$/m,
    );
    expect(r.stdout).toContain(`published ${STALE_DIGEST}`);
    expect(r.stdout).toContain(`file      ${changeFlowerDelivery.digest}  (.well-known/agent-skills/change-flower-delivery/SKILL.md)`);
    expect(r.stdout).toContain('2 of 6 digests are stale; run with --write to update them.');
    expect(read(dir, '.well-known/poppy.json')).toBe(before);
  });

  it('--write replaces only the digest values, byte for byte, and the check then passes', async () => {
    const dir = await writeSiteDir(northlightStale);
    const files = ['.well-known/poppy.json', '.well-known/agent-skills/index.json'];
    const before = files.map((f) => read(dir, f));
    const r = await cliIn(dir, 'index', '.', '--write');
    expect([r.code, r.stdout.trim().split('\n').at(-1)]).toEqual([0, 'Updated 2 digests in 2 files.']);
    files.forEach((f, i) => expect(read(dir, f)).toBe(before[i]!.replace(STALE_DIGEST, changeFlowerDelivery.digest)));
    expect((await cliIn(dir, 'index', '.')).code).toBe(0);
    expect((await cliIn(dir, 'check', '.', '--same-origin-only')).code).toBe(0);
  });

  it('--write adds a missing digest after the entry in its layout, keeps a BOM and CRLF, and leaves the rest', async () => {
    const dir = await writeSiteDir(northlight);
    const file = join(dir, '.well-known/agent-skills/index.json');
    const entry = (JSON.parse(read(dir, '.well-known/agent-skills/index.json')) as { skills: { digest: string }[] }).skills[0]!;
    const text = `\uFEFF${read(dir, '.well-known/agent-skills/index.json').replace(`,\n      "digest": "${entry.digest}"`, '').replace(/\n/g, '\r\n')}`;
    writeFileSync(file, text);
    const r = await cliIn(dir, 'index', '.', '--write');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('change-flower-delivery: no digest: agents skip this entry');
    expect(readFileSync(file, 'utf8')).toBe(
      text.replace(
        '"url": "change-flower-delivery/SKILL.md"',
        `"url": "change-flower-delivery/SKILL.md",\r\n      "digest": "${entry.digest}"`,
      ),
    );
  });

  it('an entry whose file is missing exits 1 even with --write', async () => {
    const dir = await writeSiteDir(northlight);
    rmSync(join(dir, '.well-known/agent-skills/find-flowers/SKILL.md'));
    const r = await cliIn(dir, 'index', '.', '--write');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('find-flowers: .well-known/agent-skills/find-flowers/SKILL.md is not a regular file in the directory');
    expect(r.stdout).toContain('4 of 6 digests match their files.\n2 problems need your edit (index cannot make it):');
  });

  it('--init writes a sorted index from each SKILL.md frontmatter, which then verifies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'poppy-init-'));
    const skills = { 'b-skill': 'Second. Use when testing.', 'a-skill': 'First: with a colon.' };
    for (const [name, description] of Object.entries(skills)) {
      mkdirSync(join(dir, '.well-known/agent-skills', name), { recursive: true });
      writeFileSync(
        join(dir, '.well-known/agent-skills', name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n# ${name}\n`,
      );
    }
    expect((await cliIn(dir, 'index', '.')).code).toBe(2);
    const r = await cliIn(dir, 'index', '.', '--init');
    expect([r.code, r.stdout]).toEqual([0, 'Wrote .well-known/agent-skills/index.json with 2 skills.\n']);
    const index = JSON.parse(read(dir, '.well-known/agent-skills/index.json'));
    const bytes = (name: string) => readFileSync(join(dir, '.well-known/agent-skills', name, 'SKILL.md'));
    expect(index).toEqual({
      $schema: SKILL_INDEX_SCHEMAS[0],
      skills: ['a-skill', 'b-skill'].map((name) => ({
        name,
        type: 'skill-md',
        description: skills[name as keyof typeof skills],
        url: `/.well-known/agent-skills/${name}/SKILL.md`,
        digest: digestOf(bytes(name)),
      })),
    });
    const check = await cliIn(dir, 'check', '.', '--origin', 'https://shop.example', '--json');
    expect(JSON.parse(check.stdout).skills.map((s: { status: string }) => s.status)).toEqual(['verified', 'verified']);
  });

  it.each([
    [['index'], 'exactly one directory'],
    [['index', '/nonexistent/dir'], 'is not a directory'],
    [['index', '.', '--bogus'], 'unknown option --bogus.'],
  ])('%j is a usage error', async (args, message) => {
    const r = await cliIn(tmpdir(), ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
