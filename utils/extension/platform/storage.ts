/**
 * The one module that touches extension storage (extension-security.md §6, lint-enforced).
 * - storage.session (survives worker restarts, not browser restarts; hidden from content scripts
 *   at its default access level, which we never widen): which origin each tab shows, per-origin
 *   results, and in-flight markers so a check killed with the worker is restarted.
 * - storage.local: the user's options, and verified skill bodies by digest (bounded, oldest out).
 */
import { browser } from 'wxt/browser';
import type { BodyCache } from '../../engine/check';
import type { Report } from '../../engine/report/report';
import {
  BODY_INDEX_VERSION,
  OPTIONS_VERSION,
  QUIET_SITES_MAX,
  QUIET_SITES_VERSION,
  readStoredBodyIndex,
  readStoredOptions,
  readStoredQuietSites,
  type Options,
  type StoredBodyIndex,
  type StoredOptions,
  type StoredQuietSites,
} from '../storage-migrations';

/** One origin's last finished check. */
export interface StoredResult {
  report: Report;
  rawPoppy: string | null;
  /** Epoch milliseconds. */
  checkedAt: number;
  /** Whether skill files on other hosts were allowed (panel open, or the user's opt-in). */
  allHosts: boolean;
}

/** Written when a check starts, removed when it ends: present with no live job = it died. */
export interface CheckMarker {
  startedAt: number;
  allHosts: boolean;
  revalidate: boolean;
  /** How many times this check was (re)started; caps restarts of a check that keeps dying. */
  attempts: number;
  done: number;
  total: number;
}

/** The user's two switches (D5, D9); stored with a schema version (utils/extension/storage-migrations/). */
export type { Options };
const DEFAULT_OPTIONS: Readonly<Options> = Object.freeze({ autoCheck: true, autoOtherHosts: false });

/** Every key this module writes, in one place: four fixed keys and three prefixes. */
export const STORAGE_KEYS = {
  /** session: tab id → origin it shows. */
  tabs: 'tabs',
  /** session: `result:<origin>`, one origin's last finished check. */
  resultPrefix: 'result:',
  /** session: `checking:<origin>`, a check in flight. */
  markerPrefix: 'checking:',
  /** local: the user's options (versioned). */
  options: 'options',
  /** local: origins not to check on visit, the panel's per-site choice (versioned). */
  quietSites: 'quiet-sites',
  /** local: the skill-body cache's index (versioned), and `skill:<hex>` each body in base64. */
  bodyIndex: 'skill-bodies',
  bodyPrefix: 'skill:',
} as const;
const { tabs: TABS_KEY, options: OPTIONS_KEY, quietSites: QUIET_KEY, bodyIndex: BODY_INDEX_KEY } = STORAGE_KEYS;
const resultKey = (origin: string) => `${STORAGE_KEYS.resultPrefix}${origin}`;
const markerKey = (origin: string) => `${STORAGE_KEYS.markerPrefix}${origin}`;
const bodyKey = (hex: string) => `${STORAGE_KEYS.bodyPrefix}${hex}`;

/** Stored skill bodies, in characters of base64, stay under about 5 MB (local quota: 10 MB). */
const BODY_BUDGET = 5_000_000;
/** One body larger than this is not kept: it would push out everything else. */
const BODY_MAX = 1_400_000;

const session = () => browser.storage.session;
const local = () => browser.storage.local;

async function read<T>(area: typeof browser.storage.local, key: string): Promise<T | null> {
  const got = await area.get(key);
  return (got[key] as T | undefined) ?? null;
}

/**
 * Read-modify-write of one key must not interleave (two tabs report visits at once); only the
 * background writes these keys, so a per-key promise chain in that context is enough.
 */
const chains = new Map<string, Promise<unknown>>();
function serialised<T>(key: string, task: () => Promise<T>): Promise<T> {
  const next = (chains.get(key) ?? Promise.resolve()).then(task, task);
  chains.set(
    key,
    next.catch(() => undefined),
  );
  return next;
}

// -- tabs → origin ---------------------------------------------------------------------------

/** Tab id → origin it shows, as a Map (keys are numeric strings we wrote ourselves). */
export async function tabOrigins(): Promise<Map<number, string>> {
  const raw = (await read<Record<string, string>>(session(), TABS_KEY)) ?? {};
  return new Map(Object.entries(raw).map(([id, origin]) => [Number(id), origin]));
}

function updateTabs(change: (tabs: Map<number, string>) => void): Promise<void> {
  return serialised(TABS_KEY, async () => {
    const tabs = await tabOrigins();
    change(tabs);
    await session().set({ [TABS_KEY]: Object.fromEntries([...tabs].map(([id, o]) => [String(id), o])) });
  });
}

export const setTabOrigin = (tabId: number, origin: string) => updateTabs((tabs) => void tabs.set(tabId, origin));

