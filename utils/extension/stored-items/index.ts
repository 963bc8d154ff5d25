import { packJson, unpackJson } from '../packed-json';
import {
  BODY_INDEX_VERSION,
  isRecord,
  OPTIONS_VERSION,
  QUIET_SITES_VERSION,
  REVISITS_VERSION,
  SITE_MEMORY_VERSION,
  SKILL_CAPS_VERSION,
  type MemoryRow,
  type StoredBodyIndex,
  type StoredOptions,
  type StoredQuietSites,
  type StoredRevisits,
  type StoredSiteMemory,
  type StoredSkillCaps,
  type StoredUrl,
} from './versions';

export {
  BODY_INDEX_VERSION,
  OPTIONS_VERSION,
  QUIET_SITES_VERSION,
  REVISITS_VERSION,
  SITE_MEMORY_VERSION,
  SKILL_CAPS_VERSION,
  type MemoryEntry,
  type MemoryRow,
  type Options,
  type StoredBodyIndex,
  type StoredOptions,
  type StoredQuietSites,
  type StoredRevisits,
  type StoredSiteMemory,
  type StoredSkillCaps,
  type StoredUrl,
} from './versions';

type JsonRecord = Record<string, unknown>;

/**
 * One item of storage.local, declared as WXT's `storage.defineItem` declares one: its version, its
 * fallback, how its current version is read, and the steps from older versions (`migrations[n]`
 * turns version n into n + 1, its `version` field included). None yet: no release wrote an older one.
 */
export interface StoredItem<T> {
  version: number;
  fallback: () => T;
  /** The current version's value, with what fails its checks dropped. */
  read: (raw: JsonRecord) => T;
  migrations: Readonly<Record<number, (old: JsonRecord) => JsonRecord>>;
}

/** Whatever is stored, as the item's current shape: never throws. Absent, corrupt, an older
 *  version with no step, or a newer release's version: the fallback. */
export function readItem<T>(item: StoredItem<T>, raw: unknown): T {
  if (!isRecord(raw) || !Number.isSafeInteger(raw.version) || (raw.version as number) < 1) return item.fallback();
  let value = raw;
  for (let version = raw.version as number; version < item.version; version++) {
    const step = item.migrations[version];
    if (step === undefined) return item.fallback();
    value = step(value);
  }
  return value.version === item.version ? item.read(value) : item.fallback();
}

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** The options item: each field keeps its value when it is a boolean, else its default. */
export function optionsItem(defaults: Omit<StoredOptions, 'version'>): StoredItem<StoredOptions> {
  return {
    version: OPTIONS_VERSION,
    fallback: () => ({ version: OPTIONS_VERSION, ...defaults }),
    read: (raw) => ({
      version: OPTIONS_VERSION,
      autoCheck: bool(raw.autoCheck, defaults.autoCheck),
      autoOtherHosts: bool(raw.autoOtherHosts, defaults.autoOtherHosts),
      rememberChanges: bool(raw.rememberChanges, defaults.rememberChanges),
    }),
    migrations: {},
  };
}

/** Whatever is stored under the options key, as this release's shape: never throws. */
export function readStoredOptions(raw: unknown, defaults: Omit<StoredOptions, 'version'>): StoredOptions {
  return readItem(optionsItem(defaults), raw);
}

function isBodyPair(pair: unknown): pair is [string, number] {
  return (
    Array.isArray(pair) &&
    pair.length === 2 &&
    typeof pair[0] === 'string' &&
    /^[0-9a-f]{64}$/.test(pair[0]) &&
    typeof pair[1] === 'number' &&
    Number.isSafeInteger(pair[1]) &&
    pair[1] >= 0
  );
}

const stringOrNull = (v: unknown) => v === null || (typeof v === 'string' && v.length <= 1024);

function isStoredUrl(value: unknown): value is StoredUrl {
  return (
    isRecord(value) &&
    typeof value.url === 'string' &&
    typeof value.hex === 'string' &&
    /^[0-9a-f]{64}$/.test(value.hex) &&
    stringOrNull(value.etag) &&
    stringOrNull(value.lastModified) &&
    stringOrNull(value.contentType) &&
    (value.cacheControl === undefined || stringOrNull(value.cacheControl)) &&
    typeof value.cors === 'boolean'
  );
}

