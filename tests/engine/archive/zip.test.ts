// The zip reader: the central directory as unzip reads it, checked against every local header,
// the end records, the layout (no shared or unlisted bytes) and each member's real size and CRC.
import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { concat, SKILL_MD } from '../../fixtures/archives/tar';
import { zip, type ZipEntry, type ZipOptions } from '../../fixtures/archives/zip';
import { deflateZeros } from '../../fixtures/archives/bomb';
import { codes, list } from './helpers';

const skill: ZipEntry = { name: 'SKILL.md', data: SKILL_MD };
const notes: ZipEntry = { name: 'notes.md', data: 'notes '.repeat(20) };
const zipOf = (entries: ZipEntry[], options?: ZipOptions) => list(zip([skill, ...entries], options));

describe('a good zip (skill-md.md §6 item 33)', () => {
  it('lists entries with inflated sizes, stored and deflated alike', () => {
    const listing = zipOf([
      { name: 'scripts/' },
      { name: 'scripts/run.sh', data: 'echo hi\n', method: 0 },
      { name: 'references/api.md', data: '# API\n'.repeat(100) },
    ]);
    expect(listing.format).toBe('zip');
    expect(listing.problems).toEqual([]);
    expect(listing.files).toEqual([
      { path: 'SKILL.md', size: SKILL_MD.length, type: 'file' },
      { path: 'scripts/', size: 0, type: 'directory' },
      { path: 'scripts/run.sh', size: 8, type: 'file' },
      { path: 'references/api.md', size: 600, type: 'file' },
    ]);
    expect(new TextDecoder().decode(listing.skillMd)).toBe(SKILL_MD);
  });

  it('accepts data descriptors, signed or not', () => {
    const listing = zipOf([
      { ...notes, descriptor: 'signed' },
      { name: 'b.md', data: 'b', descriptor: 'unsigned' },
    ]);
    expect(listing.problems).toEqual([]);
  });

  it('accepts a consistent ZIP64 end record', () => {
    expect(zipOf([notes], { zip64: {} }).problems).toEqual([]);
    expect(zipOf([notes], { zip64: { classicEntries: 0xffff } }).problems).toEqual([]);
  });

  it('types entries from Unix modes and DOS attributes', () => {
    const listing = zipOf([
      notes,
      { name: 'lib', data: 'notes.md', mode: 0o120777 },
      { name: 'folder', host: 0, externalAttributes: 0x10 },
    ]);
    expect(listing.files.map((f) => [f.path, f.type, f.target])).toEqual([
      ['SKILL.md', 'file', undefined],
      ['notes.md', 'file', undefined],
      ['lib', 'symlink', 'notes.md'],
      ['folder', 'directory', undefined],
    ]);
    expect(codes(listing)).toEqual(['archive-link-inside']);
  });
});

describe('where central and local headers disagree', () => {
  it.each([
    ['local name differs (item: name mismatch)', { ...notes, localName: '../evil.md' }, 'archive-zip-name-mismatch'],
    ['local method differs', { ...notes, localMethod: 0 }, 'archive-zip-header-mismatch'],
    ['descriptor CRC differs', { ...notes, descriptor: 'signed', descriptorCrc: 1 }, 'archive-zip-header-mismatch'],
    ['Unicode Path names another file', { ...notes, unicodePath: { name: '../evil.md' } }, 'archive-zip-unicode-path-mismatch'],
  ] as [string, ZipEntry, string][])('%s', (_label, entry, code) => {
    expect(codes(zipOf([entry]))).toContain(code);
  });

  it('the local name is checked by the name rules too', () => {
    const listing = zipOf([{ ...notes, localName: '../evil.md' }]);
    expect(listing.problems.map((p) => [p.code, p.entry])).toContainEqual(['archive-name-dot-dot', '../evil.md']);
  });

  it('a Unicode Path field whose CRC does not match the name is ignored, as unzip does', () => {
    expect(zipOf([{ ...notes, unicodePath: { name: 'other.md', crcOf: 'something else' } }]).problems).toEqual([]);
  });
});

