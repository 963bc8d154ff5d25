// .tar.gz: fflate's streaming gunzip, fed a few KiB at a time so one step's output stays small
// (deflate expands at most ~1032x), every output byte judged by the bomb ratio before the tar
// reader sees it, in pieces small enough that a pause comes every few milliseconds.
// fflate checks neither the CRC-32 nor the length in each member's trailer: done here.

import { Gunzip } from 'fflate';
import { Crc32 } from './crc32';
import { flateErrorCode } from './flate-error';
import { u32 } from './bytes';
import type { Listing } from './listing';
import { firstStep, nextStep } from './steps';
import { TarReader } from './tar';

/** Tar bytes read between pauses: a few dozen headers at most, or one piece of a file. */
const TAR_PIECE = 16 * 1024;

/** Pauses (yields) after each inflate step and each piece of tar: the lister's driver decides
 * whether others run then. */
export function* readTarGz(input: Uint8Array, listing: Listing): Generator<void, void> {
  const tar = new TarReader(listing);
  let crc = new Crc32();
  let memberBytes = 0;
  let member = 1;
  let fed = 0;
  let inflated = 0;
  let written = 0;
  /** Inflated by the last step and not yet read by the tar reader (fflate hands over copies). */
  const queue: Uint8Array[] = [];

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
    // The ratio is judged on all that was inflated: a bomb of padding is a bomb too.
    if (listing.ratioOk(inflated, fed)) queue.push(chunk);
  });
  // The tar reader counts its files' contents against the unpacked cap; the rest has its own cap.
  function* drain(): Generator<void, void> {
    for (let chunk = queue.shift(); chunk !== undefined && !listing.stopped; chunk = queue.shift()) {
      for (let at = 0; at < chunk.length && !listing.stopped; at += TAR_PIECE) {
        const piece = chunk.subarray(at, at + TAR_PIECE);
        written += piece.length;
        if (tar.write(piece)) listing.overheadOk(written);
        yield;
      }
    }
    queue.length = 0;
  }
  // Called once the previous member's data is all out, with the offset where the next one starts.
  gunzip.onmember = (offset) => endMember(offset);

  try {
    for (let at = 0, step = firstStep(listing.limits); at < input.length && !listing.stopped; at = fed) {
      fed = Math.min(at + step, input.length);
      const before = inflated;
      gunzip.push(input.subarray(at, fed), fed === input.length);
      step = nextStep(fed - at, inflated - before, listing.limits);
      yield;
      yield* drain();
    }
  } catch (error) {
    // What was inflated before the damage is read first, as a streaming extractor would.
    yield* drain();
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
