// The archive lister: given an archive's verified bytes and its index entry's name, what is in it,
// where its SKILL.md is, and every problem found, without writing anything anywhere or running
// anything. Pure: no browser, DOM or Node API, so the MV3 worker, Firefox and the CLI share it.
// Memory is bounded by the caps (spec.ts, ARCHIVE_LIMITS), never by what the archive declares.
// The readers are generators that pause after each slice of work (an inflate step, a zip entry):
// `listArchive` runs them straight through, `listArchiveCooperatively` lets other work run
// between slices, so a big archive never holds the worker that serves every tab's checks.

import { checkHints, formatOfBytes, hexPrefix, type ArchiveFormat } from './detect';
import { readTarGz } from './gzip';
import { formatBytes } from '../net/fetch-bounded';
import { ARCHIVE_LIMITS, type ArchiveLimits } from '../spec';
import { Listing, type ArchiveFile } from './listing';
import { ProblemSink, type ArchiveProblem } from './problems';
import { readZip } from './zip';

export type { ArchiveFormat } from './detect';
export type { ArchiveFile, EntryType } from './listing';
export { ARCHIVE_CODES, type ArchiveCode } from './codes';
export type { ArchiveProblem } from './problems';

export interface ListArchiveInput {
  /** The archive's bytes, after its digest verified. */
  readonly bytes: Uint8Array;
  /** The index entry's `name`: named in the wrapper-folder problem. */
  readonly skillName: string;
  /** The URL it came from (its extension is a hint) and the Content-Type it was served with. */
  readonly url?: string;
  readonly contentType?: string | null;
  readonly limits?: Partial<ArchiveLimits>;
  /** The whole check's deadline (epoch ms); the lister also keeps to `limits.budgetMs`. */
  readonly deadline?: number;
  readonly now?: () => number;
}

export interface ArchiveListing {
  readonly format: ArchiveFormat;
  /** At most `limits.entries`, in archive order. */
  readonly files: readonly ArchiveFile[];
  /** The root SKILL.md's bytes, when it is a regular file within the cap and unpacked intact. */
  readonly skillMd?: Uint8Array;
  /** Other text files, for the lens (D12): by name, within LENS_LIMITS.textChars bytes in all. */
  readonly texts?: readonly { path: string; bytes: Uint8Array }[];
  readonly problems: readonly ArchiveProblem[];
  /** Reading stopped early (a cap, the time budget, unreadable data): `files` is partial. */
  readonly truncated: boolean;
  /** Bytes unpacked before reading ended. */
  readonly unpackedBytes: number;
}

/** How the caller lets other work run (the lister knows no event loop): a promise that settles
 * once other tasks had their turn (the check's `nextTurn`, a zero-delay timer). */
export type YieldToOthers = () => Promise<void>;

/** Lists in one go: for tests, benches and callers with nothing else to run. */
export function listArchive(input: ListArchiveInput): ArchiveListing {
  const steps = listSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Lists the same way, yielding to other work whenever a slice of `sliceMs` has run (0: after every
 * step). The listing's time budget stays wall-clock time, turns given to others included.
 */
export async function listArchiveCooperatively(input: ListArchiveInput, yieldToOthers: YieldToOthers): Promise<ArchiveListing> {
  const now = input.now ?? Date.now;
  const sliceMs = input.limits?.sliceMs ?? ARCHIVE_LIMITS.sliceMs;
  const steps = listSteps(input);
  let sliceStart = now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (now() - sliceStart >= sliceMs) {
      await yieldToOthers();
      sliceStart = now();
    }
  }
}

function* listSteps(input: ListArchiveInput): Generator<void, ArchiveListing> {
  const limits = { ...ARCHIVE_LIMITS, ...input.limits };
  const now = input.now ?? Date.now;
  const sink = new ProblemSink(limits.problemsPerCode);
  const deadline = Math.min(input.deadline ?? Infinity, now() + limits.budgetMs);
  const listing = new Listing(sink, limits, deadline, now);
  const done = (format: ArchiveFormat, skillMd?: Uint8Array): ArchiveListing => ({
    format,
    files: listing.files,
    ...(skillMd ? { skillMd } : {}),
    ...(listing.texts.length > 0 ? { texts: listing.texts } : {}),
    problems: sink.finish(),
    truncated: listing.stopped,
    unpackedBytes: listing.unpacked,
  });
  const { bytes } = input;
  if (bytes.length > limits.packedBytes) {
    listing.fail('archive-too-large-packed', [formatBytes(limits.packedBytes)]);
    return done('unknown');
  }
  const format = formatOfBytes(bytes);
  if (format === 'unknown' || format === 'tar') {
    if (format === 'tar') listing.fail('archive-format-plain-tar', []);
    else listing.fail('archive-format-unknown', [hexPrefix(bytes)]);
    return done('unknown');
  }
  checkHints(format, input.url, input.contentType, sink);
  try {
    if (format === 'zip') yield* readZip(bytes, listing);
    else yield* readTarGz(bytes, listing);
    return done(format, listing.finish(input.skillName, format));
  } catch {
    // A bug of ours must still end as a finding, never as a crash of the whole check.
    listing.fail('archive-unreadable', []);
    return done(format);
  }
}
