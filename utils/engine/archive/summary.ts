import type { ArchiveEntryReport, ArchiveReport } from '../report/report';
import { ARCHIVE_LISTING_MAX } from '../spec';
import type { ArchiveListing } from './index';

/** A listing as a report keeps it: the first files within ARCHIVE_LISTING_MAX, and the counts. */
export function summarizeListing(listing: ArchiveListing, skillMdDigest: string | null, max = ARCHIVE_LISTING_MAX): ArchiveReport {
  const files: ArchiveEntryReport[] = [];
  let chars = 0;
  for (const file of listing.files) {
    chars += file.path.length + (file.target?.length ?? 0);
    if (files.length >= max.files || chars > max.nameChars) break;
    files.push({ ...file });
  }
  return {
    format: listing.format,
    entryCount: listing.files.length,
    files,
    filesOmitted: listing.files.length - files.length,
    partial: listing.truncated,
    unpackedBytes: listing.unpackedBytes,
    skillMdDigest,
  };
}
