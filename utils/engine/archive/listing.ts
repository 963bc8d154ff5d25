// What a format reader (tar, zip) feeds: entries, unpacked byte counts, the root SKILL.md. It owns
// the caps that stop reading, the duplicate and link rules, and where SKILL.md must be.

import { formatBytes, formatMs } from '../net/fetch-bounded';
import { ARCHIVE_SKILL_MD, LENS_LIMITS, type ArchiveLimits } from '../spec';
import { ARCHIVE_CODES, type ArchiveCode } from './codes';
import type { ArchiveFormat } from './detect';
import { linkAbove, normalHardLinkTarget, resolveHardLink, resolveSymlink } from './links';
import { hasArchiveSignature, isArchiveName } from './nested';
import { checkName, displayName } from './entry-names';
import type { ProblemParams, ProblemSink } from './problems';

export type EntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'char-device' | 'block-device' | 'fifo' | 'socket';

export interface ArchiveFile {
  /** The name as the archive spells it (bounded display form). */
  readonly path: string;
  /** Unpacked bytes: counted while inflating (zip), or the tar header's size once its data was read. */
  readonly size: number;
  readonly type: EntryType;
  /** A link's target, as written in the archive. */
  readonly target?: string;
  /** A file that runs: an execute permission bit, or its first bytes are `#!` (a script). */
  readonly runs?: 'executable' | 'script';
}

export interface NewEntry {
  /** The name an extractor writes (PAX path, GNU long name, zip Unicode path), decoded. */
  readonly name: string;
  /** Other names the same entry carries, which older tools use: each is checked too. */
  readonly fallbackNames?: readonly string[];
  readonly type: EntryType;
  readonly size: number;
  readonly target?: string;
  /** Any execute bit (`0o111`) is set in the entry's Unix mode. */
  readonly executable?: boolean;
}

const SPECIAL: ReadonlySet<EntryType> = new Set(['char-device', 'block-device', 'fifo', 'socket']);
const SKILL_MD = ARCHIVE_SKILL_MD;
/** Files an agent may read or run: the lens reads them too (D12). */
const LENS_TEXT_FILE = /\.(?:md|markdown|txt|sh|bash|zsh|py|js|mjs|cjs|ts|rb|pl|ps1|bat|cmd|json|ya?ml|toml|html?)$/i;

export class Listing {
  readonly files: ArchiveFile[] = [];
  /** Set when a cap, the time budget or unreadable data stopped reading: the listing is partial. */
  stopped = false;
  /** Bytes of the entries' contents unpacked so far (a tar's headers and padding are not counted). */
  unpacked = 0;
  private readonly paths: (string | undefined)[] = [];
  private readonly first = new Map<string, number>();
  private readonly last = new Map<string, number>();
  private readonly folded = new Map<string, string>();
  private skillMd: Uint8Array | 'too-large' | undefined;
  /** Other text files kept for the lens (D12), within LENS_LIMITS.textChars bytes in all. */
  readonly texts: { path: string; bytes: Uint8Array }[] = [];
  private textBytesLeft = LENS_LIMITS.textChars;
  /** Entries already reported as archives inside the archive, by index. */
  private readonly nested = new Set<number>();

  constructor(
    readonly problems: ProblemSink,
    readonly limits: ArchiveLimits,
    private readonly deadline: number,
    private readonly now: () => number,
  ) {}

  /** Reports a problem that makes further reading pointless or unsafe, and stops. */
  fail<C extends ArchiveCode>(code: C, params: ProblemParams<C>, entry?: string): false {
    this.problems.add(code, params, entry);
    this.stopped = true;
    return false;
  }

