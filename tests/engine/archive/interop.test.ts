// Archives made by the real tools (GNU tar in each of its formats, Info-ZIP zip, Python's
// tarfile and zipfile) list cleanly; and the test builders' good archives unpack with them.
// The tools write to a temporary folder here; the lister itself never touches disk.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKILL_MD, tgz } from '../../fixtures/archives/tar';
import { zip } from '../../fixtures/archives/zip';
import { codes, list } from './helpers';

let work: string;
const tree = () => join(work, 'skill');
const deep = `references/${'a-rather-long-folder-name/'.repeat(6)}notes.md`;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'archive-interop-'));
  mkdirSync(join(tree(), 'scripts'), { recursive: true });
  mkdirSync(join(tree(), deep, '..'), { recursive: true });
  writeFileSync(join(tree(), 'SKILL.md'), SKILL_MD);
  writeFileSync(join(tree(), 'scripts/run.sh'), 'echo hi\n');
  writeFileSync(join(tree(), deep), '# Notes\n');
  writeFileSync(join(tree(), 'references/caf\u00e9.md'), 'accents\n');
  symlinkSync('../references', join(tree(), 'scripts/refs'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (cmd: string, args: string[], cwd = tree()) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
const made = (file: string) => new Uint8Array(readFileSync(join(work, file)));

describe('archives the real tools make', () => {
  it.each([['gnu'], ['pax'], ['posix'], ['oldgnu']])('GNU tar --format=%s', (format) => {
    run('tar', [`--format=${format}`, '-czf', join(work, `${format}.tar.gz`), 'SKILL.md', 'scripts', 'references']);
    const listing = list(made(`${format}.tar.gz`));
    expect(codes(listing)).toEqual(['archive-link-inside']);
    expect(listing.files.map((f) => f.path)).toContain(deep);
    expect(listing.files.map((f) => f.path)).toContain('references/caf\u00e9.md');
    expect(new TextDecoder().decode(listing.skillMd)).toBe(SKILL_MD);
  });

  it('GNU tar of "." (every name starts with ./): SKILL.md found, dot-segment warnings', () => {
    run('tar', ['-czf', join(work, 'dot.tgz'), '.']);
    const listing = list(made('dot.tgz'));
    expect(new Set(codes(listing))).toEqual(new Set(['archive-name-dot-segment', 'archive-link-inside', 'archive-problems-elided']));
    expect(listing.skillMd).toBeInstanceOf(Uint8Array);
  });

  it('Info-ZIP zip -r -y (symlinks kept as links)', () => {
    run('zip', ['-q', '-r', '-y', join(work, 'info.zip'), 'SKILL.md', 'scripts', 'references']);
    const listing = list(made('info.zip'));
    // Info-ZIP 3.0 leaves the UTF-8 flag off (it adds a Unicode Path field instead): Python's
    // zipfile then reads café.md as CP437. The warning is true of the most common zip tool.
    expect(codes(listing)).toEqual(['archive-name-not-utf8', 'archive-link-inside']);
    expect(listing.files.map((f) => f.path)).toContain('references/caf\u00e9.md');
    expect(listing.files.find((f) => f.path === 'scripts/refs')).toMatchObject({ type: 'symlink', target: '../references' });
  });

  it('Info-ZIP zip to a pipe (streamed: data descriptors)', () => {
    const out = run('sh', ['-c', 'zip -q - SKILL.md scripts/run.sh | cat']);
    const listing = list(new Uint8Array(out));
    expect(listing.problems).toEqual([]);
    expect(listing.files.map((f) => [f.path, f.size])).toEqual([
      ['SKILL.md', SKILL_MD.length],
      ['scripts/run.sh', 8],
    ]);
  });

  it('Python tarfile (PAX) and zipfile', () => {
    const script = `
import tarfile, zipfile, io
with tarfile.open('${work}/py.tar.gz', 'w:gz', format=tarfile.PAX_FORMAT) as t:
    t.add('SKILL.md'); t.add('scripts'); t.add('references')
with zipfile.ZipFile('${work}/py.zip', 'w', zipfile.ZIP_DEFLATED) as z:
    for name in ['SKILL.md', 'scripts/run.sh', '${deep}', 'references/caf\u00e9.md']:
        z.write(name)
`;
    run('python3', ['-c', script]);
    expect(codes(list(made('py.tar.gz')))).toEqual(['archive-link-inside']);
    const zipped = list(made('py.zip'));
    expect(zipped.problems).toEqual([]);
    expect(zipped.files.map((f) => f.path)).toEqual(['SKILL.md', 'scripts/run.sh', deep, 'references/caf\u00e9.md']);
  });
});

describe("the test builders' good archives", () => {
  const files = [
    { name: 'SKILL.md', data: SKILL_MD },
    { name: 'scripts/run.sh', data: 'echo hi\n' },
  ];

  it('unpack with GNU tar', () => {
    writeFileSync(join(work, 'built.tar.gz'), tgz(files));
    expect(run('tar', ['-tzf', 'built.tar.gz'], work).toString().trim().split('\n')).toEqual(['SKILL.md', 'scripts/run.sh']);
  });

  it('pass unzip -t', () => {
    writeFileSync(join(work, 'built.zip'), zip(files));
    expect(run('unzip', ['-t', 'built.zip'], work).toString()).toContain('No errors detected');
  });
});
