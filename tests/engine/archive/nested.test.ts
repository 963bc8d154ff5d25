// An archive inside the archive (docs/rules.md, "Archives"): agents never unpack it, so it is a
// warning, and the lister does not open it either: its entries never appear in the listing.
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'fflate';
import { hasArchiveSignature, isArchiveName } from '../../../utils/engine/archive/nested';
import { tgz } from '../../fixtures/archives/tar';
import { zip } from '../../fixtures/archives/zip';
import { codes, list, tgzWith, zipWith } from './helpers';

const inner = zip([{ name: 'inner/secret.md', data: 'hidden' }]);

describe.each([
  ['tar.gz', tgzWith],
  ['zip', zipWith],
] as const)('an archive inside a %s', (_format, build) => {
  it('is a warning naming the entry, told by its name; its entries are not listed', () => {
    const listing = list(build({ name: 'vendor/tools.zip', data: inner }, { name: 'a.md', data: 'a' }));
    expect(listing.problems.map((p) => [p.code, p.severity, p.entry])).toEqual([['archive-nested-archive', 'warning', 'vendor/tools.zip']]);
    expect(listing.files.map((f) => f.path)).toEqual(['SKILL.md', 'vendor/tools.zip', 'a.md']);
  });

  it('is found by its first bytes under another name, and reported once when both tell', () => {
    const listing = list(build({ name: 'data.bin', data: gzipSync(new Uint8Array(10)) }, { name: 'both.tgz', data: tgz([]) }));
    expect(listing.problems.map((p) => [p.code, p.entry])).toEqual([
      ['archive-nested-archive', 'data.bin'],
      ['archive-nested-archive', 'both.tgz'],
    ]);
  });

  it('plain files, folders named like archives and a bare ".zip" are not archives', () => {
    const listing = list(build({ name: 'notes.md', data: 'PK is how a zip starts' }, { name: 'a.zip/' }, { name: 'b.md', data: '' }));
    expect(codes(listing)).toEqual([]);
  });
});

describe('how an archive is told', () => {
  it.each(['x.zip', 'X.TAR.GZ', 'a/b.tgz', 'c.tar', 'd.gz', 'e.7z', 'f.rar', 'g.tar.xz', 'h.tar.bz2', 'i.zst'])(
    '%s by its name',
    (name) => {
      expect(isArchiveName(name)).toBe(true);
    },
  );
  it.each(['.zip', 'a/.zip', 'zip', 'a.zipper', 'a.md', 'gz'])('%s is not', (name) => {
    expect(isArchiveName(name)).toBe(false);
  });
  it.each([
    ['gzip', [0x1f, 0x8b, 8]],
    ['zip', [0x50, 0x4b, 3, 4]],
    ['7-Zip', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
    ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0]],
  ])('%s by its first bytes', (_label, head) => {
    expect(hasArchiveSignature(new Uint8Array(head))).toBe(true);
  });
  it('a short or plain head is not', () => {
    expect(hasArchiveSignature(new Uint8Array([0x1f]))).toBe(false);
    expect(hasArchiveSignature(new TextEncoder().encode('# Hi'))).toBe(false);
  });
});
