// A streaming tar reader: fed the inflated bytes chunk by chunk, it keeps one header, one PAX or
// long-name record (bounded) and the root SKILL.md (bounded); every other file's data is counted
// and dropped. It names each entry as tar would extract it (PAX > GNU long name > ustar).

import { formatBytes } from '../net/fetch-bounded';
import type { EntryType, Listing } from './listing';
import { decodeName, displayName } from './entry-names';
import { FileHead } from './nested';
import { BLOCK, checksumOk, isZeroBlock, parsePax, readHeader, type PaxValues, type RawHeader } from './tar-header';

const TYPES: Readonly<Record<string, EntryType>> = {
  '0': 'file',
  '\0': 'file',
  '7': 'file', // contiguous file: a regular file everywhere that matters
  '1': 'hardlink',
  '2': 'symlink',
  '3': 'char-device',
  '4': 'block-device',
  '5': 'directory',
  '6': 'fifo',
};

type Meta = 'x' | 'g' | 'L' | 'K';
const META: ReadonlySet<string> = new Set<Meta>(['x', 'g', 'L', 'K']);

interface Pending {
  pax?: PaxValues;
  longName?: string;
  longNameInvalid?: boolean;
  longLink?: string;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** GNU long names end at the first NUL; bytes after it are kept so the NUL rule sees them. */
function longName(bytes: Uint8Array): { text: string; validUtf8: boolean } {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return decodeName(bytes.subarray(0, end));
}

function cutDownCopy(name: string, fallback: string): boolean {
  const plain = (text: string) => text.replace(/[^\x20-\x3e\x40-\x7e]/g, ''); // printable ASCII but `?`
  const [a, b] = [plain(name), plain(fallback)];
  return a.startsWith(b) || a.endsWith(b);
}

export class TarReader {
  private readonly block = new Uint8Array(BLOCK);
  private blockFill = 0;
  private offset = 0;
  private dataLeft = 0;
  private padLeft = 0;
  private collect: { kind: Meta | 'skill' | 'text'; bytes: Uint8Array; fill: number; path?: string } | undefined;
  private zeroBlocks = 0;
  private ended = false;
  private sawHeader = false;
  private trailingReported = false;
  private pending: Pending = {};
  private metaAt = 0;
  /** The entry whose data is being read counts against the unpacked cap (records do not). */
  private content = false;
  /** The first bytes of the regular file being read, to tell an archive inside the archive. */
  private head: { index: number; bytes: FileHead } | undefined;

  constructor(private readonly listing: Listing) {}

  /** Feeds tar bytes. False once reading stopped (a cap, or data tar cannot read). */
  write(chunk: Uint8Array): boolean {
    let at = 0;
    while (at < chunk.length && !this.listing.stopped) {
      if (this.ended) {
        // Trailing zeros are normal (tar pads to 10 KiB records); anything else is reported once.
        for (; !this.trailingReported && at < chunk.length; at++) {
          if (chunk[at] !== 0) {
            this.trailingReported = true;
            this.listing.problems.add('archive-tar-trailing-data', []);
          }
        }
        break;
      }
      let n: number;
      if (this.dataLeft > 0) {
        n = Math.min(this.dataLeft, chunk.length - at);
        if (this.content && !this.listing.count(n)) break;
        this.head?.bytes.add(chunk.subarray(at, at + n));
        if (this.collect) {
          this.collect.bytes.set(chunk.subarray(at, at + n), this.collect.fill);
          this.collect.fill += n;
        }
        this.dataLeft -= n;
        if (this.dataLeft === 0) this.dataDone();
      } else if (this.padLeft > 0) {
        n = Math.min(this.padLeft, chunk.length - at);
        this.padLeft -= n;
      } else {
        n = Math.min(BLOCK - this.blockFill, chunk.length - at);
        this.block.set(chunk.subarray(at, at + n), this.blockFill);
        this.blockFill += n;
      }
      at += n;
      this.offset += n;
      if (this.blockFill === BLOCK) {
        this.blockFill = 0;
        this.onHeader(this.offset - BLOCK);
      }
    }
    return !this.listing.stopped;
  }

  /** At the end of the stream: a tar cut short is an error; one without its end marker a warning. */
  end(): void {
    if (this.ended || this.listing.stopped) return;
    if (!this.sawHeader) this.listing.fail('archive-gzip-not-tar', []);
    else if (this.dataLeft > 0 || this.padLeft > 0 || this.blockFill > 0) this.listing.fail('archive-tar-truncated', []);
    else this.listing.problems.add('archive-tar-no-end-marker', []);
  }

  private onHeader(at: number): void {
    const block = this.block;
    if (isZeroBlock(block)) {
      if (++this.zeroBlocks === 2) this.ended = true;
      return;
    }
    // GNU tar stops at one zero block; others read on. Entries after it are not seen by all tools.
    if (this.zeroBlocks === 1) this.listing.problems.add('archive-tar-lone-zero-block', [at - BLOCK]);
    this.zeroBlocks = 0;
    if (!checksumOk(block)) {
      if (this.sawHeader) this.listing.fail('archive-tar-header-checksum', [at]);
      else this.listing.fail('archive-gzip-not-tar', []);
      return;
    }
    this.sawHeader = true;
    const header = readHeader(block);
    if (header.size === undefined) {
      this.listing.fail('archive-tar-size-invalid', [at]);
      return;
    }
    // A PAX `size` replaces the header's: tar frames the entry's data by it.
    if (META.has(header.typeflag)) this.startMeta(header.typeflag as Meta, header.size, at);
    else this.startEntry(header, this.pending.pax?.size ?? header.size);
  }