  /** Adds an entry. Returns its normal path (undefined when the name is unusable), or null when
   * the entry cap stops reading. */
  add(entry: NewEntry): { path: string | undefined; index: number } | null {
    if (this.files.length >= this.limits.entries) {
      this.fail('archive-too-many-entries', [this.limits.entries]);
      return null;
    }
    const display = displayName(entry.name);
    const checked = checkName(entry.name, this.problems, this.limits, display);
    for (const other of new Set(entry.fallbackNames ?? [])) {
      if (other !== entry.name) checkName(other, this.problems, this.limits, displayName(other), true);
    }
    if (SPECIAL.has(entry.type)) this.problems.add('archive-special-entry', [display, entry.type], display);
    const target = entry.target === undefined ? undefined : displayName(entry.target);
    const runs = entry.type === 'file' && entry.executable === true ? ({ runs: 'executable' } as const) : {};
    this.files.push(
      target === undefined
        ? { path: display, size: entry.size, type: entry.type, ...runs }
        : { path: display, size: entry.size, type: entry.type, target },
    );
    const path = checked.normalized;
    this.paths.push(path);
    if (path !== undefined && path !== '') this.remember(path, entry.type, display);
    const index = this.files.length - 1;
    if (entry.type === 'file' && isArchiveName(entry.name)) this.nestedArchive(index);
    return { path, index };
  }

  /** A file's first bytes, once read: an archive by its signature is reported like one by name. */
  fileHead(index: number, head: Uint8Array): void {
    const file = this.files[index];
    if (file?.type !== 'file') return;
    if (!this.nested.has(index) && hasArchiveSignature(head)) this.nestedArchive(index);
    // A shebang makes a script whatever its mode: `sh file` runs it just the same.
    if (file.runs === undefined && head[0] === 0x23 && head[1] === 0x21) this.files[index] = { ...file, runs: 'script' };
  }

  private nestedArchive(index: number): void {
    this.nested.add(index);
    const { path } = this.files[index]!;
    this.problems.add('archive-nested-archive', [path], path);
  }

  /** Records the size counted while inflating (zip), which may differ from the declared one. */
  setSize(index: number, size: number): void {
    const file = this.files[index];
    if (file) this.files[index] = { ...file, size };
  }

  private remember(path: string, type: EntryType, display: string): void {
    const index = this.files.length - 1;
    const earlier = this.last.get(path);
    if (earlier !== undefined) {
      const bothFolders = type === 'directory' && this.files[earlier]!.type === 'directory';
      if (!bothFolders) this.problems.add('archive-duplicate-entry', [display], display);
    } else {
      this.first.set(path, index);
      // Case-insensitive and normalising file systems (Windows, macOS) write both to one file.
      const fold = path.normalize('NFC').toLowerCase();
      const other = this.folded.get(fold);
      if (other !== undefined) this.problems.add('archive-case-collision', [display, this.files[this.first.get(other)!]!.path], display);
      else this.folded.set(fold, path);
    }
    this.last.set(path, index);
  }

  /** Counts unpacked content bytes; false (and stopped) once the total cap or the time budget is crossed. */
  count(bytes: number): boolean {
    this.unpacked += bytes;
    if (this.unpacked > this.limits.unpackedBytes) return this.fail('archive-too-large-unpacked', [formatBytes(this.limits.unpackedBytes)]);
    return this.inTime();
  }

  /** A tar stream of `streamBytes` so far: false (and stopped) once what is not file content
   * (headers, records, padding, data after the end) is over its own cap, or time is up. */
  overheadOk(streamBytes: number): boolean {
    if (streamBytes - this.unpacked > this.limits.tarOverheadBytes) {
      return this.fail('archive-tar-overhead-too-large', [formatBytes(this.limits.tarOverheadBytes)]);
    }
    return this.inTime();
  }

  private inTime(): boolean {
    if (this.now() > this.deadline) return this.fail('archive-check-stopped', [formatMs(this.limits.budgetMs)]);
    return true;
  }

  /** False (and stopped) when `unpacked` bytes from `packed` betray a bomb. */
  ratioOk(unpacked: number, packed: number, entry = ''): boolean {
    if (unpacked < this.limits.ratioFloorBytes || unpacked <= this.limits.ratio * Math.max(packed, 1)) return true;
    const times = Math.floor(unpacked / Math.max(packed, 1));
    return this.fail('archive-ratio-bomb', [times, this.limits.ratio, formatBytes(this.limits.ratioFloorBytes)], entry || undefined);
  }

  isSkillMd(path: string | undefined): boolean {
    return path === SKILL_MD;
  }