describe('end records and layout (ZIP64/EOCD tricks)', () => {
  it.each([
    ['no end record', () => zip([skill, notes]).subarray(0, -22), 'archive-zip-no-end-record'],
    [
      'bytes after the end record',
      () => zip([skill, notes], { trailing: new TextEncoder().encode('junk') }),
      'archive-zip-end-record-ambiguous',
    ],
    [
      'a second end record in the comment',
      () => zip([skill, notes], { comment: concat([new Uint8Array([0x50, 0x4b, 5, 6]), new Uint8Array(18)]) }),
      'archive-zip-end-record-ambiguous',
    ],
    ['an entry count that disagrees', () => zip([skill, notes], { entryCount: 1 }), 'archive-zip-end-record-mismatch'],
    [
      'ZIP64 count contradicting the classic one',
      () => zip([skill, notes], { zip64: { classicEntries: 2, wideEntries: 3 } }),
      'archive-zip-end-record-mismatch',
    ],
    [
      'bytes between directory and end record',
      () => zip([skill, notes], { gapBeforeEnd: new Uint8Array(7) }),
      'archive-zip-unlisted-bytes',
    ],
  ] as [string, () => Uint8Array, string][])('%s', (_label, build, code) => {
    expect(codes(list(build()))).toContain(code);
  });

  it('bytes before the first entry (a stub that starts like a zip) are unlisted bytes', () => {
    const stub = concat([new Uint8Array([0x50, 0x4b, 3, 4]), new Uint8Array(60)]);
    const listing = list(zip([skill, notes], { prefix: stub }));
    expect(codes(listing)).toEqual(['archive-zip-unlisted-bytes']);
    expect(listing.problems[0]!.params).toEqual(['0', '64']);
  });

  it('a self-extracting stub in front: the bytes are not a zip (told by the bytes, not the URL)', () => {
    const listing = list(zip([skill, notes], { prefix: new TextEncoder().encode('#!/bin/sh\nexit 0\n') }));
    expect(codes(listing)).toEqual(['archive-format-unknown']);
    expect(listing.problems[0]!.params).toEqual(['23 21 2f 62 69 6e 2f 73']);
  });

  it('two entries sharing bytes (the overlapping-entries bomb) stop reading before inflating', () => {
    const listing = zipOf([notes, { name: 'copy.md', shareLocalOf: 1 }]);
    expect(codes(listing)).toEqual(['archive-zip-overlap']);
    expect(listing.truncated).toBe(true);
    expect(listing.unpackedBytes).toBe(0);
  });

  it('an empty zip (just an end record) has no SKILL.md', () => {
    const listing = list(zip([]));
    expect(listing.format).toBe('zip');
    expect(codes(listing)).toEqual(['archive-skill-md-missing']);
  });

  it('an entry whose local header is missing', () => {
    expect(codes(zipOf([{ ...notes, centralOnly: true }]))).toContain('archive-zip-local-header-invalid');
  });

  it('a directory offset that points at garbage', () => {
    const bytes = zip([skill, notes]);
    bytes.fill(0x41, bytes.length - 22 - 60, bytes.length - 22);
    expect(codes(list(bytes))).toContain('archive-zip-central-header-invalid');
  });
});

describe('members (item 38)', () => {
  it.each([
    ['an encrypted entry', { ...notes, flags: 0x0801 }, 'archive-zip-encrypted'],
    ['AES (method 99)', { ...notes, method: 99, compressed: new Uint8Array(10) }, 'archive-zip-encrypted'],
    ['bzip2 (method 12)', { ...notes, method: 12, compressed: new Uint8Array(10) }, 'archive-zip-method-unsupported'],
    ['a declared size smaller than the data', { ...notes, size: 10 }, 'archive-zip-size-mismatch'],
    ['a declared size larger than the data', { ...notes, size: 1000 }, 'archive-zip-size-mismatch'],
    ['a stored entry whose sizes differ', { ...notes, method: 0, size: 5 }, 'archive-zip-size-mismatch'],
    ['a wrong CRC', { ...notes, crc: 12345 }, 'archive-zip-checksum'],
    [
      'deflate data that cannot be decoded',
      { ...notes, compressed: new Uint8Array([0xff, 0xff, 0xff, 0xff]) },
      'archive-zip-corrupt-entry',
    ],
    [
      'deflate data cut short',
      { ...notes, compressed: deflateSync(new TextEncoder().encode('x'.repeat(5000))).subarray(0, 5), size: 5000 },
      'archive-zip-corrupt-entry',
    ],
    [
      'a name not marked UTF-8 and not ASCII',
      { name: new Uint8Array([0x63, 0x61, 0x66, 0x82, 0x2e, 0x6d, 0x64]), flags: 0, data: 'x' },
      'archive-name-not-utf8',
    ],
    [
      'a name marked UTF-8 that is not',
      { name: new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x6d, 0x64]), data: 'x' },
      'archive-name-invalid-utf8',
    ],
    ['a FIFO', { name: 'pipe', mode: 0o010644 }, 'archive-special-entry'],
    ['a character device', { name: 'tty', mode: 0o020644 }, 'archive-special-entry'],
  ] as [string, ZipEntry, string][])('%s', (_label, entry, code) => {
    expect(codes(zipOf([entry]))).toContain(code);
  });

  it('a member that lies about its size stops inflating just past the declared size', () => {
    // Declares 100 bytes; its data would inflate to 2 GiB of zeros.
    const listing = zipOf([{ name: 'liar.bin', compressed: deflateZeros(2048), size: 100, crc: 0 }]);
    expect(codes(listing)).toEqual(['archive-zip-size-mismatch']);
    expect(listing.unpackedBytes).toBeLessThan(8 * 1024 * 1024);
  });

  it('an SKILL.md that fails its CRC is not handed over', () => {
    const listing = list(zip([{ ...skill, crc: 1 }, notes]));
    expect(codes(listing)).toEqual(['archive-zip-checksum']);
    expect(listing.skillMd).toBeUndefined();
  });
});
