/**
 * Stored data carries a schema version so a later release can read what an earlier one wrote
 * (storage.local outlives updates). Each `vN-to-vM` file turns one old shape into the next; the
 * readers in this folder run every step and fall back to defaults for anything unknown or corrupt.
 */

/** The options as this release writes them. */
export interface StoredOptions {
  version: typeof OPTIONS_VERSION;
  /** Check sites on visit (D9); off = "check only when I open the panel". */
  autoCheck: boolean;
  /** Also fetch skill files hosted on other sites during automatic checks (D5 opt-in). */
  autoOtherHosts: boolean;
}
export const OPTIONS_VERSION = 2;
/** The options as the rest of the extension sees them. */
export type Options = Omit<StoredOptions, 'version'>;

/** The skill-body cache's index as this release writes it: [hex, stored size], oldest first. */
export interface StoredBodyIndex {
  version: typeof BODY_INDEX_VERSION;
  bodies: [hex: string, size: number][];
}
export const BODY_INDEX_VERSION = 2;

/** Origins the user asked, in the panel, not to check on visit ("Don't check this site automatically"). */
export interface StoredQuietSites {
  version: typeof QUIET_SITES_VERSION;
  origins: string[];
}
export const QUIET_SITES_VERSION = 1;

type JsonRecord = Record<string, unknown>;
export const isRecord = (value: unknown): value is JsonRecord => typeof value === 'object' && value !== null && !Array.isArray(value);