  /** Whether to keep a file's bytes for the lens: a text file (by its name) that fits what is left. */
  wantsText(path: string | undefined, size: number): boolean {
    if (path === undefined || path === SKILL_MD || !LENS_TEXT_FILE.test(path) || size > this.textBytesLeft) return false;
    this.textBytesLeft -= size;
    return true;
  }

  addText(path: string, bytes: Uint8Array): void {
    this.texts.push({ path, bytes });
  }

  /** The root SKILL.md's bytes, or 'too-large'. The last copy wins, as when tar unpacks it. */
  setSkillMd(content: Uint8Array | 'too-large'): void {
    this.skillMd = content;
  }

  /** Link, placement and "only SKILL.md" rules, once every entry is in. */
  finish(skillName: string, format: ArchiveFormat): Uint8Array | undefined {
    this.checkLinks();
    return this.checkSkillMd(skillName, format);
  }

  private checkLinks(): void {
    const symlinks = new Map<string, string>();
    this.files.forEach((file, i) => {
      const path = this.paths[i];
      if (file.type === 'symlink' && path !== undefined && file.target !== undefined) symlinks.set(path, file.target);
    });
    this.files.forEach((file, i) => {
      const path = this.paths[i];
      if (path === undefined) return;
      const above = linkAbove(path, symlinks);
      if (above !== undefined) this.problems.add('archive-entry-through-link', [file.path, above], file.path);
      if (file.target === undefined) return;
      if (file.type === 'symlink') {
        const verdict = resolveSymlink(path, file.target, symlinks);
        this.problems.add(verdict === 'outside' ? 'archive-link-outside' : 'archive-link-inside', [file.path, file.target], file.path);
      } else if (file.type === 'hardlink') {
        const target = normalHardLinkTarget(file.target);
        if (target === undefined || resolveHardLink(target, symlinks) === 'outside') {
          this.problems.add('archive-link-outside', [file.path, file.target], file.path);
        } else if ((this.first.get(target) ?? Infinity) >= i || this.files[this.first.get(target)!]!.type === 'directory') {
          // tar links to a file it already wrote; anything else links to whatever the disk holds.
          this.problems.add('archive-link-target-missing', [file.path, file.target], file.path);
        } else {
          this.problems.add('archive-link-inside', [file.path, file.target], file.path);
        }
      }
    });
  }

  private checkSkillMd(skillName: string, format: ArchiveFormat): Uint8Array | undefined {
    const at = this.last.get(SKILL_MD);
    if (at !== undefined) {
      const file = this.files[at]!;
      if (file.type !== 'file') {
        this.problems.add('archive-skill-md-not-file', [file.type], file.path);
        return undefined;
      }
      if (!this.stopped && this.files.filter((f) => f.type !== 'directory').length === 1) this.problems.add('archive-only-skill-md', []);
      if (this.skillMd === 'too-large') {
        this.problems.add('archive-skill-md-too-large', [formatBytes(this.limits.skillMdBytes)], file.path);
        return undefined;
      }
      return this.skillMd;
    }
    // A partial listing cannot tell that SKILL.md is missing: the cap's own problem says why.
    if (this.stopped) return undefined;
    const paths = [...this.first.keys()];
    const wrongCase = paths.find((p) => !p.includes('/') && p.toLowerCase() === 'skill.md');
    if (wrongCase !== undefined) {
      this.problems.add('archive-skill-md-wrong-case', [wrongCase], wrongCase);
      return undefined;
    }
    const tops = new Set(paths.map((p) => p.split('/')[0]!));
    const [top] = tops;
    if (tops.size === 1 && top !== undefined && this.first.has(`${top}/${SKILL_MD}`)) {
      // The fix is the command that rebuilds this format from inside the folder.
      const fixes = ARCHIVE_CODES['archive-skill-md-wrapped'].fixes;
      const fix = (format === 'zip' ? fixes.zip : fixes.tarGz)({ folder: top, skill: skillName });
      this.problems.add('archive-skill-md-wrapped', [top], `${top}/${SKILL_MD}`, fix);
    } else {
      this.problems.add('archive-skill-md-missing', []);
    }
    return undefined;
  }
}
