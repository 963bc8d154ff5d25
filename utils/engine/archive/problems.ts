// The archive lister's problems: a stable code, a severity, the entry it is about and positional
// string parameters (at most 9, Chrome's i18n limit). No sentences here: the words live in the
// message catalog, keyed by code (docs/architecture.md, "Findings and words").

export type Severity = 'error' | 'warning' | 'info';

/** Code → severity, and what the positional params are (the catalog's placeholders follow this). */
export const ARCHIVE_CODES = {
  // Format, told by the bytes; the header and the URL are hints.
  'archive-format-unknown': { severity: 'error', params: ['firstBytesHex'] },
  'archive-format-plain-tar': { severity: 'error', params: [] },
  'archive-content-type-disagrees': { severity: 'warning', params: ['contentType', 'format'] },
  'archive-content-type-nonstandard': { severity: 'warning', params: ['contentType', 'recommended'] },
  'archive-content-type-missing': { severity: 'warning', params: ['recommended'] },
  'archive-extension-disagrees': { severity: 'warning', params: ['extension', 'format'] },
  'archive-format-unnamed': { severity: 'warning', params: ['format'] },
  'archive-too-large-packed': { severity: 'error', params: ['cap'] },
  // gzip
  'archive-gzip-corrupt': { severity: 'error', params: [] },
  'archive-gzip-truncated': { severity: 'error', params: [] },
  'archive-gzip-checksum': { severity: 'error', params: ['member'] },
  'archive-gzip-not-tar': { severity: 'error', params: [] },
  // tar
  'archive-tar-header-checksum': { severity: 'error', params: ['offset'] },
  'archive-tar-size-invalid': { severity: 'error', params: ['offset'] },
  'archive-tar-truncated': { severity: 'error', params: [] },
  'archive-tar-no-end-marker': { severity: 'warning', params: [] },
  'archive-tar-lone-zero-block': { severity: 'error', params: ['offset'] },
  'archive-tar-trailing-data': { severity: 'warning', params: [] },
  'archive-tar-entry-type-unsupported': { severity: 'error', params: ['entry', 'typeflag'] },
  'archive-tar-pax-invalid': { severity: 'error', params: ['offset'] },
  'archive-tar-pax-global': { severity: 'error', params: ['key'] },
  'archive-tar-meta-too-large': { severity: 'error', params: ['cap'] },
  'archive-tar-header-inconsistent': { severity: 'error', params: ['entry'] },
  'archive-tar-names-disagree': { severity: 'error', params: ['entry', 'fallbackName'] },
  // zip
  'archive-zip-no-end-record': { severity: 'error', params: [] },
  'archive-zip-end-record-ambiguous': { severity: 'error', params: [] },
  'archive-zip-end-record-mismatch': { severity: 'error', params: [] },
  'archive-zip-central-header-invalid': { severity: 'error', params: ['index'] },
  'archive-zip-local-header-invalid': { severity: 'error', params: ['entry'] },
  'archive-zip-name-mismatch': { severity: 'error', params: ['entry', 'localName'] },
  'archive-zip-header-mismatch': { severity: 'error', params: ['entry'] },
  'archive-zip-unicode-path-mismatch': { severity: 'error', params: ['entry', 'unicodeName'] },
  'archive-zip-overlap': { severity: 'error', params: ['entry', 'otherEntry'] },
  'archive-zip-unlisted-bytes': { severity: 'error', params: ['offset', 'length'] },
  'archive-zip-encrypted': { severity: 'error', params: ['entry'] },
  'archive-zip-method-unsupported': { severity: 'error', params: ['entry', 'method'] },
  'archive-zip-size-mismatch': { severity: 'error', params: ['entry', 'declared', 'actual'] },
  'archive-zip-checksum': { severity: 'error', params: ['entry'] },
  'archive-zip-corrupt-entry': { severity: 'error', params: ['entry'] },
  // Names (both formats)
  'archive-name-empty': { severity: 'error', params: [] },
  'archive-name-nul': { severity: 'error', params: ['entry'] },
  'archive-name-absolute': { severity: 'error', params: ['entry'] },
  'archive-name-drive-letter': { severity: 'error', params: ['entry'] },
  'archive-name-backslash': { severity: 'error', params: ['entry'] },
  'archive-name-dot-dot': { severity: 'error', params: ['entry'] },
  'archive-name-too-long': { severity: 'error', params: ['entry', 'cap'] },
  'archive-name-invalid-utf8': { severity: 'error', params: ['entry'] },
  'archive-name-dot-segment': { severity: 'warning', params: ['entry'] },
  'archive-name-not-utf8': { severity: 'warning', params: ['entry'] },
  'archive-name-not-portable': { severity: 'warning', params: ['entry'] },
  'archive-duplicate-entry': { severity: 'warning', params: ['entry'] },
  'archive-case-collision': { severity: 'warning', params: ['entry', 'otherEntry'] },
  // Links and special entries
  'archive-link-outside': { severity: 'error', params: ['entry', 'target'] },
  'archive-link-inside': { severity: 'warning', params: ['entry', 'target'] },
  'archive-link-target-missing': { severity: 'error', params: ['entry', 'target'] },
  'archive-entry-through-link': { severity: 'error', params: ['entry', 'link'] },
  'archive-special-entry': { severity: 'error', params: ['entry', 'kind'] },
  // Caps (D7 and the bomb guards). Reading stops at each of these.
  'archive-too-many-entries': { severity: 'error', params: ['cap'] },
  'archive-too-large-unpacked': { severity: 'error', params: ['cap'] },
  'archive-file-too-large': { severity: 'error', params: ['entry', 'cap'] },
  'archive-ratio-bomb': { severity: 'error', params: ['entry', 'ratio', 'cap'] },
  // Our own time budget: our limit, not the site's fault (issue 9 §4), so a warning.
  'archive-check-stopped': { severity: 'warning', params: ['budgetMs'] },
  // Where SKILL.md is
  'archive-skill-md-missing': { severity: 'error', params: [] },
  'archive-skill-md-wrong-case': { severity: 'error', params: ['entry'] },
  'archive-skill-md-wrapped': { severity: 'error', params: ['folder', 'skillName'] },
  'archive-skill-md-not-file': { severity: 'error', params: ['type'] },
  'archive-skill-md-too-large': { severity: 'error', params: ['cap'] },
  'archive-only-skill-md': { severity: 'info', params: [] },
  // An exception inside the lister (a bug): the archive is reported unreadable, the check goes on.
  'archive-unreadable': { severity: 'error', params: [] },
  // Past problemsPerCode of one code, the rest are counted in one of these.
  'archive-problems-elided': { severity: 'info', params: ['code', 'count'] },
} as const satisfies Record<string, { severity: Severity; params: readonly string[] }>;

