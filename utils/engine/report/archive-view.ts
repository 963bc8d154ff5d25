import { ENTRY_TYPE_WORDS } from '../archive/findings';
import type { ArchiveEntryReport, ArchiveReport } from './report';
import { sentence, type Param, type Words } from './words';

/**
 * How an archive's listing reads in the panel, the Markdown export and the command line: one
 * summary line, then each entry's name with its size (files) or what it is (links, devices).
 */
export const ARCHIVE_VIEW_WORDS = {
  summary: sentence('archiveSummary', ['format', 'count', 'size']),
  formatUnknown: sentence('archiveFormatUnknown', []),
  partial: sentence('archivePartial', []),
  more: sentence('archiveMoreFiles', ['count']),
  linkTo: sentence('archiveLinkTo', ['kind', 'target']),
  executable: sentence('archiveRunsExecutable', []),
  script: sentence('archiveRunsScript', []),
};

/** The mark beside a file that runs (D7: nothing from an archive is run; an agent might be told to). */
export const RUNS_SYMBOL = '⚙';

export function runsWords(file: ArchiveEntryReport): Words | null {
  return file.runs === undefined ? null : ARCHIVE_VIEW_WORDS[file.runs]({});
}

/** How many entries the command line and the Markdown export show (the panel shows the report's all). */
export const ARCHIVE_BRIEF_FILES = 10;

/** `312` → `312 B`, `1536` → `1.5 KiB`: sizes of archive entries, one decimal at most. */
export function sizeText(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
  return `${shown} ${units[unit]}`;
}

export function archiveSummary(archive: ArchiveReport): Words {
  const format: Param = archive.format === 'unknown' ? ARCHIVE_VIEW_WORDS.formatUnknown({}) : archive.format;
  return ARCHIVE_VIEW_WORDS.summary({ format, count: archive.entryCount, size: sizeText(archive.unpackedBytes) });
}

/** What follows an entry's name: a file's size, a link's target, another kind's name; nothing for a folder. */
export function entryDetail(file: ArchiveEntryReport): string | Words | null {
  if (file.type === 'file') return sizeText(file.size);
  if (file.type === 'directory') return null;
  if (file.target !== undefined) return ARCHIVE_VIEW_WORDS.linkTo({ kind: ENTRY_TYPE_WORDS[file.type]({}), target: file.target });
  return ENTRY_TYPE_WORDS[file.type]({});
}

/** The "…and N more" line, when entries were read but not kept or not shown. */
export function moreFiles(archive: ArchiveReport, shown: number): Words | null {
  const rest = archive.entryCount - shown;
  return rest > 0 ? ARCHIVE_VIEW_WORDS.more({ count: rest }) : null;
}