/**
 * Forgets tabs; with `origin`, only those still recorded on it. A caller that read the map
 * earlier (the scheduler saw the tab leave `origin`) must not erase a visit recorded since:
 * the tab's new origin is what its badge follows.
 */
export const forgetTabs = (tabIds: readonly number[], origin?: string) =>
  updateTabs((tabs) => {
    for (const id of tabIds) if (origin === undefined || tabs.get(id) === origin) tabs.delete(id);
  });

// -- results and markers ---------------------------------------------------------------------

export const getResult = (origin: string) => read<StoredResult>(session(), resultKey(origin));
export const getMarker = (origin: string) => read<CheckMarker>(session(), markerKey(origin));
export const setMarker = (origin: string, marker: CheckMarker) => session().set({ [markerKey(origin)]: marker });
export const clearMarker = (origin: string) => session().remove(markerKey(origin));

/** An origin's result and marker in one storage read: the panel's first view needs both. */
export async function getOriginState(origin: string): Promise<{ result: StoredResult | null; marker: CheckMarker | null }> {
  const got = await session().get([resultKey(origin), markerKey(origin)]);
  return {
    result: (got[resultKey(origin)] as StoredResult | undefined) ?? null,
    marker: (got[markerKey(origin)] as CheckMarker | undefined) ?? null,
  };
}

/** Stores a result; on a quota error, sweeps every result no tab shows and tries once more. */
export async function setResult(origin: string, result: StoredResult): Promise<void> {
  try {
    await session().set({ [resultKey(origin)]: result });
  } catch {
    await sweepResults(0, Date.now());
    await session().set({ [resultKey(origin)]: result });
  }
}

/** Every in-flight marker, by origin (for restarting checks after the worker died). */
export async function allMarkers(): Promise<Map<string, CheckMarker>> {
  const all = await session().get(null);
  const out = new Map<string, CheckMarker>();
  for (const [key, value] of Object.entries(all))
    if (key.startsWith(STORAGE_KEYS.markerPrefix)) out.set(key.slice(STORAGE_KEYS.markerPrefix.length), value as CheckMarker);
  return out;
}

/** Drops results older than `maxAgeMs` that no open tab shows. */
export async function sweepResults(maxAgeMs: number, now: number): Promise<void> {
  const [all, tabs] = await Promise.all([session().get(null), tabOrigins()]);
  const shown = new Set(tabs.values());
  const stale = Object.entries(all)
    .filter(
      ([key, value]) =>
        key.startsWith(STORAGE_KEYS.resultPrefix) &&
        !shown.has(key.slice(STORAGE_KEYS.resultPrefix.length)) &&
        now - (value as StoredResult).checkedAt >= maxAgeMs,
    )
    .map(([key]) => key);
  if (stale.length > 0) await session().remove(stale);
}

