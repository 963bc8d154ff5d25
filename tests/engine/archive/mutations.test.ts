// Never a crash: damaged copies of good archives (bytes flipped, cut short, spliced) always give
// a listing with known codes, within the caps. A fixed seed keeps every run the same.
import { describe, expect, it } from 'vitest';
import { ARCHIVE_CODES, listArchive } from '../../../utils/engine/archive';
import { gzipSync } from 'fflate';
import { noise, SKILL_MD, tar, withPax } from '../../fixtures/archives/tar';
import { zip } from '../../fixtures/archives/zip';

function random(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

const files = [
  { name: 'SKILL.md', data: SKILL_MD },
  { name: 'scripts/run.sh', data: 'echo hi\n' },
  { name: 'references/notes.md', data: noise(3000) },
];
const plainTar = tar([
  ...files.map((f) => ({ ...f })),
  ...withPax({ path: 'references/long-name.md' }, { name: 'x', data: 'x' }),
  { name: 'lib', type: '2', linkname: 'scripts' },
]);
const samples = {
  'tar.gz (stored, so flips hit tar headers)': gzipSync(plainTar, { level: 0 }),
  'tar.gz (deflated)': gzipSync(plainTar),
  zip: zip([...files, { name: 'lib', data: 'scripts', mode: 0o120777 }]),
};

describe.each(Object.entries(samples))('damaged %s', (_label, good) => {
  it('never throws and reports only known codes, within the caps', () => {
    const next = random(good.length);
    for (let round = 0; round < 400; round++) {
      const bytes = good.slice();
      const kind = round % 3;
      if (kind === 0) for (let k = 0; k < 1 + next(4); k++) bytes[next(bytes.length)] = next(256);
      const input =
        kind === 1
          ? bytes.subarray(0, next(bytes.length))
          : kind === 2
            ? new Uint8Array([...bytes.subarray(0, next(bytes.length)), ...good.subarray(next(good.length))])
            : bytes;
      const listing = listArchive({ bytes: input, skillName: 'reserve-a-book' });
      expect(listing.files.length).toBeLessThanOrEqual(1000);
      expect(listing.unpackedBytes).toBeLessThan(60 * 1024 * 1024);
      for (const problem of listing.problems) expect(ARCHIVE_CODES[problem.code].severity).toBe(problem.severity);
    }
  });
});