/** The skill-body index: what fails its checks is dropped (those bodies age out, those URLs are asked whole). */
export const BODY_INDEX_ITEM: StoredItem<StoredBodyIndex> = {
  version: BODY_INDEX_VERSION,
  fallback: () => ({ version: BODY_INDEX_VERSION, bodies: [], urls: [] }),
  read: (raw) => ({
    version: BODY_INDEX_VERSION,
    bodies: Array.isArray(raw.bodies) ? raw.bodies.filter(isBodyPair) : [],
    urls: Array.isArray(raw.urls) ? raw.urls.filter(isStoredUrl) : [],
  }),
  migrations: {},
};

/** Far past the 2000 URLs and 5 MB of bodies it indexes: anything longer is not ours. */
const PACKED_MAX = 4_000_000;

/** Whatever is stored under the body-index key (packed in one JSON string), as this release's shape: never throws. */
export function readStoredBodyIndex(stored: unknown): StoredBodyIndex {
  return readItem(BODY_INDEX_ITEM, typeof stored === 'string' ? unpackJson(stored, PACKED_MAX) : stored);
}

export const packBodyIndex = (index: StoredBodyIndex): string => packJson(index);

/** An origin as these lists hold it: text of a sane length (a hostile list is not trusted). */
const isOriginText = (value: unknown): value is string => typeof value === 'string' && value.length <= 300;

/** A `{ version, origins }` list: the valid entries, the newest `max`; a corrupt or hostile list is cut, never trusted whole. */
function originList<T>(version: number, valid: (entry: unknown) => entry is T, max: number): StoredItem<{ version: number; origins: T[] }> {
  return {
    version,
    fallback: () => ({ version, origins: [] }),
    read: (raw) => ({ version, origins: Array.isArray(raw.origins) ? raw.origins.filter(valid).slice(-max) : [] }),
    migrations: {},
  };
}

/** The quiet-sites list is short by nature. */
export const QUIET_SITES_MAX = 5000;

/** Whatever is stored under the quiet-sites key, as this release's shape: never throws. */
export function readStoredQuietSites(raw: unknown): StoredQuietSites {
  return readItem(originList(QUIET_SITES_VERSION, isOriginText, QUIET_SITES_MAX), raw) as StoredQuietSites;
}

/** Origins remembered for their next visit. */
export const REVISITS_MAX = 1000;

/** Whatever is stored under the revisits key, as this release's shape: never throws. */
export function readStoredRevisits(raw: unknown): StoredRevisits {
  const valid = (e: unknown): e is StoredRevisits['origins'][number] =>
    Array.isArray(e) && e.length === 3 && isOriginText(e[0]) && Number.isFinite(e[1]) && typeof e[2] === 'boolean';
  return readItem(originList(REVISITS_VERSION, valid, REVISITS_MAX), raw) as StoredRevisits;
}

/** Origins with a raised skill cap. */
export const SKILL_CAPS_MAX = 1000;

/** Whatever is stored under the skill-caps key, as this release's shape: never throws. A cap
 *  outside [smallest, largest] (the extension's default and the raised cap) is dropped. */
export function readStoredSkillCaps(raw: unknown, smallest: number, largest: number): StoredSkillCaps {
  const valid = (e: unknown): e is StoredSkillCaps['origins'][number] =>
    Array.isArray(e) &&
    e.length === 2 &&
    isOriginText(e[0]) &&
    Number.isSafeInteger(e[1]) &&
    (e[1] as number) >= smallest &&
    (e[1] as number) <= largest;
  return readItem(originList(SKILL_CAPS_VERSION, valid, SKILL_CAPS_MAX), raw) as StoredSkillCaps;
}

const isMemoryRow = (row: unknown): row is MemoryRow =>
  Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'object' && row[1] !== null && typeof row[2] === 'number';

/** The site memory (D13): the rows that pass their checks; an unknown shape is forgotten, not trusted. */
export const SITE_MEMORY_ITEM: StoredItem<StoredSiteMemory> = {
  version: SITE_MEMORY_VERSION,
  fallback: () => ({ version: SITE_MEMORY_VERSION, sites: [] }),
  read: (raw) => ({ version: SITE_MEMORY_VERSION, sites: Array.isArray(raw.sites) ? raw.sites.filter(isMemoryRow) : [] }),
  migrations: {},
};
