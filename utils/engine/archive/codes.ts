import { formatBytes, formatMs } from '../net/fetch-bounded';
import { defineCodes } from '../report/findings';
import { ARCHIVE_LIMITS, MEDIA_TYPES } from '../spec';

const { packedBytes, entries, unpackedBytes, fileBytes, ratio, ratioFloorBytes, skillMdBytes, budgetMs, tarOverheadBytes } = ARCHIVE_LIMITS;
const mediaTypes = { tarGz: MEDIA_TYPES.tarGz[0], zip: MEDIA_TYPES.zip[0] };

/**
 * Archive findings (Decision D7; docs/archives.md). Each code's `says` names its values in the
 * order the lister passes them (problems.ts). A code with two sentences has one about the whole
 * archive (`archive`) and one naming the entry (`entry`, the entry's name first). Caps quote
 * ARCHIVE_LIMITS, so a changed limit is one line in spec.ts.
 */
export const ARCHIVE_CODES = defineCodes({
  // Format, told by the bytes; the header and the URL are hints.
  'archive-format-unknown': { severity: 'error', says: ['firstBytes'] },
  'archive-format-plain-tar': { severity: 'error', says: [] },
  'archive-content-type-disagrees': { severity: 'warning', says: ['contentType', 'format'], hint: mediaTypes },
  'archive-content-type-nonstandard': { severity: 'warning', says: ['contentType', 'recommended'], hint: mediaTypes },
  'archive-content-type-missing': { severity: 'warning', says: [], hint: mediaTypes, fixes: { send: ['mediaType'] } },
  'archive-extension-disagrees': { severity: 'warning', says: ['extension', 'format'] },
  'archive-format-unnamed': { severity: 'warning', says: ['format'], hint: mediaTypes },
  'archive-too-large-packed': { severity: 'error', says: ['cap'], hint: { cap: formatBytes(packedBytes) } },
  // gzip
  'archive-gzip-corrupt': { severity: 'error', says: [] },
  'archive-gzip-truncated': { severity: 'error', says: [] },
  'archive-gzip-checksum': { severity: 'error', says: ['member'] },
  'archive-gzip-not-tar': { severity: 'error', says: [] },
  // tar
  'archive-tar-header-checksum': { severity: 'error', says: ['offset'] },
  'archive-tar-size-invalid': { severity: 'error', says: ['offset'] },
  'archive-tar-truncated': { severity: 'error', says: [] },
  'archive-tar-no-end-marker': { severity: 'warning', says: [] },
  'archive-tar-lone-zero-block': { severity: 'error', says: ['offset'] },
  'archive-tar-trailing-data': { severity: 'warning', says: [] },
  'archive-tar-entry-type-unsupported': { severity: 'error', says: ['entry', 'typeflag'] },
  'archive-tar-pax-invalid': { severity: 'error', says: ['offset'] },
  'archive-tar-pax-global': { severity: 'error', says: ['key'] },
  'archive-tar-meta-too-large': { severity: 'error', says: ['cap'] },
  'archive-tar-header-inconsistent': { severity: 'error', says: ['entry'] },
  'archive-tar-names-disagree': { severity: 'error', says: ['entry', 'fallbackName'] },
  // The unpacked cap counts files' contents; headers, records and padding have their own.
  'archive-tar-overhead-too-large': { severity: 'error', says: ['cap'], hint: { cap: formatBytes(tarOverheadBytes) } },
  // zip
  'archive-zip-no-end-record': { severity: 'error', says: [] },
  'archive-zip-end-record-ambiguous': { severity: 'error', says: [] },
  'archive-zip-end-record-mismatch': { severity: 'error', says: [] },
  'archive-zip-central-header-invalid': { severity: 'error', says: ['index'] },
  'archive-zip-local-header-invalid': { severity: 'error', says: ['entry'] },
  'archive-zip-name-mismatch': { severity: 'error', says: ['entry', 'localName'] },
  'archive-zip-header-mismatch': { severity: 'error', says: ['entry'] },
  'archive-zip-unicode-path-mismatch': { severity: 'error', says: ['entry', 'unicodeName'] },
  'archive-zip-overlap': { severity: 'error', says: ['entry', 'otherEntry'] },
  'archive-zip-unlisted-bytes': { severity: 'error', says: ['offset', 'length'] },
  'archive-zip-encrypted': { severity: 'error', says: ['entry'] },
  'archive-zip-method-unsupported': { severity: 'error', says: ['entry', 'method'] },
  'archive-zip-size-mismatch': { severity: 'error', says: ['entry', 'declared', 'actual'] },
  'archive-zip-checksum': { severity: 'error', says: ['entry'] },
  'archive-zip-corrupt-entry': { severity: 'error', says: ['entry'] },
  // Names (both formats)
  'archive-name-empty': { severity: 'error', says: [] },
  'archive-name-nul': { severity: 'error', says: ['entry'] },
  'archive-name-absolute': { severity: 'error', says: ['entry'] },
  'archive-name-drive-letter': { severity: 'error', says: ['entry'] },
  'archive-name-backslash': { severity: 'error', says: ['entry'] },
  'archive-name-dot-dot': { severity: 'error', says: ['entry'] },
  'archive-name-too-long': { severity: 'error', says: ['entry', 'cap'] },
  'archive-name-invalid-utf8': { severity: 'error', says: ['entry'] },
  'archive-name-dot-segment': { severity: 'warning', says: ['entry'] },
  'archive-name-not-utf8': { severity: 'warning', says: ['entry'] },
  'archive-name-not-portable': { severity: 'warning', says: ['entry'] },
  'archive-duplicate-entry': { severity: 'warning', says: ['entry'] },
  'archive-case-collision': { severity: 'warning', says: ['entry', 'otherEntry'] },
  // Links and special entries
  'archive-link-outside': { severity: 'error', says: ['entry', 'target'] },
  'archive-link-inside': { severity: 'warning', says: ['entry', 'target'] },
  'archive-link-target-missing': { severity: 'error', says: ['entry', 'target'] },
  'archive-entry-through-link': { severity: 'error', says: ['entry', 'link'] },
  'archive-special-entry': { severity: 'error', says: ['entry', 'kind'] },
  // An archive in the archive: agents do not unpack it, and neither do we (utils/engine/archive/nested.ts).
  'archive-nested-archive': { severity: 'warning', says: ['entry'] },
  // Caps (D7 and the bomb guards). Reading stops at each of these.
  'archive-too-many-entries': { severity: 'error', says: ['cap'], hint: { cap: entries } },
  'archive-too-large-unpacked': { severity: 'error', says: ['cap'], hint: { cap: formatBytes(unpackedBytes) } },
  'archive-file-too-large': { severity: 'error', says: ['entry', 'cap'], hint: { cap: formatBytes(fileBytes) } },
  // tar.gz streams are judged whole; zip members one by one, so the entry is named.
  'archive-ratio-bomb': {
    severity: 'error',
    says: { archive: ['ratio', 'cap', 'floor'], entry: ['entry', 'ratio', 'cap', 'floor'] },
    hint: { cap: ratio, floor: formatBytes(ratioFloorBytes) },
  },
  // Our own time budget: our limit, not the site's fault (D5), so a warning.
  'archive-check-stopped': { severity: 'warning', says: ['budget'], hint: { budget: formatMs(budgetMs) } },
  // Where SKILL.md is
  'archive-skill-md-missing': { severity: 'error', says: [] },
  'archive-skill-md-wrong-case': { severity: 'error', says: ['entry'] },
  // The fix depends on the format: the command that rebuilds a .tar.gz or a .zip from the folder.
  'archive-skill-md-wrapped': { severity: 'error', says: ['folder'], fixes: { tarGz: ['folder', 'skill'], zip: ['folder', 'skill'] } },
  'archive-skill-md-not-file': { severity: 'error', says: ['kind'] },
  'archive-skill-md-too-large': { severity: 'error', says: ['cap'], hint: { cap: formatBytes(skillMdBytes) } },
  'archive-only-skill-md': { severity: 'info', says: [] },
  // An exception inside the lister (a bug): the archive is reported unreadable, the check goes on.
  'archive-unreadable': { severity: 'error', says: [] },
  // Past problemsPerCode of one code, the rest are counted in one of these.
  'archive-problems-elided': { severity: 'info', says: ['count', 'code'] },
});

export type ArchiveCode = keyof typeof ARCHIVE_CODES;
