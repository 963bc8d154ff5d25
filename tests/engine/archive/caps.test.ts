// The caps (D7 and the bomb guards, skill-md.md §6 item 37): each stops reading at once, with
// memory bounded by the caps; the listing says it is partial and never claims SKILL.md missing.
import { describe, expect, it } from 'vitest';
import { listArchive } from '../../../utils/engine/archive';
import { tarGzBomb, deflateZeros } from '../../fixtures/archives/bomb';
import { noise, SKILL_MD, tgz } from '../../fixtures/archives/tar';
import { zip } from '../../fixtures/archives/zip';
import { codes, list, NAME } from './helpers';

const MiB = 1024 * 1024;
const skill = { name: 'SKILL.md', data: SKILL_MD };

describe.each([
  ['tar.gz', (n: number) => tgz([skill, ...Array.from({ length: n - 1 }, (_, i) => ({ name: `f/${i}.md`, data: 'x' }))])],
  ['zip', (n: number) => zip([skill, ...Array.from({ length: n - 1 }, (_, i) => ({ name: `f/${i}.md`, data: 'x' }))])],
] as const)('the entry cap in a %s', (_format, build) => {
  it('1000 entries are fine', () => {
    const listing = list(build(1000));
    expect(listing.problems).toEqual([]);
    expect(listing.files).toHaveLength(1000);
  });

  it('1001 entries: an error, reading stops, the listing keeps the first 1000', () => {
    const listing = list(build(1001));
    expect(listing.problems.map((p) => [p.code, p.params])).toEqual([['archive-too-many-entries', ['1000']]]);
    expect(listing.files).toHaveLength(1000);
    expect(listing.truncated).toBe(true);
  });
});

describe('the unpacked-size cap', () => {
  it('counts real bytes while inflating: stops just past the cap (tar.gz)', () => {
    const files = Array.from({ length: 8 }, (_, i) => ({ name: `data/${i}.txt`, data: noise(200 * 1024) }));
    const listing = list(tgz([skill, ...files]), { limits: { unpackedBytes: MiB } });
    expect(codes(listing)).toEqual(['archive-too-large-unpacked']);
    expect(listing.truncated).toBe(true);
    expect(listing.unpackedBytes).toBeGreaterThan(MiB);
    expect(listing.unpackedBytes).toBeLessThan(MiB + 64 * 1024);
  });

  it('same in a zip, whatever the headers declare', () => {
    const files = Array.from({ length: 8 }, (_, i) => ({ name: `data/${i}.txt`, data: noise(200 * 1024) }));
    const listing = list(zip([skill, ...files]), { limits: { unpackedBytes: MiB } });
    expect(codes(listing)).toEqual(['archive-too-large-unpacked']);
    expect(listing.files.length).toBeLessThan(9);
  });

  it("on a 10 MiB bomb with the ratio guard off: its file's 19 MiB are content, the zeros after the end are stopped by the overhead cap", () => {
    const listing = list(tarGzBomb(10), { limits: { ratio: Infinity } });
    expect(codes(listing)).toEqual(['archive-tar-overhead-too-large']);
    expect(listing.problems[0]!.params).toEqual(['4 MiB']);
    expect(listing.unpackedBytes).toBe(19 * MiB);
  });

  it("counts files' contents only, not the tar headers and padding around them", () => {
    // 10 files of 1000 bytes: 10 000 bytes of content in a tar stream of 16 KiB.
    const files = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.md`, data: 'x'.repeat(1000) }));
    const listing = list(tgz([skill, ...files]), { limits: { unpackedBytes: 10_000 + SKILL_MD.length } });
    expect(listing.problems).toEqual([]);
    expect(listing.unpackedBytes).toBe(10_000 + SKILL_MD.length);
    const over = list(tgz([skill, ...files]), { limits: { unpackedBytes: 10_000 + SKILL_MD.length - 1 } });
    expect(codes(over)).toEqual(['archive-too-large-unpacked']);
  });

  it('a zip counts the same contents', () => {
    const files = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.md`, data: 'x'.repeat(1000) }));
    expect(list(zip([skill, ...files])).unpackedBytes).toBe(10_000 + SKILL_MD.length);
  });
});

