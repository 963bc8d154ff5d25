/**
 * The skill-body cache over one storage area (storage.local, handed in by platform/storage.ts):
 * verified bodies by digest (the panel's preview) and, per skill URL, the validators it sent with
 * its body (the engine's `SkillMemory`, D5 revised: only a 304 to them lets that body stand in).
 *
 * One batch per check (docs/benchmarks.md): `recall` takes the index the cache holds (read once
 * per worker life, kept in step with its own writes) and starts one read of the recalled bodies
 * without waiting for it (the conditional requests need only the validators);
 * `keep` only queues, so a request's pool slot never waits on storage; the queue is written in
 * one storage call per `flush` (when the check ends), or sooner in the background past
 * FLUSH_CHARS. Bounded by `budget`, oldest out; a URL whose body went goes with it. A 304 that
 * lets a kept body stand in (`refresh`) counts as a use: that body and its URL move to the newest
 * end, so what a site keeps answering 304 for is not the first to go.
 */
import type { Kept, Remembered, SkillMemory } from '../engine/check';
import { BODY_INDEX_VERSION, packBodyIndex, readStoredBodyIndex, type StoredBodyIndex, type StoredUrl } from './stored-items';

/** The part of a `browser.storage` area the cache uses. */
export interface BodyArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface BodyCacheConfig {
  indexKey: string;
  bodyKey: (hex: string) => string;
  /** Base64 characters of all bodies together. */
  budget: number;
  /** Base64 characters of one body: a larger one is not kept (it would push out everything else). */
  bodyMax: number;
  /** Runs read-modify-writes of the index one at a time. */
  serialised: <T>(key: string, task: () => Promise<T>) => Promise<T>;
}

/** One check's view of the cache: the engine's memory, plus the write at the end. */
export interface BodyBatch extends SkillMemory {
  /** Writes what is queued; resolves when every write this batch started has ended. Never rejects. */
  flush(): Promise<void>;
}

/** Skill URLs whose validators are kept: past it, the oldest go (their bodies may stay for the preview). */
export const URLS_MAX = 2000;
/** A batch's queue is written once it holds this many base64 characters: memory stays bounded.
 *  Below the budget less the largest body, so one write never evicts what it adds; a 200 × 4 KiB
 *  check (1.1 M) is written once, after its result is shown. */
const FLUSH_CHARS = 2_500_000;

const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

