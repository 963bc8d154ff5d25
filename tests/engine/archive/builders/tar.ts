// Builds tar archives in memory for tests, including ones no honest tool writes: every field
// can be forced (names, sizes, checksums, PAX and GNU records). No binary blobs in the repo.

import { gzipSync } from 'fflate';

const enc = new TextEncoder();
export const bytes = (data: string | Uint8Array): Uint8Array => (typeof data === 'string' ? enc.encode(data) : data);

export interface TarEntry {
  name: string | Uint8Array;
  /** typeflag: '0' file (default), '5' folder, '1' hard link, '2' symlink, 'x', 'g', 'L', 'K', … */
  type?: string;
  data?: string | Uint8Array;
  linkname?: string;
  /** The header's size field, when it should lie about the data. */
  size?: number;
  prefix?: string;
  format?: 'ustar' | 'gnu' | 'v7';
  /** Corrupts the stored checksum. */
  badChecksum?: boolean;
  /** Raw size field bytes (12), e.g. non-octal text. */
  rawSize?: Uint8Array;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

export function tarHeader(entry: TarEntry): Uint8Array {
  const block = new Uint8Array(512);
  const put = (at: number, value: string | Uint8Array, max: number) => block.set(bytes(value).subarray(0, max), at);
  const data = bytes(entry.data ?? '');
  const size = entry.size ?? data.length;
  put(0, entry.name, 100);
  put(100, octal(0o644, 8), 8);
  put(108, octal(0, 8), 8);
  put(116, octal(0, 8), 8);
  if (entry.rawSize) put(124, entry.rawSize, 12);
  else if (size > 0o77777777777) {
    block[124] = 0x80; // GNU base-256
    let rest = size;
    for (let i = 135; i > 124; i--) ((block[i] = rest % 256), (rest = Math.floor(rest / 256)));
  } else put(124, octal(size, 12), 12);
  put(136, octal(0, 12), 12);
  put(156, entry.type ?? '0', 1);
  put(157, entry.linkname ?? '', 100);
  const format = entry.format ?? 'ustar';
  if (format === 'ustar') put(257, 'ustar\u000000', 8);
  if (format === 'gnu') put(257, 'ustar  \0', 8);
  if (entry.prefix) put(345, entry.prefix, 155);
  block.fill(0x20, 148, 156);
  let sum = block.reduce((a, b) => a + b, 0);
  if (entry.badChecksum) sum += 1;
  put(148, octal(sum, 7) + ' ', 8);
  return block;
}

const pad = (n: number) => (512 - (n % 512)) % 512;

/** One PAX record: the length counts itself. */
export function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = body.length + 1;
  while (String(length).length + body.length !== length) length++;
  return `${length}${body}`;
}

export interface TarOptions {
  /** Zero blocks at the end (default 2). */
  endBlocks?: number;
  trailing?: Uint8Array;
}

export function tar(entries: TarEntry[], options: TarOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    const data = bytes(entry.data ?? '');
    parts.push(tarHeader(entry), data, new Uint8Array(pad(data.length)));
  }
  parts.push(new Uint8Array(512 * (options.endBlocks ?? 2)));
  if (options.trailing) parts.push(options.trailing);
  return concat(parts);
}

export const tgz = (entries: TarEntry[], options?: TarOptions): Uint8Array => gzipSync(tar(entries, options));

/** Entries for a PAX-extended entry: an 'x' record then the entry itself. */
export function withPax(records: Record<string, string>, entry: TarEntry): TarEntry[] {
  const data = Object.entries(records)
    .map(([k, v]) => paxRecord(k, v))
    .join('');
  return [{ name: 'PaxHeaders/x', type: 'x', data }, entry];
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) (out.set(part, at), (at += part.length));
  return out;
}

export const SKILL_MD = '---\nname: reserve-a-book\ndescription: Reserve a book at the library.\n---\n# Reserve a book\n';

/** `length` letters that barely compress (a fixed pseudo-random sequence), for size caps. */
export function noise(length: number): string {
  let state = 0x2545f491;
  let out = '';
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out += String.fromCharCode(97 + ((state >>> 0) % 26));
  }
  return out;
}
