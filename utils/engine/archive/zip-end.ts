// Finding a zip's central directory from its end record (and ZIP64 end record), refusing the
// layouts where two readers would find two different directories: a second end record, bytes
// after the comment, ZIP64 values that contradict the classic ones, offsets that point nowhere.

import { u16, u32, u64 } from './bytes';
import type { Listing } from './listing';

const SIG_END = 0x06054b50;
const SIG_ZIP64_END = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const END_SIZE = 22;
const MAX_COMMENT = 0xffff;

export interface CentralDirectory {
  readonly offset: number;
  readonly size: number;
  readonly entries: number;
}

/** End records whose comment reaches exactly the end of the file, nearest the end first. */
function endRecords(input: Uint8Array): { exact: number[]; any: number[] } {
  const exact: number[] = [];
  const any: number[] = [];
  const lowest = Math.max(0, input.length - END_SIZE - MAX_COMMENT);
  for (let at = input.length - END_SIZE; at >= lowest; at--) {
    if (u32(input, at) !== SIG_END) continue;
    any.push(at);
    if (at + END_SIZE + u16(input, at + 20) === input.length) exact.push(at);
  }
  return { exact, any };
}

export function readCentralDirectory(input: Uint8Array, listing: Listing): CentralDirectory | undefined {
  const { exact, any } = endRecords(input);
  const at = exact[0] ?? any[0];
  if (at === undefined) {
    listing.fail('archive-zip-no-end-record', []);
    return undefined;
  }
  const mismatch = () => {
    listing.fail('archive-zip-end-record-mismatch', []);
    return undefined;
  };
  const classic = {
    disk: u16(input, at + 4),
    cdDisk: u16(input, at + 6),
    entriesHere: u16(input, at + 8),
    entries: u16(input, at + 10),
    size: u32(input, at + 12),
    offset: u32(input, at + 16),
  };
  let { entries, size, offset } = classic;
  let endStart = at;
  const locator = at - 20;
  if (locator >= 0 && u32(input, locator) === SIG_ZIP64_LOCATOR) {
    // ZIP64: never needed under 10 MiB, but some writers emit it. Its values must agree with the
    // classic record wherever that one is not the "see ZIP64" sentinel.
    const z = u64(input, locator + 8);
    if (u32(input, locator + 4) !== 0 || u32(input, locator + 16) > 1 || z + 56 > locator || u32(input, z) !== SIG_ZIP64_END)
      return mismatch();
    if (z + 12 + u64(input, z + 4) !== locator || u32(input, z + 16) !== 0 || u32(input, z + 20) !== 0) return mismatch();
    const wide = { entriesHere: u64(input, z + 24), entries: u64(input, z + 32), size: u64(input, z + 40), offset: u64(input, z + 48) };
    const agrees = (narrow: number, value: number, sentinel: number) => narrow === sentinel || narrow === value;
    if (
      !agrees(classic.entriesHere, wide.entriesHere, 0xffff) ||
      !agrees(classic.entries, wide.entries, 0xffff) ||
      !agrees(classic.size, wide.size, 0xffffffff) ||
      !agrees(classic.offset, wide.offset, 0xffffffff) ||
      wide.entriesHere !== wide.entries
    ) {
      return mismatch();
    }
    ({ entries, size, offset } = wide);
    endStart = z;
  } else if (classic.disk !== 0 || classic.cdDisk !== 0 || classic.entriesHere !== classic.entries) {
    return mismatch(); // split archives: nothing unpacks them from one download
  }
  const cdEnd = offset + size;
  if (cdEnd > endStart) return mismatch();
  // Bytes after the comment, or a second end record past the directory (in the comment, say):
  // readers that scan differently find another directory. One inside an entry's data is harmless.
  if (exact.length === 0 || any.some((p) => p > at) || exact.some((p) => p !== at && p >= cdEnd)) {
    listing.problems.add('archive-zip-end-record-ambiguous', []);
  }
  if (cdEnd < endStart) listing.problems.add('archive-zip-unlisted-bytes', [cdEnd, endStart - cdEnd]);
  return { offset, size, entries };
}
