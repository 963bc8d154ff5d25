// The tar reader: names as tar extracts them (PAX, GNU long names, ustar prefix), framing, and
// every way a tar stream can be unreadable or ambiguous. Archives are built in code (tests/fixtures/archives/).
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { concat, paxRecord, SKILL_MD, tar, tarHeader, tgz, withPax, type TarEntry } from '../../fixtures/archives/tar';
import { codes, list, tgzWith } from './helpers';

const skill: TarEntry = { name: 'SKILL.md', data: SKILL_MD };
const notes: TarEntry = { name: 'notes.md', data: 'n' }; // so the archive holds more than SKILL.md

describe('a good tar.gz (skill-md.md §6 item 33)', () => {
  it('lists every entry with its size and type, and hands over SKILL.md', () => {
    const listing = list(
      tgz([
        skill,
        { name: 'scripts/', type: '5' },
        { name: 'scripts/run.sh', data: 'echo hi\n' },
        { name: 'references/', type: '5' },
        { name: 'references/api.md', data: '# API\n' },
      ]),
    );
    expect(listing.format).toBe('tar.gz');
    expect(listing.problems).toEqual([]);
    expect(listing.truncated).toBe(false);
    expect(listing.files).toEqual([
      { path: 'SKILL.md', size: SKILL_MD.length, type: 'file' },
      { path: 'scripts/', size: 0, type: 'directory' },
      { path: 'scripts/run.sh', size: 8, type: 'file' },
      { path: 'references/', size: 0, type: 'directory' },
      { path: 'references/api.md', size: 6, type: 'file' },
    ]);
    expect(new TextDecoder().decode(listing.skillMd)).toBe(SKILL_MD);
  });

  it('reads GNU and pre-POSIX (v7) headers too', () => {
    for (const format of ['gnu', 'v7'] as const) {
      const listing = list(
        tgz([
          { ...skill, format },
          { name: 'old-folder/', type: '\0', format },
          { name: 'old-folder/a.md', type: '\0', format, data: 'a' },
        ]),
      );
      expect(listing.problems).toEqual([]);
      expect(listing.files.map((f) => f.type)).toEqual(['file', 'directory', 'file']);
    }
  });

  it('reads a multi-member gzip (concatenated .gz files) as one stream', () => {
    const whole = tar([skill, { name: 'notes.md', data: 'n' }]);
    const listing = list(concat([gzipSync(whole.subarray(0, 1024)), gzipSync(whole.subarray(1024))]));
    expect(listing.problems).toEqual([]);
    expect(listing.files.map((f) => f.path)).toEqual(['SKILL.md', 'notes.md']);
  });
});

