/**
 * The memory of what each site published at its last check (D13): one stored item in
 * storage.local (platform/storage.ts), the sites oldest first, each with its size so the budget
 * is kept without measuring everything again; its shape and version are declared with every
 * stored item's (stored-items/). Pure: the storage adapter reads and writes it.
 */
import type { SiteFingerprint } from '../engine/changes';
import { SITE_MEMORY_CHARS_MAX, SITE_MEMORY_ENTRY_MAX } from '../engine/spec';
import { readItem, SITE_MEMORY_ITEM, SITE_MEMORY_VERSION, type MemoryEntry, type StoredSiteMemory } from './stored-items';

export type { MemoryEntry, MemoryRow, StoredSiteMemory } from './stored-items';

export const emptyMemory = (): StoredSiteMemory => SITE_MEMORY_ITEM.fallback();

/** What storage holds, or an empty memory for anything else (an unknown shape is forgotten, not trusted). */
export function readSiteMemory(value: unknown): StoredSiteMemory {
  return readItem(SITE_MEMORY_ITEM, value);
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
