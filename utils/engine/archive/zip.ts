// .zip: the central directory is the listing (as unzip reads it); each entry's local header must
// agree with it, entries must not share bytes (the overlapping-entries bomb), and every member is
// inflated behind the byte counter to compare its real size and CRC with what it declares.

import { Inflate } from 'fflate';
import { sameBytes } from './bytes';
import { Crc32 } from './crc32';
import { flateErrorCode } from './flate-error';
import { formatBytes } from '../net/fetch-bounded';
import type { EntryType, Listing } from './listing';
import { decodeName, displayName } from './entry-names';
import { FileHead } from './nested';
import { firstStep, nextStep } from './steps';
import { readCentralDirectory } from './zip-end';
import { readEntries, readLocal, type LocalLayout, type ZipEntry } from './zip-entries';

const UNIX_TYPES: Readonly<Record<number, EntryType>> = {
  0o120000: 'symlink',
  0o040000: 'directory',
  0o020000: 'char-device',
  0o060000: 'block-device',
  0o010000: 'fifo',
  0o140000: 'socket',
};
const UNIX_HOSTS = new Set([3, 19]); // Unix, macOS: the high 16 bits of the attributes are st_mode

function entryType(entry: ZipEntry, name: string): EntryType {
  if (name.endsWith('/')) return 'directory';
  const mode = UNIX_HOSTS.has(entry.host) ? entry.externalAttributes >>> 16 : 0;
  const unix = UNIX_TYPES[mode & 0o170000];
  if (unix) return unix;
  return entry.host === 0 && entry.externalAttributes & 0x10 ? 'directory' : 'file';
}

/** Entries sorted by position must follow each other: no shared bytes, no unlisted gaps. */
function layoutOk(
  entries: readonly ZipEntry[],
  layouts: readonly (LocalLayout | undefined)[],
  cdOffset: number,
  listing: Listing,
): boolean {
  const placed = entries.flatMap((entry, i) => (layouts[i] ? [{ entry, start: entry.localOffset, end: layouts[i]!.end }] : []));
  placed.sort((a, b) => a.start - b.start);
  let cursor = 0;
  let previous: ZipEntry | undefined;
  for (const { entry, start, end } of placed) {
    if (start < cursor && previous) {
      const name = (e: ZipEntry) => displayName(decodeName(e.nameBytes).text);
      return listing.fail('archive-zip-overlap', [name(entry), name(previous)], name(entry));
    }
    if (start > cursor && placed.length === entries.length) listing.problems.add('archive-zip-unlisted-bytes', [cursor, start - cursor]);
    cursor = end;
    previous = entry;
  }
  if (cursor < cdOffset && placed.length === entries.length)
    listing.problems.add('archive-zip-unlisted-bytes', [cursor, cdOffset - cursor]);
  return true;
}

interface Inflated {
  readonly size: number;
  /** Size and CRC as declared: the bytes are what unzip writes. */
  readonly ok: boolean;
  readonly content?: Uint8Array;
  /** The first bytes, to tell an archive inside the archive. */
  readonly head: Uint8Array;
}

function* inflateEntry(
  input: Uint8Array,
  entry: ZipEntry,
  layout: LocalLayout,
  listing: Listing,
  keep: number,
  display: string,
): Generator<void, Inflated> {
  const data = input.subarray(layout.dataStart, layout.dataStart + entry.compressedSize);
  const content = keep > 0 ? new Uint8Array(keep) : undefined;
  const crc = new Crc32();
  const head = new FileHead();
  let size = 0;
  let fed = 0;
  let over = false;
  const onChunk = (chunk: Uint8Array) => {
    if (over || listing.stopped) return;
    size += chunk.length;
    if (size > entry.size) return void (over = true);
    crc.update(chunk);
    head.add(chunk);
    content?.set(chunk.subarray(0, Math.max(0, keep - (size - chunk.length))), size - chunk.length);
    if (listing.count(chunk.length)) listing.ratioOk(size, fed, display);
  };

  try {
    const inflater = entry.method === 8 ? new Inflate(onChunk) : undefined;
    for (let at = 0, step = firstStep(listing.limits); (at < data.length || at === 0) && !over && !listing.stopped; at = fed) {
      fed = Math.min(at + step, data.length);
      const before = size;
      if (inflater) inflater.push(data.subarray(at, fed), fed === data.length);
      else onChunk(data.subarray(at, fed));
      step = nextStep(fed - at, size - before, listing.limits);
      if (data.length === 0) break;
      yield;
    }
  } catch (error) {
    flateErrorCode(error);
    listing.problems.add('archive-zip-corrupt-entry', [display], display);
    return { size, ok: false, head: head.value() };
  }
  if (listing.stopped) return { size, ok: false, head: head.value() };
  if (over || size !== entry.size) {
    listing.problems.add('archive-zip-size-mismatch', [display, entry.size, size], display);
    return { size, ok: false, head: head.value() };
  }
  if (crc.value() !== entry.crc) {
    listing.problems.add('archive-zip-checksum', [display], display);
    return { size, ok: false, head: head.value() };
  }
  return content ? { size, ok: true, content, head: head.value() } : { size, ok: true, head: head.value() };
}

