// Links (skill-md.md §6 item 36): where each would lead once unpacked into an empty folder,
// following the archive's own symlinks, in both formats; tar hard links.
import { describe, expect, it } from 'vitest';
import { SKILL_MD, tgz, type TarEntry } from '../../fixtures/archives/tar';
import { zip, type ZipEntry } from '../../fixtures/archives/zip';
import { codes, list } from './helpers';

type Link = { name: string; target: string };
const notes = { name: 'references/notes.md', data: 'n' };
const asTar = (links: Link[], files: { name: string; data: string }[] = [notes]) =>
  tgz([{ name: 'SKILL.md', data: SKILL_MD }, ...files, ...links.map((l): TarEntry => ({ name: l.name, type: '2', linkname: l.target }))]);
const asZip = (links: Link[], files: { name: string; data: string }[] = [notes]) =>
  zip([{ name: 'SKILL.md', data: SKILL_MD }, ...files, ...links.map((l): ZipEntry => ({ name: l.name, data: l.target, mode: 0o120777 }))]);

const cases: [label: string, links: Link[], expected: string[]][] = [
  ['climbing out (../../etc/passwd)', [{ name: 'scripts/pw', target: '../../etc/passwd' }], ['archive-link-outside']],
  ['an absolute target', [{ name: 'pw', target: '/etc/passwd' }], ['archive-link-outside']],
  ['a Windows-style climb', [{ name: 'pw', target: '..\\..\\x' }], ['archive-link-outside']],
  ['a drive-letter target', [{ name: 'pw', target: 'C:/Windows' }], ['archive-link-outside']],
  ['inside the tree (a warning: why below)', [{ name: 'docs', target: 'references' }], ['archive-link-inside']],
  ['inside, with .. that stays inside', [{ name: 'scripts/notes', target: '../references/notes.md' }], ['archive-link-inside']],
  [
    'through another link that climbs: lexically inside, really outside',
    [
      { name: 'sub/up', target: '..' },
      { name: 'escape', target: 'sub/up/..' },
    ],
    ['archive-link-inside', 'archive-link-outside'],
  ],
  [
    'a loop',
    [
      { name: 'a', target: 'b' },
      { name: 'b', target: 'a' },
    ],
    ['archive-link-outside', 'archive-link-outside'],
  ],
];

describe.each([
  ['tar.gz', asTar],
  ['zip', asZip],
] as const)('symlinks in a %s', (_format, build) => {
  it.each(cases)('%s', (_label, links, expected) => {
    expect(codes(list(build(links)))).toEqual(expected);
  });

  it('an entry written through a symlink folder is an error (unpacking would follow it)', () => {
    const listing = list(build([{ name: 'lib', target: '/usr/lib' }], [notes, { name: 'lib/evil.so', data: 'x' }]));
    expect(codes(listing)).toEqual(['archive-entry-through-link', 'archive-link-outside']);
    expect(listing.problems[0]!.params).toEqual(['lib/evil.so', 'lib']);
  });

  it('SKILL.md as a symlink is not a SKILL.md', () => {
    const bytes =
      build === asTar
        ? tgz([
            { name: 'real.md', data: SKILL_MD },
            { name: 'SKILL.md', type: '2', linkname: 'real.md' },
          ])
        : zip([
            { name: 'real.md', data: SKILL_MD },
            { name: 'SKILL.md', data: 'real.md', mode: 0o120777 },
          ]);
    const listing = list(bytes);
    expect(codes(listing)).toEqual(['archive-link-inside', 'archive-skill-md-not-file']);
    expect(listing.skillMd).toBeUndefined();
  });
});

describe('tar hard links', () => {
  const hard = (linkname: string, before = true) => {
    const link: TarEntry = { name: 'copy.md', type: '1', linkname };
    return tgz([{ name: 'SKILL.md', data: SKILL_MD }, ...(before ? [notes, link] : [link, notes])]);
  };

  it.each([
    ['to a file already in the archive', hard('references/notes.md'), ['archive-link-inside']],
    ['climbing out', hard('../../etc/passwd'), ['archive-link-outside']],
    ['absolute', hard('/etc/passwd'), ['archive-link-outside']],
    ['to a file the archive does not hold (the disk decides)', hard('references/other.md'), ['archive-link-target-missing']],
    ['to a file that comes later', hard('references/notes.md', false), ['archive-link-target-missing']],
  ] as [string, Uint8Array, string[]][])('%s', (_label, bytes, expected) => {
    expect(codes(list(bytes))).toEqual(expected);
  });
});
