// Every cap the archive lister enforces. In the extension these move into utils/engine/spec.ts
// with the other limits; each is a number a reviewer can find in one place.

const MiB = 1024 * 1024;

export interface ArchiveLimits {
  /** The download cap (D5): bytes of the archive itself. */
  readonly packedBytes: number;
  /** D7: more entries than this is an error (folders and links count: each is a header to read). */
  readonly entries: number;
  /** D7: bytes unpacked in total, counted while decompressing, never taken from headers. */
  readonly unpackedBytes: number;
  /** One file's unpacked size; larger betrays a bomb or a file no skill needs. */
  readonly fileBytes: number;
  /** Unpacked/packed ratio that betrays a bomb, once `ratioFloorBytes` have been unpacked. */
  readonly ratio: number;
  /** Below this many unpacked bytes the ratio is not judged (tiny padded files compress well). */
  readonly ratioFloorBytes: number;
  /** The archived SKILL.md is held in memory for the frontmatter check; same cap as a skill-md entry. */
  readonly skillMdBytes: number;
  /** A PAX record or GNU long name is held in memory while read: a bound on that buffer. */
  readonly metaBytes: number;
  /** A name longer than this (UTF-8 bytes) is an error: no file system extracts it. */
  readonly nameBytes: number;
  /** A symlink target read from a zip entry's data. */
  readonly linkTargetBytes: number;
  /** Compressed bytes handed to the inflater at a time: bounds the output of one step (deflate
   * expands at most ~1032x), so a cap is noticed within about 4 MiB of output. */
  readonly inflateStepBytes: number;
  /** Problems of one code reported before the rest are only counted. */
  readonly problemsPerCode: number;
  /** Wall-clock budget for listing one archive (the whole check has its own deadline too). */
  readonly budgetMs: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  packedBytes: 10 * MiB,
  entries: 1000,
  unpackedBytes: 50 * MiB,
  fileBytes: 20 * MiB,
  ratio: 200,
  ratioFloorBytes: 1 * MiB,
  skillMdBytes: 1 * MiB,
  metaBytes: 64 * 1024,
  nameBytes: 4096,
  linkTargetBytes: 4096,
  inflateStepBytes: 4 * 1024,
  problemsPerCode: 10,
  budgetMs: 5000,
};