  private startMeta(kind: Meta, size: number, at: number): void {
    if (size > this.listing.limits.metaBytes) {
      this.listing.fail('archive-tar-meta-too-large', [formatBytes(this.listing.limits.metaBytes)]);
      return;
    }
    this.collect = { kind, bytes: new Uint8Array(size), fill: 0 };
    this.metaAt = at;
    this.startData(size, false);
  }

  private startEntry(header: RawHeader, size: number): void {
    const { pax, longName: gnuName, longNameInvalid, longLink } = this.pending;
    this.pending = {};
    const ustar = decodeName(header.prefix.length > 0 ? new Uint8Array([...header.prefix, 0x2f, ...header.name]) : header.name);
    const ustarName = ustar.text;
    const ustarLink = decodeName(header.linkname).text;
    const name = pax?.path ?? gnuName ?? ustarName;
    const display = displayName(name);
    if (pax?.path !== undefined && gnuName !== undefined && pax.path !== gnuName) {
      this.listing.problems.add('archive-tar-header-inconsistent', [display], display);
    }
    // PAX values must be UTF-8; older names are bytes that each extractor decodes its own way.
    if (pax?.invalidUtf8 !== undefined) this.listing.problems.add('archive-name-invalid-utf8', [display], display);
    else if (pax?.path === undefined && (gnuName === undefined ? !ustar.validUtf8 : longNameInvalid)) {
      this.listing.problems.add('archive-name-not-utf8', [display], display);
    }
    // A tool that ignores PAX or GNU records writes the ustar name: fine when it is a cut-down
    // copy (long names) or an ASCII stand-in (Python writes `caf?.md` for `café.md`).
    if (!cutDownCopy(name, ustarName)) {
      this.listing.problems.add('archive-tar-names-disagree', [display, displayName(ustarName)], display);
    }
    let type = TYPES[header.typeflag];
    if (type === undefined || pax?.sparse) {
      this.listing.fail('archive-tar-entry-type-unsupported', [display, pax?.sparse ? 'S' : header.typeflag], display);
      return;
    }
    if (type === 'file' && name.endsWith('/') && header.typeflag !== '7') type = 'directory'; // pre-POSIX folders
    if (type !== 'file' && size > 0) {
      // Tools disagree whether a link's or folder's size frames data: the next header may differ.
      this.listing.problems.add('archive-tar-header-inconsistent', [display], display);
    }
    if (type === 'file' && size > this.listing.limits.fileBytes) {
      this.listing.fail('archive-file-too-large', [display, formatBytes(this.listing.limits.fileBytes)], display);
      return;
    }
    const isLink = type === 'symlink' || type === 'hardlink';
    const target = isLink ? (pax?.linkpath ?? longLink ?? ustarLink) : undefined;
    const added = this.listing.add({
      name,
      fallbackNames: [ustarName, ...(gnuName !== undefined ? [gnuName] : [])],
      type,
      size,
      executable: ((header.mode ?? 0) & 0o111) !== 0,
      ...(target !== undefined ? { target } : {}),
    });
    if (added === null) return;
    if (type === 'file' && this.listing.isSkillMd(added.path)) {
      if (size > this.listing.limits.skillMdBytes) this.listing.setSkillMd('too-large');
      else this.collect = { kind: 'skill', bytes: new Uint8Array(size), fill: 0 };
    } else if (type === 'file' && this.listing.wantsText(added.path, size)) {
      this.collect = { kind: 'text', bytes: new Uint8Array(size), fill: 0, path: added.path! };
    }
    if (type === 'file') this.head = { index: added.index, bytes: new FileHead() };
    this.startData(size, true);
  }

  private startData(size: number, content: boolean): void {
    this.content = content;
    this.dataLeft = size;
    this.padLeft = padding(size);
    if (size === 0) this.dataDone();
  }

  private dataDone(): void {
    if (this.head) this.listing.fileHead(this.head.index, this.head.bytes.value());
    this.head = undefined;
    const collected = this.collect;
    this.collect = undefined;
    if (collected === undefined) return;
    const { kind, bytes } = collected;
    if (kind === 'skill') return this.listing.setSkillMd(bytes);
    if (kind === 'text') return this.listing.addText(collected.path!, bytes);
    if (kind === 'L') {
      const { text, validUtf8 } = longName(bytes);
      this.pending.longName = text;
      this.pending.longNameInvalid = !validUtf8;
    } else if (kind === 'K') this.pending.longLink = longName(bytes).text;
    else {
      const values = parsePax(bytes);
      if (values === undefined) this.listing.problems.add('archive-tar-pax-invalid', [this.metaAt]);
      else if (kind === 'x') this.pending.pax = { ...this.pending.pax, ...values };
      else {
        // A global record renames every later entry: tools disagree on honouring it, so no one
        // knows which names get written. Reported, never applied.
        for (const key of ['path', 'linkpath', 'size'] as const) {
          if (values[key] !== undefined) this.listing.problems.add('archive-tar-pax-global', [key]);
        }
      }
    }
  }
}