describe("the tar overhead cap (what is not a file's content)", () => {
  it('PAX records, headers and padding past it stop reading', () => {
    const files = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}.md`, data: 'x' }));
    const listing = list(tgz([skill, ...files]), { limits: { tarOverheadBytes: 8 * 1024 } });
    expect(codes(listing)).toEqual(['archive-tar-overhead-too-large']);
    expect(listing.truncated).toBe(true);
    // Judged after each inflate step: one step held this whole small archive.
    expect(listing.unpackedBytes).toBe(SKILL_MD.length + 20);
  });

  it('noise after the end marker is overhead too: a warning for the data, an error past the cap', () => {
    const listing = list(tgz([skill, { name: 'a.md', data: 'a' }], { trailing: new TextEncoder().encode(noise(64 * 1024)) }), {
      limits: { tarOverheadBytes: 32 * 1024 },
    });
    expect(codes(listing)).toEqual(['archive-tar-trailing-data', 'archive-tar-overhead-too-large']);
  });
});

describe('the per-file cap', () => {
  it('a tar header declaring more than the cap stops at the header', () => {
    const listing = list(tgz([skill, { name: 'big.bin', size: 21 * MiB, data: '' }]));
    expect(listing.problems.map((p) => [p.code, p.params])).toEqual([['archive-file-too-large', ['big.bin', '20 MiB']]]);
  });

  it('a zip entry declaring more than the cap is not inflated', () => {
    const listing = list(zip([skill, { name: 'big.bin', compressed: deflateZeros(30), size: 30 * MiB, crc: 0 }]));
    expect(codes(listing)).toEqual(['archive-file-too-large']);
    expect(listing.unpackedBytes).toBe(SKILL_MD.length);
  });
});

describe('the ratio cap', () => {
  it('a tar.gz whose output outgrows its input 200x past 1 MiB is a bomb', () => {
    const listing = list(tgz([skill, { name: 'zeros.bin', data: new Uint8Array(5 * MiB) }]));
    expect(codes(listing)).toEqual(['archive-ratio-bomb']);
    expect(listing.unpackedBytes).toBeLessThan(5 * MiB);
  });

  it('a zip member likewise, named', () => {
    const listing = list(zip([skill, { name: 'zeros.bin', data: new Uint8Array(5 * MiB) }]));
    expect(listing.problems.map((p) => [p.code, p.entry])).toEqual([['archive-ratio-bomb', 'zeros.bin']]);
  });

  it('small files that compress very well are fine (below the 1 MiB floor)', () => {
    expect(list(tgz([skill, { name: 'pad.txt', data: ' '.repeat(900 * 1024) }])).problems).toEqual([]);
  });

  it('the 10 MiB gzip bomb (~10 GiB of zeros) stops at about 1 MiB unpacked', () => {
    const bomb = tarGzBomb(10);
    expect(bomb.length).toBeGreaterThan(9.5 * MiB);
    expect(bomb.length).toBeLessThanOrEqual(10 * MiB);
    const listing = list(bomb);
    expect(codes(listing)).toEqual(['archive-ratio-bomb']);
    expect(listing.unpackedBytes).toBeLessThan(6 * MiB);
  });
});

describe('the time budget and the check deadline (a fake clock: no timing in tests)', () => {
  it('stops with a warning (our limit, not the site fault) once the clock passes the budget', () => {
    let t = 0;
    const listing = list(tarGzBomb(2), { limits: { ratio: Infinity, unpackedBytes: Infinity }, now: () => (t += 1000) });
    expect(listing.problems.map((p) => [p.code, p.severity])).toEqual([['archive-check-stopped', 'warning']]);
    expect(listing.truncated).toBe(true);
  });

  it('a check deadline earlier than the budget wins', () => {
    const listing = list(tgz([skill, { name: 'a.md', data: 'a' }]), { deadline: 5, now: () => 10 });
    expect(codes(listing)).toEqual(['archive-check-stopped']);
  });
});

describe('other bounds', () => {
  it('an exception inside the lister ends as a finding, not a crash', () => {
    let calls = 0;
    const now = () => {
      if (calls++ > 0) throw new Error('boom');
      return 0;
    };
    const listing = list(tgz([skill, { name: 'a.md', data: 'a' }]), { now });
    expect(codes(listing)).toEqual(['archive-unreadable']);
    expect(listing.truncated).toBe(true);
  });

  it('an archive over the 10 MiB download cap is refused unread', () => {
    const listing = listArchive({ bytes: new Uint8Array(10 * MiB + 1), skillName: NAME });
    expect(codes(listing)).toEqual(['archive-too-large-packed']);
    expect(listing.unpackedBytes).toBe(0);
  });

  it('problems of one code past 10 are counted, not listed', () => {
    const listing = list(tgz([skill, ...Array.from({ length: 30 }, (_, i) => ({ name: `./f${i}.md`, data: 'x' }))]));
    expect(listing.problems.filter((p) => p.code === 'archive-name-dot-segment')).toHaveLength(10);
    expect(listing.problems.at(-1)).toEqual({
      code: 'archive-problems-elided',
      severity: 'info',
      params: ['20', 'archive-name-dot-segment'],
    });
  });
});