describe('the name tar would extract', () => {
  it('joins the ustar prefix and name', () => {
    const listing = list(tgzWith({ name: 'run.sh', prefix: 'scripts/tools', data: 'x' }));
    expect(listing.files[1]!.path).toBe('scripts/tools/run.sh');
    expect(listing.problems).toEqual([]);
  });

  it('honours a GNU long name (L) and long link (K)', () => {
    const long = `references/${'deep/'.repeat(30)}notes.md`;
    const listing = list(
      tgz([
        skill,
        { name: '././@LongLink', type: 'L', data: `${long}\0` },
        { name: long.slice(0, 100), data: 'x' },
        { name: '././@LongLink', type: 'K', data: `${long}\0` },
        { name: 'alias', type: '2', linkname: long.slice(0, 100) },
      ]),
    );
    expect(listing.files[1]!.path).toBe(long);
    expect(listing.files[2]).toEqual({ path: 'alias', size: 0, type: 'symlink', target: long });
    expect(codes(listing)).toEqual(['archive-link-inside']);
  });

  it('validates a PAX path=../x override, not the harmless ustar name (item 35)', () => {
    const listing = list(tgz([skill, ...withPax({ path: '../x' }, { name: 'x', data: 'x' })]));
    expect(listing.files[1]!.path).toBe('../x');
    expect(codes(listing)).toEqual(['archive-name-dot-dot']);
  });

  it('validates the ustar fallback name too: tools that skip PAX extract it', () => {
    const listing = list(tgz([skill, ...withPax({ path: 'notes/x' }, { name: '../../x', data: 'x' })]));
    expect(codes(listing)).toEqual(['archive-tar-names-disagree', 'archive-name-dot-dot']);
    expect(listing.problems[1]!.entry).toBe('../../x');
  });

  it('a ustar or GNU name that is not UTF-8 is a warning (each extractor decodes it its own way)', () => {
    const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x6d, 0x64]);
    expect(codes(list(tgz([skill, { name: latin1, data: 'x' }])))).toEqual(['archive-name-not-utf8']);
    expect(codes(list(tgz([skill, { name: '././@LongLink', type: 'L', data: latin1 }, { name: 'caf', data: 'x' }])))).toEqual([
      'archive-name-not-utf8',
    ]);
  });

  it('a GNU long name that hides a NUL is an error', () => {
    const listing = list(tgz([skill, { name: '././@LongLink', type: 'L', data: 'notes.md\0../../x\0' }, { name: 'notes.md', data: 'x' }]));
    expect(codes(listing)).toContain('archive-name-nul');
  });

  it('PAX linkpath names a symlink target', () => {
    const listing = list(tgz([skill, ...withPax({ linkpath: '../../etc/passwd' }, { name: 'pw', type: '2', linkname: 'harmless' })]));
    expect(listing.files[1]!.target).toBe('../../etc/passwd');
    expect(codes(listing)).toEqual(['archive-link-outside']);
  });

  it('a PAX path and a GNU long name that disagree are an error', () => {
    const listing = list(
      tgz([skill, { name: '././@LongLink', type: 'L', data: 'a.md\0' }, ...withPax({ path: 'b.md' }, { name: 'b.md', data: 'x' })]),
    );
    expect(codes(listing)).toContain('archive-tar-header-inconsistent');
    expect(listing.files[1]!.path).toBe('b.md');
  });

  it('a global PAX record that renames entries is an error, not applied', () => {
    const listing = list(
      tgz([{ name: 'pax_global_header', type: 'g', data: paxRecord('path', 'SKILL.md') }, skill, { name: 'notes.md', data: 'x' }]),
    );
    expect(codes(listing)).toEqual(['archive-tar-pax-global']);
    expect(listing.problems[0]!.params).toEqual(['path']);
    expect(listing.files.map((f) => f.path)).toEqual(['SKILL.md', 'notes.md']);
  });

  it('a PAX path that is not UTF-8 is an error', () => {
    const body = concat([new TextEncoder().encode(' path=caf'), new Uint8Array([0xe9]), new TextEncoder().encode('.md\n')]);
    const record = concat([new TextEncoder().encode(String(body.length + 2)), body]);
    const listing = list(tgz([skill, { name: 'PaxHeaders/x', type: 'x', data: record }, { name: 'cafe.md', data: 'x' }]));
    expect(codes(listing)).toContain('archive-name-invalid-utf8');
    expect(listing.files[1]!.path).toBe('caf\u00e9.md');
  });
});

