// An archive inside the skill's archive (docs/rules.md, "Archives"): agents unpack the skill's
// archive once and never the archives it holds, so their files are not part of the skill. The
// lister warns and never opens them: a listing is one level deep, whatever an archive holds.
// Told by the name or by the first bytes, so a renamed `.zip` is found too.

const EXTENSIONS = ['.zip', '.tar', '.tar.gz', '.tgz', '.gz', '.bz2', '.tbz2', '.xz', '.txz', '.zst', '.7z', '.rar'];

/** File signatures: gzip, zip (an entry, or an empty zip), 7-Zip, RAR, bzip2, xz, zstd. */
const SIGNATURES: readonly (readonly number[])[] = [
  [0x1f, 0x8b],
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c],
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07],
  [0x42, 0x5a, 0x68],
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00],
  [0x28, 0xb5, 0x2f, 0xfd],
];

/** How many first bytes of each file the readers keep to tell an archive by its signature. */
export const SIGNATURE_BYTES = 6;

export function isArchiveName(path: string): boolean {
  const lower = path.toLowerCase();
  return EXTENSIONS.some((extension) => lower.endsWith(extension) && lower.length > extension.length && !lower.endsWith(`/${extension}`));
}

export function hasArchiveSignature(head: Uint8Array): boolean {
  return SIGNATURES.some((signature) => signature.length <= head.length && signature.every((byte, i) => head[i] === byte));
}

/** The first `SIGNATURE_BYTES` of a file, gathered across the chunks it arrives in. */
export class FileHead {
  private readonly bytes = new Uint8Array(SIGNATURE_BYTES);
  private fill = 0;

  add(chunk: Uint8Array): void {
    if (this.fill === SIGNATURE_BYTES) return;
    const n = Math.min(SIGNATURE_BYTES - this.fill, chunk.length);
    this.bytes.set(chunk.subarray(0, n), this.fill);
    this.fill += n;
  }

  value(): Uint8Array {
    return this.bytes.subarray(0, this.fill);
  }
}
