/**
 * Each item of storage.local carries a schema version so a later release can read what an earlier
 * one wrote (storage.local outlives updates). Every item starts at version 1, the first release's
 * shape: a release that changes one bumps its version here and adds the step to its declaration's
 * `migrations` (index.ts), as WXT's `storage.defineItem({ version, migrations })` does.
 */
import type { Change, EarlierFingerprint } from '../../engine/changes';

/** The options as this release writes them. */
export interface StoredOptions {
  version: typeof OPTIONS_VERSION;
  /** Check sites on visit (D9); off = "check only when I open the panel". */
  autoCheck: boolean;
  /** Also fetch skill files hosted on other sites during automatic checks (D5 opt-in). */
  autoOtherHosts: boolean;
  /** Remember what sites publish, to show what changed (D13). Absent in what earlier releases
   *  wrote: read as the default, so version 1 stands. */
  rememberChanges: boolean;
}
export const OPTIONS_VERSION = 1;
/** The options as the rest of the extension sees them. */
export type Options = Omit<StoredOptions, 'version'>;

/**
 * The skill-body cache's index as this release writes it: bodies as [hex, stored size], and the
 * validators each skill URL sent with its verified body (D5: a 304 to them lets that body stand
 * in for the answer), both oldest first. Stored packed, as one JSON string
 * (utils/extension/packed-json.ts): storage converts a string at once, a nested value value by value.
 */
export interface StoredBodyIndex {
  version: typeof BODY_INDEX_VERSION;
  bodies: [hex: string, size: number][];
  urls: StoredUrl[];
}
export const BODY_INDEX_VERSION = 1;

/** One skill URL's last verified answer: the body's digest and what a 304 need not repeat. */
export interface StoredUrl {
  url: string;
  hex: string;
  etag: string | null;
  lastModified: string | null;
  contentType: string | null;
  cors: boolean;
  /** A discovery document's Cache-Control (a 304 need not repeat it). */
  cacheControl?: string | null;
}

/**
 * When to check each origin again on a visit (docs/extension.md, "How often a site is asked"): [origin, until (epoch ms), nothing
 * published], oldest first. "Nothing published" is remembered about a day; a site's
 * Cache-Control can lengthen the wait for the rest. "Check again" ignores it.
 */
export interface StoredRevisits {
  version: typeof REVISITS_VERSION;
  origins: [origin: string, until: number, nothing: boolean][];
}
export const REVISITS_VERSION = 1;

/**
 * Origins whose skill cap the user raised in the panel ("Check the remaining N"): [origin,
 * entries checked per index], oldest first. Automatic checks, "Check again" and a check the
 * worker restarts all keep it.
 */
export interface StoredSkillCaps {
  version: typeof SKILL_CAPS_VERSION;
  origins: [origin: string, maxSkills: number][];
}
export const SKILL_CAPS_VERSION = 1;

/** Origins the user asked, in the panel, not to check on visit ("Don't check this site automatically"). */
export interface StoredQuietSites {
  version: typeof QUIET_SITES_VERSION;
  origins: string[];
}
export const QUIET_SITES_VERSION = 1;

/**
 * What each site published at its last check (D13, site-memory.ts): the sites oldest first, each
 * with its size so the budget is kept without measuring everything again.
 */
export interface StoredSiteMemory {
  version: typeof SITE_MEMORY_VERSION;
  /** Oldest first. */
  sites: MemoryRow[];
}
export const SITE_MEMORY_VERSION = 1;

/** What a site published and when; and the changes its last check found, shown until newer ones
 *  (a later check that finds nothing new, such as the panel's own, must not hide them). */
export type MemoryEntry = EarlierFingerprint & { changes?: { since: string; list: Change[]; seen?: boolean } };

/** [origin, what it published and when, characters of that entry as JSON]. */
export type MemoryRow = [origin: string, entry: MemoryEntry, chars: number];

type JsonRecord = Record<string, unknown>;
export const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);
