// Builds zip archives in memory for tests, with every field forceable: names that differ between
// the central and local headers, lying sizes and CRCs, flags, methods, Unix modes, ZIP64 records,
// shared local headers, bytes before/after, a second end record.

import { deflateSync } from 'fflate';
import { crc32 } from '../../../../utils/engine/archive/crc32';
import { bytes, concat } from './tar';

export interface ZipEntry {
  name: string | Uint8Array;
  data?: string | Uint8Array;
  /** 0 stored, 8 deflate (default for non-empty data), anything else is written as given. */
  method?: number;
  flags?: number;
  /** Unix st_mode (host 3); e.g. 0o120777 for a symlink. */
  mode?: number;
  host?: number;
  externalAttributes?: number;
  localName?: string | Uint8Array;
  localMethod?: number;
  /** Declared (central) uncompressed size and CRC, when they should lie. */
  size?: number;
  crc?: number;
  /** Compressed bytes to write instead of compressing `data`. */
  compressed?: Uint8Array;
  unicodePath?: { name: string; crcOf?: string | Uint8Array };
  /** Write a data descriptor (flag 3) after the data, with or without its signature. */
  descriptor?: 'signed' | 'unsigned';
  /** The CRC written in the data descriptor, when it should differ from the central one. */
  descriptorCrc?: number;
  /** Central record points at another entry's local header (by index): the overlap trick. */
  shareLocalOf?: number;
  /** Central record only: no local header or data is written for this entry. */
  centralOnly?: boolean;
}

export interface ZipOptions {
  prefix?: Uint8Array;
  comment?: Uint8Array;
  trailing?: Uint8Array;
  /** Overrides the end record's entry count. */
  entryCount?: number;
  /** Write ZIP64 end record + locator, and these classic end-record values. */
  zip64?: { classicEntries?: number; wideEntries?: number };
  /** Bytes between the central directory and the end record. */
  gapBeforeEnd?: Uint8Array;
}

const le = (value: number, width: 2 | 4 | 8): Uint8Array => {
  const out = new Uint8Array(width);
  let v = value;
  for (let i = 0; i < width; i++) ((out[i] = v % 256), (v = Math.floor(v / 256)));
  return out;
};

function extraField(tag: number, body: Uint8Array): Uint8Array {
  return concat([le(tag, 2), le(body.length, 2), body]);
}

export function zip(entries: ZipEntry[], options: ZipOptions = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  const offsets: number[] = [];
  let at = options.prefix?.length ?? 0;
  if (options.prefix) parts.push(options.prefix);
  for (const entry of entries) {
    const data = bytes(entry.data ?? '');
    const method = entry.method ?? (data.length > 0 ? 8 : 0);
    const compressed = entry.compressed ?? (method === 8 ? deflateSync(data) : data);
    const name = bytes(entry.name);
    const crc = entry.crc ?? crc32(data);
    const size = entry.size ?? data.length;
    const flags = (entry.flags ?? 0x0800) | (entry.descriptor ? 0x0008 : 0);
    const extra = entry.unicodePath
      ? extraField(
          0x7075,
          concat([new Uint8Array([1]), le(crc32(bytes(entry.unicodePath.crcOf ?? name)), 4), bytes(entry.unicodePath.name)]),
        )
      : new Uint8Array(0);
    const local = entry.shareLocalOf !== undefined ? offsets[entry.shareLocalOf]! : at;
    offsets.push(local);
    if (entry.shareLocalOf === undefined && !entry.centralOnly) {
      const localName = bytes(entry.localName ?? name);
      const described = entry.descriptor !== undefined;
      const header = concat([
        le(0x04034b50, 4),
        le(20, 2),
        le(flags, 2),
        le(entry.localMethod ?? method, 2),
        le(0, 4),
        le(described ? 0 : crc, 4),
        le(described ? 0 : compressed.length, 4),
        le(described ? 0 : size, 4),
        le(localName.length, 2),
        le(0, 2),
        localName,
      ]);
      const descriptor = entry.descriptor
        ? concat([
            entry.descriptor === 'signed' ? le(0x08074b50, 4) : new Uint8Array(0),
            le(entry.descriptorCrc ?? crc, 4),
            le(compressed.length, 4),
            le(size, 4),
          ])
        : new Uint8Array(0);
      parts.push(header, compressed, descriptor);
      at += header.length + compressed.length + descriptor.length;
    }
    const host = entry.host ?? (entry.mode !== undefined ? 3 : 0);
    const attributes = entry.externalAttributes ?? (entry.mode !== undefined ? entry.mode * 65536 : 0);
    central.push(
      concat([
        le(0x02014b50, 4),
        new Uint8Array([20, host]),
        le(20, 2),
        le(flags, 2),
        le(method, 2),
        le(0, 4),
        le(crc, 4),
        le(compressed.length, 4),
        le(size, 4),
        le(name.length, 2),
        le(extra.length, 2),
        le(0, 2),
        le(0, 2),
        le(0, 2),
        le(attributes, 4),
        le(local, 4),
        name,
        extra,
      ]),
    );
  }
  const cd = concat(central);
  const cdOffset = at;
  parts.push(cd);
  at += cd.length;
  if (options.gapBeforeEnd) (parts.push(options.gapBeforeEnd), (at += options.gapBeforeEnd.length));
  const count = options.entryCount ?? entries.length;
  if (options.zip64) {
    const wide = options.zip64.wideEntries ?? count;
    parts.push(
      concat([
        le(0x06064b50, 4),
        le(44, 8),
        le(45, 2),
        le(45, 2),
        le(0, 4),
        le(0, 4),
        le(wide, 8),
        le(wide, 8),
        le(cd.length, 8),
        le(cdOffset, 8),
      ]),
      concat([le(0x07064b50, 4), le(0, 4), le(at, 8), le(1, 4)]),
    );
  }
  const classic = options.zip64?.classicEntries ?? count;
  const comment = options.comment ?? new Uint8Array(0);
  parts.push(
    concat([
      le(0x06054b50, 4),
      le(0, 2),
      le(0, 2),
      le(classic, 2),
      le(classic, 2),
      le(cd.length, 4),
      le(cdOffset, 4),
      le(comment.length, 2),
      comment,
    ]),
  );
  if (options.trailing) parts.push(options.trailing);
  return concat(parts);
}