describe('framing', () => {
  it('a PAX size frames the data (and the next header is found)', () => {
    const listing = list(
      tgz([skill, ...withPax({ size: '5' }, { name: 'five.txt', size: 0, data: 'abcde' }), { name: 'next.md', data: 'n' }]),
    );
    expect(listing.problems).toEqual([]);
    expect(listing.files.map((f) => [f.path, f.size])).toEqual([
      ['SKILL.md', SKILL_MD.length],
      ['five.txt', 5],
      ['next.md', 1],
    ]);
  });

  it.each([
    [
      'a malformed PAX record',
      [
        { name: 'PaxHeaders/x', type: 'x', data: '99 path=x\n' },
        { name: 'x.md', data: 'x' },
      ],
      'archive-tar-pax-invalid',
    ],
    [
      'a PAX record over the cap',
      [
        { name: 'PaxHeaders/x', type: 'x', data: paxRecord('comment', 'c'.repeat(70_000)) },
        { name: 'x.md', data: 'x' },
      ],
      'archive-tar-meta-too-large',
    ],
    ['a size field that is not a number', [{ name: 'x.md', rawSize: new TextEncoder().encode('12abc\0') }], 'archive-tar-size-invalid'],
    ['a bad header checksum', [{ name: 'x.md', data: 'x', badChecksum: true }], 'archive-tar-header-checksum'],
    ['a sparse file (S)', [{ name: 'x.bin', type: 'S', data: 'x' }], 'archive-tar-entry-type-unsupported'],
    ['a GNU volume label (V)', [{ name: 'vol', type: 'V' }], 'archive-tar-entry-type-unsupported'],
    ['a multi-volume continuation (M)', [{ name: 'x', type: 'M', data: 'x' }], 'archive-tar-entry-type-unsupported'],
    ['PAX sparse records', withPax({ 'GNU.sparse.major': '1' }, { name: 'x.bin', data: 'x' }), 'archive-tar-entry-type-unsupported'],
    ['a character device', [{ name: 'tty', type: '3' }], 'archive-special-entry'],
    ['a block device', [{ name: 'sda', type: '4' }], 'archive-special-entry'],
    ['a FIFO', [{ name: 'pipe', type: '6' }], 'archive-special-entry'],
    ['a folder with data', [{ name: 'dir/', type: '5', data: 'hidden' }], 'archive-tar-header-inconsistent'],
  ] as [string, TarEntry[], string][])('%s → %s', (_label, entries, code) => {
    expect(codes(list(tgz([skill, ...entries])))).toContain(code);
  });

  it('stops at a bad checksum: nothing after it is trusted', () => {
    const listing = list(tgz([skill, { name: 'x.md', data: 'x', badChecksum: true }, { name: 'y.md', data: 'y' }]));
    expect(listing.truncated).toBe(true);
    expect(listing.files.map((f) => f.path)).toEqual(['SKILL.md']);
    expect(listing.problems[0]!.params).toEqual(['1024']);
  });

  it('a truncated tar is an error (item 38)', () => {
    const whole = tar([skill, { name: 'big.txt', data: 'x'.repeat(5000) }]);
    const listing = list(gzipSync(whole.subarray(0, 2000)));
    expect(codes(listing)).toEqual(['archive-tar-truncated']);
    expect(listing.truncated).toBe(true);
  });

  it('a missing end marker is a warning', () => {
    expect(codes(list(gzipSync(tar([skill, notes], { endBlocks: 0 }))))).toEqual(['archive-tar-no-end-marker']);
  });

  it('an entry after a lone zero block is an error: GNU tar stops there', () => {
    const bytes = concat([
      tarHeader(skill),
      new Uint8Array(512 * Math.ceil(SKILL_MD.length / 512)).map((_, i) => SKILL_MD.charCodeAt(i) || 0),
      new Uint8Array(512),
      tar([{ name: 'hidden.md', data: 'h' }]),
    ]);
    const listing = list(gzipSync(bytes));
    expect(codes(listing)).toEqual(['archive-tar-lone-zero-block']);
    expect(listing.files.map((f) => f.path)).toEqual(['SKILL.md', 'hidden.md']);
  });

  it('bytes after the end marker are a warning', () => {
    expect(codes(list(gzipSync(tar([skill, notes], { trailing: new TextEncoder().encode('more') }))))).toEqual([
      'archive-tar-trailing-data',
    ]);
  });

  it('a tar header that claims 8 GiB stops at the header (per-file cap)', () => {
    const listing = list(gzipSync(concat([tar([skill, notes], { endBlocks: 0 }), tarHeader({ name: 'huge.bin', size: 8 * 1024 ** 3 })])));
    expect(codes(listing)).toEqual(['archive-file-too-large']);
    expect(listing.unpackedBytes).toBeLessThan(4096);
  });
});

describe('gzip', () => {
  const good = () => tgz([skill, { name: 'notes.md', data: 'n'.repeat(3000) }]);

  it('a flipped bit inside literal data is caught by the CRC (item 38: corrupt gzip)', () => {
    const bytes = gzipSync(tar([skill, notes]), { level: 0 }); // stored: every byte is a literal
    const at = 10 + 5 + 512 + 20; // gzip header, stored-block header, tar header, into SKILL.md
    bytes[at] = bytes[at]! ^ 0x01;
    expect(codes(list(bytes))).toContain('archive-gzip-checksum');
  });

  it('deflate data that cannot be decoded is corrupt', () => {
    const bytes = good();
    bytes.fill(0xff, 10, 40);
    expect(codes(list(bytes))).toEqual(['archive-gzip-corrupt']);
  });

  it('a deflate stream cut short is truncated', () => {
    const bytes = good();
    expect(codes(list(bytes.subarray(0, bytes.length - 30)))).toEqual(['archive-gzip-truncated']);
  });

  it('a wrong length in the trailer is a checksum error', () => {
    const bytes = good();
    bytes[bytes.length - 1] = bytes.at(-1)! ^ 0x40;
    expect(codes(list(bytes))).toEqual(['archive-gzip-checksum']);
  });

  it('bytes after the last member are an error (gzip only warns; tar tools differ)', () => {
    expect(codes(list(concat([good(), new Uint8Array(16)])))).toEqual(['archive-gzip-corrupt']);
    expect(codes(list(concat([good(), new Uint8Array(2)])))).toEqual(['archive-gzip-checksum']);
  });

  it('a gzip holding something other than a tar is an error', () => {
    expect(codes(list(gzipSync(new TextEncoder().encode(SKILL_MD))))).toEqual(['archive-gzip-not-tar']);
    expect(codes(list(gzipSync(new Uint8Array(0))))).toEqual(['archive-gzip-not-tar']);
  });
});
