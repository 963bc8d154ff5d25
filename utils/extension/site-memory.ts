/**
 * The memory of what each site published at its last check (D13): one stored item in
 * storage.local (platform/storage.ts), the sites oldest first, each with its size so the budget
 * is kept without measuring everything again. Pure: the storage adapter reads and writes it.
 */
import type { Change, EarlierFingerprint, SiteFingerprint } from '../engine/changes';
import { SITE_MEMORY_CHARS_MAX, SITE_MEMORY_ENTRY_MAX } from '../engine/spec';

/** The stored shape's version; a new shape gets a migration step (stored-items/). */
export const SITE_MEMORY_VERSION = 1;

/** What a site published and when; and the changes its last check found, shown until newer ones
 *  (a later check that finds nothing new, such as the panel's own, must not hide them). */
export type MemoryEntry = EarlierFingerprint & { changes?: { since: string; list: Change[]; seen?: boolean } };

/** [origin, what it published and when, characters of that entry as JSON]. */
export type MemoryRow = [origin: string, entry: MemoryEntry, chars: number];

export interface StoredSiteMemory {
  version: typeof SITE_MEMORY_VERSION;
  /** Oldest first. */
  sites: MemoryRow[];
}

export const emptyMemory = (): StoredSiteMemory => ({ version: SITE_MEMORY_VERSION, sites: [] });

/** What storage holds, or an empty memory for anything else (an unknown shape is forgotten, not trusted). */
export function readSiteMemory(value: unknown): StoredSiteMemory {
  if (typeof value !== 'object' || value === null) return emptyMemory();
  const v = value as Partial<StoredSiteMemory>;
  if (v.version !== SITE_MEMORY_VERSION || !Array.isArray(v.sites)) return emptyMemory();
  const sites = v.sites.filter(
    (row): row is MemoryRow =>
      Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'object' && row[1] !== null && typeof row[2] === 'number',
  );
  return { version: SITE_MEMORY_VERSION, sites };
}

export function recallSite(memory: StoredSiteMemory, origin: string): MemoryEntry | null {
  return memory.sites.find(([o]) => o === origin)?.[1] ?? null;
}

export function memoryChars(memory: StoredSiteMemory): number {
  return memory.sites.reduce((sum, [origin, , chars]) => sum + origin.length + chars, 0);
}

/** Remembers `origin` as the newest; the oldest go until the whole is within `budget`. */
export function rememberSite(
  memory: StoredSiteMemory,
  origin: string,
  fingerprint: SiteFingerprint,
  checkedAt: string,
  budget = SITE_MEMORY_CHARS_MAX,
  changes?: MemoryEntry['changes'],
): StoredSiteMemory {
  const entry: MemoryEntry = changes ? { ...fingerprint, checkedAt, changes } : { ...fingerprint, checkedAt };
  const chars = JSON.stringify(entry).length;
  const sites = memory.sites.filter(([o]) => o !== origin);
  // Too large to keep: the site is forgotten rather than pushing every other site out.
  if (chars <= Math.min(SITE_MEMORY_ENTRY_MAX, budget)) sites.push([origin, entry, chars]);
  const kept = { version: SITE_MEMORY_VERSION, sites } satisfies StoredSiteMemory;
  let total = memoryChars(kept);
  let drop = 0;
  while (total > budget && drop < sites.length) {
    const [o, , c] = sites[drop++]!;
    total -= o.length + c;
  }
  return { version: SITE_MEMORY_VERSION, sites: sites.slice(drop) };
}

export function forgetSite(memory: StoredSiteMemory, origin: string): StoredSiteMemory {
  return { version: SITE_MEMORY_VERSION, sites: memory.sites.filter(([o]) => o !== origin) };
}
