// The central directory's records and each one's local header. Where the two disagree (name,
// method, sizes), different tools unpack different things: each disagreement is an error.

import { u16, u32, u64 } from './bytes';
import { crc32 } from './crc32';
import type { Listing } from './listing';
import type { CentralDirectory } from './zip-end';

const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const SIG_DESCRIPTOR = 0x08074b50;
const ZIP64_EXTRA = 0x0001;
const UNICODE_PATH_EXTRA = 0x7075;
const WIDE = 0xffffffff;

export interface ZipEntry {
  readonly index: number;
  readonly nameBytes: Uint8Array;
  /** General-purpose flag 11: the name is declared UTF-8. */
  readonly utf8: boolean;
  /** Info-ZIP Unicode Path extra field (what unzip and 7-Zip write instead of the name), if valid. */
  readonly unicodeName?: Uint8Array;
  readonly flags: number;
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
  readonly host: number;
  readonly externalAttributes: number;
  readonly zip64: boolean;
}

export interface LocalLayout {
  readonly localName: Uint8Array;
  readonly dataStart: number;
  /** The end of the entry's bytes: data plus data descriptor. */
  readonly end: number;
  /** Method, encryption flag, CRC and sizes agree with the central record (names are compared apart). */
  readonly agrees: boolean;
}

function extras(bytes: Uint8Array): Map<number, Uint8Array> | undefined {
  const found = new Map<number, Uint8Array>();
  for (let at = 0; at < bytes.length;) {
    if (at + 4 > bytes.length) return undefined;
    const tag = u16(bytes, at);
    const length = u16(bytes, at + 2);
    if (at + 4 + length > bytes.length) return undefined;
    found.set(tag, bytes.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return found;
}

/** Reads up to `limits.entries + 1` records (one more tells the entry cap it was crossed). */
export function readEntries(input: Uint8Array, cd: CentralDirectory, listing: Listing): ZipEntry[] | undefined {
  const entries: ZipEntry[] = [];
  const end = cd.offset + cd.size;
  let at = cd.offset;
  const bad = (index: number) => {
    listing.fail('archive-zip-central-header-invalid', [index]);
    return undefined;
  };
  while (at < end && entries.length <= listing.limits.entries) {
    const index = entries.length;
    if (at + 46 > end || u32(input, at) !== SIG_CENTRAL) return bad(index);
    const nameLength = u16(input, at + 28);
    const extraLength = u16(input, at + 30);
    const recordEnd = at + 46 + nameLength + extraLength + u16(input, at + 32);
    if (recordEnd > end) return bad(index);
    const nameBytes = input.subarray(at + 46, at + 46 + nameLength);
    const fields = extras(input.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    if (fields === undefined) return bad(index);
    let size = u32(input, at + 24);
    let compressedSize = u32(input, at + 20);
    let localOffset = u32(input, at + 42);
    const wide = fields.get(ZIP64_EXTRA);
    if (wide !== undefined) {
      // Only the fields whose classic value is the sentinel are present, in this order.
      let w = 0;
      const next = () => (w + 8 <= wide.length ? u64(wide, (w += 8) - 8) : NaN);
      if (size === WIDE) size = next();
      if (compressedSize === WIDE) compressedSize = next();
      if (localOffset === WIDE) localOffset = next();
      if ([size, compressedSize, localOffset].some(Number.isNaN)) return bad(index);
    }
    const unicode = fields.get(UNICODE_PATH_EXTRA);
    // Tools honour that field only when its CRC matches the header name (Info-ZIP's rule).
    const unicodeName =
      unicode && unicode.length >= 5 && unicode[0] === 1 && u32(unicode, 1) === crc32(nameBytes) ? unicode.subarray(5) : undefined;
    entries.push({
      index,
      nameBytes,
      utf8: (u16(input, at + 8) & 0x0800) !== 0,
      ...(unicodeName ? { unicodeName } : {}),
      flags: u16(input, at + 8),
      method: u16(input, at + 10),
      crc: u32(input, at + 16),
      compressedSize,
      size,
      localOffset,
      host: input[at + 5]!,
      externalAttributes: u32(input, at + 38),
      zip64: wide !== undefined,
    });
    at = recordEnd;
  }
  if (entries.length <= listing.limits.entries && (at !== end || entries.length !== cd.entries)) {
    listing.fail('archive-zip-end-record-mismatch', []);
    return undefined;
  }
  return entries;
}

/** The entry's local header and data extent, or undefined when none can be read there. */
export function readLocal(input: Uint8Array, entry: ZipEntry, cdOffset: number): LocalLayout | undefined {
  const at = entry.localOffset;
  if (at + 30 > cdOffset || u32(input, at) !== SIG_LOCAL) return undefined;
  const flags = u16(input, at + 6);
  const nameLength = u16(input, at + 26);
  const dataStart = at + 30 + nameLength + u16(input, at + 28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > cdOffset) return undefined;
  const sameSize = (local: number, central: number) => local === central || local === WIDE;
  let agrees = u16(input, at + 8) === entry.method && (flags & 0x0009) === (entry.flags & 0x0009);
  if (!(flags & 0x0008)) {
    agrees &&=
      u32(input, at + 14) === entry.crc && sameSize(u32(input, at + 18), entry.compressedSize) && sameSize(u32(input, at + 22), entry.size);
  }
  let end = dataEnd;
  if (flags & 0x0008) {
    // Data descriptor: optional signature, CRC, then sizes (8 bytes each under ZIP64).
    const signed = dataEnd + 4 <= cdOffset && u32(input, dataEnd) === SIG_DESCRIPTOR ? 4 : 0;
    const width = entry.zip64 ? 8 : 4;
    end = dataEnd + signed + 4 + 2 * width;
    if (end > cdOffset) return undefined;
    const read = width === 8 ? u64 : u32;
    const d = dataEnd + signed;
    agrees &&= u32(input, d) === entry.crc && read(input, d + 4) === entry.compressedSize && read(input, d + 4 + width) === entry.size;
  }
  return { localName: input.subarray(at + 30, at + 30 + nameLength), dataStart, end, agrees };
}
