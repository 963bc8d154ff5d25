import { isObject, own } from '../json/values';
import { SKILL_ENTRY } from '../spec';

/**
 * Older formats, for detection only (agent-skills-index.md §4.1, §4.2). v0.1 entries carry
 * `files` (paths); the interim "0.2.0" draft had a top-level `version` and `files` objects
 * `{path, digest}`. Neither had `$schema`.
 */
export function looksInterim(top: object, entries: readonly unknown[]): boolean {
  if (own(top, 'version') !== undefined) return true;
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
