// .tar.gz: fflate's streaming gunzip, fed a few KiB at a time so one step's output stays small
// (deflate expands at most ~1032x), every output byte judged by the bomb ratio before the tar
// reader sees it.
// fflate checks neither the CRC-32 nor the length in each member's trailer: done here.

import { Gunzip } from 'fflate';
import { Crc32 } from './crc32';
import { flateErrorCode } from './flate-error';
import { u32 } from './bytes';
import type { Listing } from './listing';
import { TarReader } from './tar';

/** Pauses (yields) after each inflate step: the lister's driver decides whether others run then. */
export function* readTarGz(input: Uint8Array, listing: Listing): Generator<void, void> {
  const tar = new TarReader(listing);
  let crc = new Crc32();
  let memberBytes = 0;
  let member = 1;
  let fed = 0;
  let inflated = 0;

  const trailerOk = (end: number) => end >= 8 && u32(input, end - 8) === crc.value() && u32(input, end - 4) === memberBytes >>> 0;
  const endMember = (end: number) => {
    if (!trailerOk(end)) listing.problems.add('archive-gzip-checksum', [member]);
    member++;
    crc = new Crc32();
    memberBytes = 0;
  };

  const gunzip = new Gunzip((chunk) => {
    if (listing.stopped) return;
    crc.update(chunk);
    memberBytes += chunk.length;
    inflated += chunk.length;
    // The ratio is judged on all that was inflated (a bomb of padding is a bomb); the tar reader
    // counts its files' contents against the unpacked cap, and the rest has a cap of its own.
    if (listing.ratioOk(inflated, fed) && tar.write(chunk)) listing.overheadOk(inflated);
  });
  // Called once the previous member's data is all out, with the offset where the next one starts.
  gunzip.onmember = (offset) => endMember(offset);

  try {
    const step = listing.limits.inflateStepBytes;
    for (let at = 0; at < input.length && !listing.stopped; at += step) {
      fed = Math.min(at + step, input.length);
      gunzip.push(input.subarray(at, fed), fed === input.length);
      yield;
    }
  } catch (error) {
    const code = flateErrorCode(error);
    // fflate's code 0 is "unexpected EOF": the deflate stream was cut short.
    listing.fail(code === 0 ? 'archive-gzip-truncated' : 'archive-gzip-corrupt', []);
    return;
  }
  if (listing.stopped) return;
  // Bytes after the last member: fflate refuses more than three (as corrupt); fewer shift the
  // trailer, so the checksum fails. Either way an error: gzip itself only warns, tar tools differ.
  endMember(input.length);
  tar.end();
}
