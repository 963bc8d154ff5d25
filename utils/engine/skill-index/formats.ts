import { isObject, own } from '../json/values';
import { SKILL_ENTRY } from '../spec';

/** The only `version` the interim draft wrote at the top level. */
export const INTERIM_VERSION = '0.2.0';

/**
 * Older formats, for detection only (agent-skills-index.md §4.1, §4.2). v0.1 entries carry
 * `files` (paths); the interim "0.2.0" draft had a top-level `version` and `files` objects
 * `{path, digest}`. Neither had `$schema`. A `version` marks the interim draft only when it is
 * that draft's "0.2.0": publishers put their own numbers there ("1.1.1"), and such an index is
 * read as the RFC says (no `$schema`: D8).
 */
export function looksInterim(top: object, entries: readonly unknown[]): boolean {
  if (own(top, 'version') === INTERIM_VERSION) return true;
  return entries.some((e) => {
    const files = isObject(e) ? own(e, 'files') : undefined;
    return Array.isArray(files) && files.some(isObject);
  });
}

/** Entries shaped like v0.2.0 (D8): an index without `$schema` is then an error, not v0.1. */
export function looksV020(entries: readonly unknown[]): boolean {
  const markers = [SKILL_ENTRY.type, SKILL_ENTRY.url, SKILL_ENTRY.digest];
  return entries.some((e) => isObject(e) && markers.some((k) => own(e, k) !== undefined));
}