export type ArchiveCode = keyof typeof ARCHIVE_CODES;

export interface ArchiveProblem {
  readonly code: ArchiveCode;
  readonly severity: Severity;
  /** The entry's name as the archive spells it (display form), when the problem is about one. */
  readonly entry?: string;
  readonly params: readonly string[];
}

/** Collects problems; past a per-code cap it only counts, so a hostile archive cannot flood a report. */
export class ProblemSink {
  readonly list: ArchiveProblem[] = [];
  private readonly counts = new Map<ArchiveCode, number>();

  constructor(private readonly perCode: number) {}

  add(code: ArchiveCode, params: readonly (string | number)[] = [], entry?: string): void {
    const seen = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, seen);
    if (seen > this.perCode) return;
    const problem: ArchiveProblem = { code, severity: ARCHIVE_CODES[code].severity, params: params.map(String) };
    this.list.push(entry === undefined ? problem : { ...problem, entry });
  }

  has(code: ArchiveCode): boolean {
    return this.counts.has(code);
  }

  /** The problems, with one `archive-problems-elided` per code that went past the cap. */
  finish(): ArchiveProblem[] {
    for (const [code, count] of [...this.counts]) {
      if (count > this.perCode) this.add('archive-problems-elided', [code, count - this.perCode]);
    }
    return this.list;
  }
}