export function skillBodyCache(area: () => BodyArea, config: BodyCacheConfig) {
  const { indexKey, bodyKey, budget, bodyMax, serialised } = config;

  // Held in memory once read: only this cache writes the index, and reading and parsing it
  // again was most of a page visit's wait before its first request (docs/benchmarks.md). A
  // failed read or write drops the copy, so storage stays the truth.
  let held: Promise<StoredBodyIndex> | null = null;
  const readIndex = (): Promise<StoredBodyIndex> =>
    (held ??= (async () => readStoredBodyIndex((await area().get([indexKey]))[indexKey] ?? null))().catch((error: unknown) => {
      held = null;
      throw error;
    }));

  async function readBody(hex: string): Promise<Uint8Array | null> {
    return decoded((await area().get([bodyKey(hex)]))[bodyKey(hex)]);
  }

  /**
   * Adds bodies and URL entries, and moves the `used` ones (URL → the digest a 304 vouched for)
   * to the newest end: one read of the index, one removal, one write. Bodies already held are
   * not written again.
   */
  function store(bodies: ReadonlyMap<string, Uint8Array>, urls: readonly StoredUrl[], used: ReadonlyMap<string, string>): Promise<void> {
    return serialised(indexKey, async () => {
      const index = await readIndex();
      // Insertion order is eviction order; a body stored again, or used again, moves to the end.
      const usedHexes = new Set(used.values());
      const kept = usedLast(
        index.bodies.filter(([h]) => !bodies.has(h)),
        ([h]) => usedHexes.has(h),
      );
      const added: Record<string, string> = {};
      for (const [hex, bytes] of bodies) {
        const text = toBase64(bytes);
        added[bodyKey(hex)] = text;
        kept.push([hex, text.length]);
      }
      let total = kept.reduce((sum, [, size]) => sum + size, 0);
      const evicted: string[] = [];
      while (total > budget && kept.length > 1) {
        const [oldHex, size] = kept.shift()!;
        const key = bodyKey(oldHex);
        // Only if the constants change: one write adds less than the budget (FLUSH_CHARS + bodyMax).
        if (key in added) delete added[key];
        else evicted.push(key);
        total -= size;
      }
      const named = new Set(urls.map((u) => u.url));
      // A URL kept anew since the 304 (another check) is not moved for it.
      const isUsed = (u: StoredUrl) => used.get(u.url) === u.hex;
      const others = index.urls.filter((u) => !named.has(u.url));
      const present = new Set(kept.map(([h]) => h));
      const urlList = [...usedLast(others, isUsed), ...urls].filter((u) => present.has(u.hex)).slice(-URLS_MAX);
      const stored: StoredBodyIndex = { version: BODY_INDEX_VERSION, bodies: kept, urls: urlList };
      try {
        if (evicted.length > 0) await area().remove(evicted);
        await area().set({ ...added, [indexKey]: packBodyIndex(stored) });
        held = Promise.resolve(stored);
      } catch (error) {
        held = null;
        throw error;
      }
    });
  }

  function batch(): BodyBatch {
    let bodies = new Map<string, Uint8Array>();
    let urls = new Map<string, StoredUrl>();
    /** URL → digest, for what this batch recalled (a 304 can only vouch for those). */
    const recalled = new Map<string, string>();
    let used = new Map<string, string>();
    let chars = 0;
    let writes: Promise<void> = Promise.resolve();
    const flush = (): Promise<void> => {
      if (bodies.size > 0 || urls.size > 0 || used.size > 0) {
        const [b, u, r] = [bodies, [...urls.values()], used];
        [bodies, urls, used, chars] = [new Map(), new Map(), new Map(), 0];
        // A cache that cannot be written (quota, a closing browser) only costs a later fetch.
        writes = writes.then(() => store(b, u, r).catch((error: unknown) => console.warn('Poppy Inspector: skill bodies not kept', error)));
      }
      return writes;
    };
    const queue = (hex: string, bytes: Uint8Array): boolean => {
      const size = base64Length(bytes.length);
      if (size > bodyMax) return false;
      if (!bodies.has(hex)) {
        bodies.set(hex, bytes);
        chars += size;
        if (chars >= FLUSH_CHARS) void flush();
      }
      return true;
    };
    return {
      async recall(wanted) {
        const index = await readIndex();
        const stored = new Set(index.bodies.map(([hex]) => hex));
        const asked = new Set(wanted);
        const entries = index.urls.filter((u) => asked.has(u.url) && stored.has(u.hex));
        const out = new Map<string, Remembered>();
        if (entries.length === 0) return out;
        // Started now, awaited only by a 304: the requests go out with the validators meanwhile.
        const keys = [...new Set(entries.map((u) => bodyKey(u.hex)))];
        const texts = area()
          .get(keys)
          .catch(() => ({}) as Record<string, unknown>);
        for (const { url, hex, etag, lastModified, contentType, cors, cacheControl } of entries) {
          recalled.set(url, hex);
          const bytes = texts.then((got) => decoded(got[bodyKey(hex)]));
          out.set(url, { digestHex: hex, etag, lastModified, contentType, cors, cacheControl, bytes });
        }
        return out;
      },
      keep({ url, digestHex, etag, lastModified, contentType, cors, cacheControl, bytes }: Kept) {
        const entry: StoredUrl = { url, hex: digestHex, etag, lastModified, contentType, cors };
        if (cacheControl !== undefined) entry.cacheControl = cacheControl;
        if (queue(digestHex, bytes)) urls.set(url, entry);
      },
      keepBody(hex, bytes) {
        queue(hex, bytes);
      },
      refresh(url) {
        const hex = recalled.get(url);
        if (hex !== undefined) used.set(url, hex);
      },
      flush,
    };
  }

  return {
    /** A body by digest (the panel's preview): the engine re-hashes what it shows. */
    get: readBody,
    /** One body kept at once, outside a check. */
    async put(hex: string, bytes: Uint8Array): Promise<void> {
      if (base64Length(bytes.length) <= bodyMax) await store(new Map([[hex, bytes]]), [], new Map());
    },
    batch,
    /** Drops the index held in memory (tests, whose storage is reset between cases). */
    forget: () => void (held = null),
  };
}

/** The same items, those `used` moved to the end (the newest end of the eviction order). */
function usedLast<T>(items: readonly T[], used: (item: T) => boolean): T[] {
  return [...items.filter((item) => !used(item)), ...items.filter(used)];
}

/**
 * Uint8Array's own base64 (Chrome 140, Firefox 133; Node 20 lacks it, so the tests run the
 * fallback): one native call per body. The chunked btoa took 66 ms of the worker's 1.7 s profile
 * of a 200-skill check (`npm run bench`).
 */
const native = {
  to: (Uint8Array.prototype as { toBase64?: (this: Uint8Array) => string }).toBase64,
  from: (Uint8Array as { fromBase64?: (text: string) => Uint8Array }).fromBase64,
};

function toBase64(bytes: Uint8Array): string {
  if (native.to) return native.to.call(bytes);
  let binary = '';
  // Chunked: one call per byte is slow, one call for a megabyte overflows the argument limit.
  for (let i = 0; i < bytes.length; i += 0x2000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return btoa(binary);
}

/** A stored body's bytes; null for anything but valid base64 (never throws). */
function decoded(text: unknown): Uint8Array | null {
  if (typeof text !== 'string') return null;
  try {
    return native.from ? native.from(text) : fromBase64(text);
  } catch {
    return null;
  }
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
