// Reading one 512-byte tar header and PAX records: the fields tar itself uses to frame and name
// entries (ustar, GNU and PAX; numbers in octal or GNU base-256).

import { decodeName } from './entry-names';

export const BLOCK = 512;

export interface RawHeader {
  readonly name: Uint8Array;
  readonly linkname: Uint8Array;
  /** ustar `prefix`, only for POSIX ustar (GNU tar stores times in those bytes). */
  readonly prefix: Uint8Array;
  /** undefined: not a number tar can read. */
  readonly size: number | undefined;
  readonly typeflag: string;
  /** Permission bits; undefined when not a number tar can read. */
  readonly mode: number | undefined;
}

function field(block: Uint8Array, start: number, length: number): Uint8Array {
  const bytes = block.subarray(start, start + length);
  const nul = bytes.indexOf(0);
  return nul === -1 ? bytes : bytes.subarray(0, nul);
}

/** Octal (space/NUL terminated, leading spaces allowed) or GNU base-256 (first byte 0x80). */
export function readNumber(bytes: Uint8Array): number | undefined {
  if (bytes[0] === 0x80) {
    let value = 0;
    for (const b of bytes.subarray(1)) value = value * 256 + b;
    return value > Number.MAX_SAFE_INTEGER ? Infinity : value;
  }
  if (bytes[0]! & 0x80) return undefined; // negative base-256
  let i = 0;
  while (i < bytes.length && bytes[i] === 0x20) i++;
  let value = 0;
  for (; i < bytes.length && bytes[i]! >= 0x30 && bytes[i]! <= 0x37; i++) value = value * 8 + bytes[i]! - 0x30;
  for (; i < bytes.length; i++) if (bytes[i] !== 0 && bytes[i] !== 0x20) return undefined;
  return value;
}

export function isZeroBlock(block: Uint8Array): boolean {
  return block.every((b) => b === 0);
}

/** The stored checksum matches the unsigned (or, as some old tars wrote, signed) byte sum. */
export function checksumOk(block: Uint8Array): boolean {
  const stored = readNumber(block.subarray(148, 156));
  if (stored === undefined) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 0x20 : block[i]!;
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  return stored === unsigned || stored === signed;
}

const POSIX_MAGIC = [0x75, 0x73, 0x74, 0x61, 0x72, 0x00]; // "ustar\0"

export function readHeader(block: Uint8Array): RawHeader {
  const posix = POSIX_MAGIC.every((b, i) => block[257 + i] === b);
  return {
    name: field(block, 0, 100),
    mode: readNumber(block.subarray(100, 108)),
    size: readNumber(block.subarray(124, 136)),
    typeflag: String.fromCharCode(block[156]!),
    linkname: field(block, 157, 100),
    prefix: posix ? field(block, 345, 155) : new Uint8Array(0),
  };
}

export interface PaxValues {
  path?: string;
  linkpath?: string;
  size?: number;
  sparse?: boolean;
  /** A path or linkpath that is not UTF-8, as PAX requires (shown Latin-1). */
  invalidUtf8?: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses `"<len> <key>=<value>\n"` records. undefined: malformed (tar would refuse the header). */
export function parsePax(bytes: Uint8Array): PaxValues | undefined {
  const values: PaxValues = {};
  let at = 0;
  while (at < bytes.length) {
    if (bytes[at] === 0 && bytes.subarray(at).every((b) => b === 0)) break; // NUL padding some writers add
    const space = bytes.indexOf(0x20, at);
    if (space === -1 || space === at || space - at > 20) return undefined;
    let length = 0;
    for (let i = at; i < space; i++) {
      const digit = bytes[i]! - 0x30;
      if (digit < 0 || digit > 9) return undefined;
      length = length * 10 + digit;
    }
    const end = at + length;
    if (end > bytes.length || end <= space + 1 || bytes[end - 1] !== 0x0a) return undefined;
    const record = bytes.subarray(space + 1, end - 1);
    const equals = record.indexOf(0x3d);
    if (equals <= 0) return undefined;
    let key: string;
    try {
      key = utf8.decode(record.subarray(0, equals));
    } catch {
      return undefined;
    }
    const raw = record.subarray(equals + 1);
    const value = decodeName(raw);
    if (key === 'path' || key === 'linkpath') {
      if (!value.validUtf8) values.invalidUtf8 = value.text;
      values[key] = value.text;
    } else if (key === 'size') {
      if (!/^[0-9]{1,20}$/.test(value.text)) return undefined;
      values.size = Number(value.text);
    } else if (key.startsWith('GNU.sparse.')) {
      values.sparse = true;
    }
    at = end;
  }
  return values;
}