function* readEntry(input: Uint8Array, entry: ZipEntry, layout: LocalLayout | undefined, listing: Listing): Generator<void, void> {
  const { limits, problems } = listing;
  const decoded = decodeName(entry.nameBytes);
  const name = decoded.text;
  const display = displayName(name);
  if (entry.utf8 && !decoded.validUtf8) problems.add('archive-name-invalid-utf8', [display], display);
  else if (!entry.utf8 && !decoded.ascii) problems.add('archive-name-not-utf8', [display], display);
  const unicode = entry.unicodeName ? decodeName(entry.unicodeName).text : undefined;
  if (unicode !== undefined && unicode !== name)
    problems.add('archive-zip-unicode-path-mismatch', [display, displayName(unicode)], display);
  const localName = layout ? decodeName(layout.localName).text : undefined;
  if (!layout) problems.add('archive-zip-local-header-invalid', [display], display);
  else {
    if (!sameBytes(layout.localName, entry.nameBytes))
      problems.add('archive-zip-name-mismatch', [display, displayName(localName!)], display);
    if (!layout.agrees) problems.add('archive-zip-header-mismatch', [display], display);
  }
  const type = entryType(entry, name);
  const encrypted = (entry.flags & 0x0001) !== 0 || entry.method === 99;
  if (encrypted) problems.add('archive-zip-encrypted', [display], display);
  else if (entry.method !== 0 && entry.method !== 8) problems.add('archive-zip-method-unsupported', [display, entry.method], display);
  let readable = layout !== undefined && !encrypted && (entry.method === 0 || entry.method === 8);
  if (type === 'file' && entry.size > limits.fileBytes) {
    problems.add('archive-file-too-large', [display, formatBytes(limits.fileBytes)], display);
    readable = false;
  }
  let target: string | undefined;
  if (type === 'symlink' && readable) {
    if (entry.size > limits.linkTargetBytes) problems.add('archive-name-too-long', [display, limits.linkTargetBytes], display);
    else {
      const link = yield* inflateEntry(input, entry, layout!, listing, entry.size, display);
      if (link.ok) target = decodeName(link.content ?? new Uint8Array(0)).text;
    }
  }
  const fallbackNames = [localName, unicode].filter((n): n is string => n !== undefined);
  const executable = UNIX_HOSTS.has(entry.host) && ((entry.externalAttributes >>> 16) & 0o111) !== 0;
  const added = listing.add({ name, fallbackNames, type, size: entry.size, executable, ...(target !== undefined ? { target } : {}) });
  if (added === null || type !== 'file' || !readable) return;
  const skill = listing.isSkillMd(added.path);
  const tooLarge = skill && entry.size > limits.skillMdBytes;
  if (tooLarge) listing.setSkillMd('too-large');
  const text = !skill && listing.wantsText(added.path, entry.size);
  const keep = (skill && !tooLarge) || text ? entry.size : 0;
  const inflated = yield* inflateEntry(input, entry, layout!, listing, keep, display);
  listing.setSize(added.index, inflated.size);
  listing.fileHead(added.index, inflated.head);
  if (skill && !tooLarge && inflated.ok) listing.setSkillMd(inflated.content ?? new Uint8Array(0));
  if (text && inflated.ok && added.path !== undefined) listing.addText(added.path, inflated.content ?? new Uint8Array(0));
}

/** Pauses (yields) after each inflate step and each entry: the lister's driver decides whether others run then. */
export function* readZip(input: Uint8Array, listing: Listing): Generator<void, void> {
  const cd = readCentralDirectory(input, listing);
  if (!cd || listing.stopped) return;
  const entries = readEntries(input, cd, listing);
  if (!entries) return;
  const layouts = entries.map((entry) => readLocal(input, entry, cd.offset));
  if (!layoutOk(entries, layouts, cd.offset, listing)) return;
  for (const entry of entries) {
    if (listing.stopped) return;
    yield* readEntry(input, entry, layouts[entry.index], listing);
    yield;
  }
}