/** Calls `onChange` when the result or marker of `origin` changes; returns the unsubscribe. */
export function watchOrigin(origin: string, onChange: () => void): () => void {
  const keys = new Set([resultKey(origin), markerKey(origin)]);
  const listener = (changes: Record<string, unknown>, area: string) => {
    if (area === 'session' && Object.keys(changes).some((k) => keys.has(k))) onChange();
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}

// -- options ---------------------------------------------------------------------------------

/**
 * Plain checks, not a zod schema: the options page and the popup load this module, and zod would
 * be most of their bundle. Whatever is stored (an older version, corrupt data), each option is a
 * boolean or its default.
 */
export async function getOptions(): Promise<Options> {
  const { autoCheck, autoOtherHosts } = readStoredOptions(await read<unknown>(local(), OPTIONS_KEY), DEFAULT_OPTIONS);
  return { autoCheck, autoOtherHosts };
}

export function setOptions(change: Partial<Options>): Promise<void> {
  return serialised(OPTIONS_KEY, async () => {
    const current = await getOptions();
    const next: StoredOptions = {
      version: OPTIONS_VERSION,
      autoCheck: change.autoCheck ?? current.autoCheck,
      autoOtherHosts: change.autoOtherHosts ?? current.autoOtherHosts,
    };
    await local().set({ [OPTIONS_KEY]: next });
  });
}

// -- per-site choice ------------------------------------------------------------------------

/** Origins the user asked not to check on visit; they are still checked when the panel opens. */
export async function getQuietSites(): Promise<Set<string>> {
  return new Set(readStoredQuietSites(await read<unknown>(local(), QUIET_KEY)).origins);
}

/**
 * Whether visits to `origin` start a check, in one storage read (the panel shows the choice):
 * null when automatic checks are off for every site (the options page), else whether the user
 * turned them off for this one.
 */
export async function getSiteQuiet(origin: string): Promise<boolean | null> {
  const got = await local().get([OPTIONS_KEY, QUIET_KEY]);
  if (!readStoredOptions(got[OPTIONS_KEY], DEFAULT_OPTIONS).autoCheck) return null;
  return readStoredQuietSites(got[QUIET_KEY]).origins.includes(origin);
}

/** "Don't check this site automatically" (`quiet`) and its undo. Stored locally, never synced. */
export function setSiteQuiet(origin: string, quiet: boolean): Promise<void> {
  return serialised(QUIET_KEY, async () => {
    const origins = [...(await getQuietSites())].filter((o) => o !== origin);
    if (quiet) origins.push(origin);
    const stored: StoredQuietSites = { version: QUIET_SITES_VERSION, origins: origins.slice(-QUIET_SITES_MAX) };
    await local().set({ [QUIET_KEY]: stored });
  });
}

// -- skill bodies by digest ------------------------------------------------------------------

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: one call per byte is slow, one call for a megabyte overflows the argument limit.
  for (let i = 0; i < bytes.length; i += 0x2000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bodies waiting in a check's batch are written once they reach this many base64 characters:
 *  memory stays bounded, and a long check writes a few times, not once per skill. */
const FLUSH_CHARS = 1_000_000;

const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * One check's view of the body cache (issue 12 §2). The index is read once, on the first
 * lookup; `put` only queues (the request pool slot never waits on storage) and the queue is
 * written in one storage call per `flush`, or sooner in the background when it grows large.
 * Writing a batch reads and rewrites the index once, not once per body.
 */
export interface BodyBatch extends BodyCache {
  /** Writes what is queued; resolves when every write this batch started has ended. Never rejects. */
  flush(): Promise<void>;
}

function bodyBatch(): BodyBatch {
  let known: Promise<Set<string>> | null = null;
  let queued = new Map<string, Uint8Array>();
  let queuedChars = 0;
  let writes: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    if (queued.size > 0) {
      const bodies = queued;
      queued = new Map();
      queuedChars = 0;
      // A cache that cannot be written (quota, a closing browser) only costs a later fetch.
      writes = writes.then(() =>
        storeBodies(bodies).catch((error: unknown) => console.warn('Poppy Inspector: skill bodies not kept', error)),
      );
    }
    return writes;
  };
  return {
    async get(hex) {
      const waiting = queued.get(hex);
      if (waiting) return waiting;
      known ??= readBodyIndex().then((index) => new Set(index.map(([h]) => h)));
      return (await known).has(hex) ? readBody(hex) : null;
    },
    put(hex, bytes) {
      const chars = base64Length(bytes.length);
      if (chars > BODY_MAX || queued.has(hex)) return Promise.resolve();
      queued.set(hex, bytes);
      queuedChars += chars;
      if (queuedChars >= FLUSH_CHARS) void flush();
      return Promise.resolve();
    },
    flush,
  };
}

async function readBody(hex: string): Promise<Uint8Array | null> {
  const text = await read<string>(local(), bodyKey(hex));
  return typeof text === 'string' ? fromBase64(text) : null;
}

/** Adds bodies to the cache: one read of the index, one write of the bodies and the index. */
function storeBodies(bodies: ReadonlyMap<string, Uint8Array>): Promise<void> {
  return serialised(BODY_INDEX_KEY, async () => {
    // Insertion order is eviction order; a body stored again moves to the end.
    const index = (await readBodyIndex()).filter(([h]) => !bodies.has(h));
    const added: Record<string, string> = {};
    for (const [hex, bytes] of bodies) {
      const text = toBase64(bytes);
      added[bodyKey(hex)] = text;
      index.push([hex, text.length]);
    }
    let total = index.reduce((sum, [, size]) => sum + size, 0);
    const evicted: string[] = [];
    while (total > BODY_BUDGET && index.length > 1) {
      const [oldHex, size] = index.shift()!;
      const key = bodyKey(oldHex);
      // Only if the constants change: one write adds less than the budget (FLUSH_CHARS + BODY_MAX).
      if (key in added) delete added[key];
      else evicted.push(key);
      total -= size;
    }
    if (evicted.length > 0) await local().remove(evicted);
    const stored: StoredBodyIndex = { version: BODY_INDEX_VERSION, bodies: index };
    await local().set({ ...added, [BODY_INDEX_KEY]: stored });
  });
}

/**
 * The engine's digest → bytes cache (verified bodies only; the engine re-hashes on use). A check
 * takes a `batch()`; `get` and `put` here are one-off lookups and writes (the panel's preview).
 */
export const skillBodies = {
  get: readBody,
  async put(hex: string, bytes: Uint8Array): Promise<void> {
    if (base64Length(bytes.length) > BODY_MAX) return;
    await storeBodies(new Map([[hex, bytes]]));
  },
  batch: bodyBatch,
} satisfies BodyCache & { batch(): BodyBatch };

/** The body index as this release keeps it, whatever an earlier one wrote: [hex, stored size], oldest first. */
async function readBodyIndex(): Promise<StoredBodyIndex['bodies']> {
  return readStoredBodyIndex(await read<unknown>(local(), BODY_INDEX_KEY)).bodies;
}
