// `index`, `index --write` and `--init` read and write files as `check <dir>` does: only regular
// files inside the directory once links resolve, under the check's caps; writes never go through
// a link, and a failed write leaves the original and no temporary file. Real processes and files.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { replaceFile, WriteFailed } from '../../cli/index/write-file';
import { SKILL_INDEX_SCHEMAS } from '../../utils/engine/spec';
import { digestOf } from '../fixtures/site';
import { writeSiteDir } from '../fixtures/site-files';
import { longIndexStore } from '../fixtures/sites/long-index';
import { CLI_MAX_SKILLS } from '../../cli/network-options';
import { BIN, buildCli, cliIn, run } from './cli-process';

beforeAll(() => buildCli(), 60_000);

const INDEX = '.well-known/agent-skills/index.json';
const SKILL = (name: string) => `---\nname: ${name}\ndescription: Does ${name}. Use when testing.\n---\n# ${name}\n`;
const STALE = `sha256:${'0'.repeat(64)}`;

/** A site folder with one skill `a` whose published digest is stale, and a folder outside it. */
function site(): { dir: string; outside: string; index: string } {
  const root = mkdtempSync(join(tmpdir(), 'poppy-index-files-'));
  const dir = join(root, 'site');
  const outside = join(root, 'outside');
  mkdirSync(join(dir, '.well-known/agent-skills/a'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(dir, '.well-known/agent-skills/a/SKILL.md'), SKILL('a'));
  writeFileSync(join(outside, 'SKILL.md'), SKILL('a').replace('Does', 'Secretly does'));
  const index = `${JSON.stringify(
    {
      $schema: SKILL_INDEX_SCHEMAS[0],
      skills: [{ name: 'a', type: 'skill-md', description: 'Does a. Use when testing.', url: 'a/SKILL.md', digest: STALE }],
    },
    null,
    2,
  )}\n`;
  writeFileSync(join(dir, INDEX), index);
  return { dir, outside, index };
}

const index = (dir: string, ...args: string[]) => cliIn(dir, 'index', '.', '--origin', 'https://shop.example', ...args);
const read = (dir: string, path = INDEX) => readFileSync(join(dir, path), 'utf8');
const leftovers = (dir: string) => readdirSync(join(dir, '.well-known/agent-skills')).filter((f) => f.endsWith('.tmp'));

describe('index reads files as check <dir> does', () => {
  it.each([
    ['a symlink out of the directory', (s: ReturnType<typeof site>, file: string) => symlinkSync(join(s.outside, 'SKILL.md'), file)],
    ['a symlink to /dev/zero', (_s: ReturnType<typeof site>, file: string) => symlinkSync('/dev/zero', file)],
    ['a FIFO', (_s: ReturnType<typeof site>, file: string) => execFileSync('mkfifo', [file])],
  ])(
    'a SKILL.md that is %s is no file: --write publishes nothing for it',
    async (_, plant) => {
      const s = site();
      const file = join(s.dir, '.well-known/agent-skills/a/SKILL.md');
      execFileSync('rm', [file]);
      plant(s, file);
      const r = await index(s.dir, '--write');
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('a: .well-known/agent-skills/a/SKILL.md is not a regular file in the directory');
      expect(read(s.dir)).toBe(s.index);
    },
    20_000,
  );

  it('a sparse 1 GiB SKILL.md is past the cap: refused at once, never read whole', async () => {
    const s = site();
    execFileSync('truncate', ['-s', '1G', join(s.dir, '.well-known/agent-skills/a/SKILL.md')]);
    const started = Date.now();
    const r = await index(s.dir, '--write');
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('a: .well-known/agent-skills/a/SKILL.md is larger than check reads; not hashed');
    expect(read(s.dir)).toBe(s.index);
  }, 20_000);

  it('an index.json or poppy.json that links out of the directory is not read', async () => {
    const s = site();
    const outsideIndex = join(s.outside, 'index.json');
    writeFileSync(outsideIndex, s.index);
    execFileSync('rm', [join(s.dir, INDEX)]);
    symlinkSync(outsideIndex, join(s.dir, INDEX));
    symlinkSync('/dev/zero', join(s.dir, '.well-known/poppy.json'));
    const r = await cliIn(s.dir, 'index', '.', '--write');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('No skill index here');
    expect(readFileSync(outsideIndex, 'utf8')).toBe(s.index);
  }, 20_000);

  it('--init reads no SKILL.md through a link and writes into no linked folder', async () => {
    const s = site();
    execFileSync('rm', [join(s.dir, INDEX), join(s.dir, '.well-known/agent-skills/a/SKILL.md')]);
    symlinkSync(join(s.outside, 'SKILL.md'), join(s.dir, '.well-known/agent-skills/a/SKILL.md'));
    expect((await index(s.dir, '--init')).stderr).toContain('nothing to index');

    const t = site();
    execFileSync('rm', ['-r', join(t.dir, '.well-known')]);
    mkdirSync(join(t.outside, 'agent-skills/a'), { recursive: true });
    writeFileSync(join(t.outside, 'agent-skills/a/SKILL.md'), SKILL('a'));
    symlinkSync(t.outside, join(t.dir, '.well-known'));
    const r = await index(t.dir, '--init');
    expect(r.code).not.toBe(0);
    expect(readdirSync(join(t.outside, 'agent-skills'))).toEqual(['a']);
  }, 20_000);
});

describe('index reads an index as long as check <dir> does', () => {
  it('1000 entries of 1024-character descriptions (5.4 MiB, past the extension cap of 1.6 MiB): every digest read', async () => {
    const dir = await writeSiteDir(longIndexStore('long-1000', CLI_MAX_SKILLS));
    const r = await cliIn(dir, 'index', '.');
    expect([r.code, r.stdout]).toEqual([0, `All ${CLI_MAX_SKILLS} digests match their files.\n`]);
  }, 60_000);
});

describe('index holds few files in memory at once', () => {
  // 100 SKILL.md files of 1 MB each: read all at once they take about 340 MB; a pool of six, about 130 MB.
  it.skipIf(!existsSync('/usr/bin/time'))(
    'reads 100 MB of skills a few files at a time (max RSS under 220 MB)',
    async () => {
      const s = site();
      const skills = Array.from({ length: 100 }, (_, i) => `s${i}`);
      for (const name of skills) {
        mkdirSync(join(s.dir, '.well-known/agent-skills', name));
        writeFileSync(join(s.dir, '.well-known/agent-skills', name, 'SKILL.md'), `${SKILL(name)}${'x'.repeat(1_000_000)}\n`);
      }
      const entries = skills.map((name) => ({ name, type: 'skill-md', description: 'd', url: `${name}/SKILL.md`, digest: STALE }));
      writeFileSync(join(s.dir, INDEX), JSON.stringify({ $schema: SKILL_INDEX_SCHEMAS[0], skills: entries }));
      const r = await run(
        '/usr/bin/time',
        ['-f', 'maxrss_kb %M', 'node', BIN, 'index', '.', '--origin', 'https://shop.example'],
        {},
        { cwd: s.dir },
      );
      expect(r.stdout).toContain('100 of 100 digests are stale');
      const kb = Number(/maxrss_kb (\d+)/.exec(r.stderr)![1]);
      expect(kb).toBeLessThan(220_000);
    },
    60_000,
  );
});

describe('index --write replaces a file safely', () => {
  it('refuses a symlinked index.json in one line, exit 2, and leaves the link and its target', async () => {
    const s = site();
    const outsideIndex = join(s.outside, 'index.json');
    writeFileSync(outsideIndex, s.index);
    const inside = join(s.dir, '.well-known/agent-skills/real.json');
    writeFileSync(inside, s.index);
    execFileSync('rm', [join(s.dir, INDEX)]);
    symlinkSync('real.json', join(s.dir, INDEX));
    const r = await index(s.dir, '--write');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'poppy-inspector: .well-known/agent-skills/index.json: not written: it is a symbolic link, and index never writes through a link; replace it with the file itself. The original is unchanged.\n',
    );
    expect(lstatSync(join(s.dir, INDEX)).isSymbolicLink()).toBe(true);
    expect(read(s.dir, '.well-known/agent-skills/real.json')).toBe(s.index);
    expect(leftovers(s.dir)).toEqual([]);
  }, 20_000);

  it('a file too large for the process (ulimit -f): one line, exit 2, original untouched, no temporary file', async () => {
    const s = site();
    // Pad the index past 1 KiB so the rewrite exceeds a 1-block file size limit.
    const padded = s.index.replace('"skills"', `"x-padding": "${'p'.repeat(4000)}",\n  "skills"`);
    writeFileSync(join(s.dir, INDEX), padded);
    const r = await run(
      'bash',
      ['-c', `ulimit -f 1; exec node "${BIN}" index . --origin https://shop.example --write`],
      {},
      { cwd: s.dir },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'poppy-inspector: .well-known/agent-skills/index.json: not written: the file is larger than this process may write (ulimit -f). The original is unchanged.\n',
    );
    expect(read(s.dir)).toBe(padded);
    expect(leftovers(s.dir)).toEqual([]);
  }, 20_000);

  it.skipIf(process.getuid?.() === 0)(
    'a read-only folder: one line, exit 2 (skipped as root, where chmod stops no write)',
    async () => {
      const s = site();
      const folder = join(s.dir, '.well-known/agent-skills');
      execFileSync('chmod', ['555', folder]);
      try {
        const r = await index(s.dir, '--write');
        expect(r.code).toBe(2);
        expect(r.stderr).toContain('.well-known/agent-skills/index.json: not written: permission denied. The original is unchanged.');
        expect(read(s.dir)).toBe(s.index);
      } finally {
        execFileSync('chmod', ['755', folder]);
      }
    },
    20_000,
  );

  it('a full disk: one line, exit 2, the original unchanged, no temporary file (needs root to mount a tmpfs)', async (ctx) => {
    const disk = mkdtempSync(join(tmpdir(), 'poppy-full-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', disk], { stdio: 'ignore' });
    } catch {
      return ctx.skip();
    }
    try {
      const s = site();
      execFileSync('cp', ['-r', `${s.dir}/.`, disk]);
      // Fill what is left of the 64 KiB, so the new index cannot be written.
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${join(disk, 'fill')}`, 'bs=1k', 'count=128'], { stdio: 'ignore' });
      } catch {
        // dd stops at "no space left", which is the point.
      }
      const r = await index(disk, '--write');
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        'poppy-inspector: .well-known/agent-skills/index.json: not written: no space left on the device. The original is unchanged.\n',
      );
      expect(read(disk)).toBe(s.index);
      expect(leftovers(disk)).toEqual([]);
    } finally {
      execFileSync('umount', [disk]);
    }
  }, 20_000);

  it('writes through no link planted at a predictable temporary name, and names its own unpredictably', async () => {
    const s = site();
    const target = join(s.dir, INDEX);
    const victim = join(s.outside, 'victim');
    writeFileSync(victim, 'untouched');
    // The names a pid- or time-based scheme would use from this process.
    for (const name of [`${target}.${process.pid}.tmp`, `${target}.tmp`, join(dirname(target), `.index.json.${process.pid}.tmp`)])
      symlinkSync(victim, name);
    await replaceFile(s.dir, INDEX, 'new\n');
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(target).isFile()).toBe(true);
    expect(read(s.dir)).toBe('new\n');
    expect(leftovers(s.dir).filter((f) => !lstatSync(join(dirname(target), f)).isSymbolicLink())).toEqual([]);
  });

  it('refuses a target whose folder leads out of the directory', async () => {
    const s = site();
    symlinkSync(s.outside, join(s.dir, 'linked'));
    await expect(replaceFile(s.dir, 'linked/index.json', 'x')).rejects.toThrow(WriteFailed);
    expect(readdirSync(s.outside)).toEqual(['SKILL.md']);
  });

  it('keeps a written index verifiable: index then exits 0', async () => {
    const s = site();
    const r = await index(s.dir, '--write');
    expect(r.code).toBe(0);
    expect(read(s.dir)).toBe(s.index.replace(STALE, digestOf(new TextEncoder().encode(SKILL('a')))));
    expect((await index(s.dir)).code).toBe(0);
  }, 20_000);
});
