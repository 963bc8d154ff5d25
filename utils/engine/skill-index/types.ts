import type { Finding, Said } from '../report/findings';
import type { Words } from '../report/words';

/** Which copy of the index a parse is about (Decision D1). */
export type IndexSource = 'poppy' | 'well-known';

export interface IndexContext {
  source: IndexSource;
  /** Final URL of the document holding the index: the base for relative `url`s (D1). */
  document: string;
  /** The URL we asked for. The `skills` CLI resolves against it; a different result is an info. */
  requestedUrl: string;
  /** `['skill_index']` for the copy embedded in poppy.json, `[]` for the stand-alone file. */
  pathPrefix: (string | number)[];
  /** Decision D5: entries past it are `not-checked`, with one warning about our limit. */
  maxSkills: number;
}

/** `pending`: well-formed; the engine applies the URL policy, fetches and hashes it. */
export type EntryStatus = 'pending' | 'invalid' | 'skipped' | 'not-checked';

export interface IndexEntry {
  /** Index in `skills`. */
  position: number;
  /** JSON path segments of the entry, prefix included. */
  path: (string | number)[];
  /** The document holding the entry (poppy.json or the index, final URL): where `path` points. */
  document: string;
  /** As written, when it is a string. */
  name: string | null;
  description: string | null;
  type: string | null;
  rawUrl: string | null;
  /** Resolved absolute URL (WHATWG), null when missing or unresolvable. */
  url: string | null;
  /** As written; only meaningful when the status is `pending`. */
  digest: string | null;
  status: EntryStatus;
  /** Why `invalid`, `skipped` or `not-checked`, in words. */
  reason?: Words;
}

/** `unknown-schema`, `interim` and `v0.1` are listed but not verified; `invalid` has no entries. */
export type IndexFormat = 'v0.2.0' | 'v0.1' | 'interim' | 'unknown-schema' | 'invalid';

export interface IndexParse {
  format: IndexFormat;
  /** The document the index came from (`IndexContext.document`), for comparison findings. */
  document: string;
  entries: IndexEntry[];
  findings: Finding[];
  /** How many entries `skills` holds, past our cap included (D5). */
  listed: number;
}

/** What a rule says about a value, before the reader reports it at its path (json/reader.ts). */
export interface Problem {
  said: Said;
  hint?: Words;
}
