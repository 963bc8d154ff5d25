/**
 * The one module that touches extension storage (extension-security.md §6, lint-enforced).
 * - storage.session (survives worker restarts, not browser restarts; hidden from content scripts
 *   at its default access level, which we never widen): which origin each tab shows, per-origin
 *   results, and in-flight markers so a check killed with the worker is restarted.
 * - storage.local: the user's options, and verified skill bodies by digest (bounded, oldest out).
 * - The background's copies of what it reads at every page visit (`heldCopy`).
 */
import { browser } from 'wxt/browser';
import type { RawText } from '../../engine/check/check-site';
import type { Report } from '../../engine/report/report';
import { DEFAULT_LIMITS, RAISED_MAX_SKILLS, RAW_DOCUMENTS_ORIGINS_MAX } from '../../engine/spec';
import { packJson, unpackJson } from '../packed-json';
import { skillBodyCache } from '../skill-body-cache';
import {
  OPTIONS_VERSION,
  QUIET_SITES_MAX,
  QUIET_SITES_VERSION,
  readStoredOptions,
  readStoredQuietSites,
  readStoredRevisits,
  readStoredSkillCaps,
  REVISITS_MAX,
  SKILL_CAPS_MAX,
  SKILL_CAPS_VERSION,
  type StoredSkillCaps,
  REVISITS_VERSION,
  type StoredRevisits,
  type Options,
  type StoredOptions,
  type StoredQuietSites,
} from '../stored-items';
import type { Change, SiteFingerprint } from '../../engine/changes';
import {
  forgetSite as forgotten,
  readSiteMemory,
  recallSite,
  rememberSite as remembered,
  type MemoryEntry,
  type StoredSiteMemory,
} from '../site-memory';

/** One origin's last finished check. */
export interface StoredResult {
  report: Report;
  rawPoppy: string | null;
  /** Epoch milliseconds. */
  checkedAt: number;
  /** Whether skill files on other hosts were allowed (panel open, or the user's opt-in). */
  allHosts: boolean;
  /** What the site publishes differently from the check before (D13); absent on a first visit or when nothing changed. */
  changes?: { since: string; list: Change[]; seen?: boolean };
}

/** Written when a check starts, removed when it ends: present with no live job = it died. */
export interface CheckMarker {
  startedAt: number;
  allHosts: boolean;
  revalidate: boolean;
  /** Entries per index this check takes (absent in markers written before the cap could be raised). */
  maxSkills?: number;
  /** How many times this check was (re)started; caps restarts of a check that keeps dying. */
  attempts: number;
  done: number;
  total: number;
}

/** The user's two switches (D5, D9); stored with a schema version (utils/extension/stored-items/). */
export type { Options };
const DEFAULT_OPTIONS: Readonly<Options> = Object.freeze({ autoCheck: true, autoOtherHosts: false, rememberChanges: true });

/** The raw documents kept for a few origins the user asked about (full-page report), by origin. */
export interface StoredRawDocuments {
  /** `report.checkedAt` of the result they belong to: shown only beside that result. */
  checkedAt: string;
  documents: RawText[];
}

/** Every key this module writes, in one place: eight fixed keys and four prefixes. */
export const STORAGE_KEYS = {
  /** session: tab id → origin it shows. */
  tabs: 'tabs',
  /** session: `result:<origin>`, one origin's last finished check, packed (its time apart). */
  resultPrefix: 'result:',
  /** session: `result-at:<origin>`, when that result was checked (epoch ms), for the sweep. */
  resultAtPrefix: 'result-at:',
  /** session: `checking:<origin>`, a check in flight. */
  markerPrefix: 'checking:',
  /** session: the index texts of the last checks of the few origins last asked about. */
  rawDocuments: 'raw-documents',
  /** local: the user's options (versioned). */
  options: 'options',
  /** local: origins not to check on visit, the panel's per-site choice (versioned). */
  quietSites: 'quiet-sites',
  /** local: when to check each origin again on a visit (versioned, bounded). */
  revisits: 'revisits',
  /** local: origins whose skill cap the user raised (versioned, bounded). */
  skillCaps: 'skill-caps',
  /** local: what each site published at its last check (D13; versioned, bounded). */
  siteMemory: 'site-memory',
  /** local: the skill-body cache's index (versioned), and `skill:<hex>` each body in base64. */
  bodyIndex: 'skill-bodies',
  bodyPrefix: 'skill:',
} as const;
const {
  tabs: TABS_KEY,
  options: OPTIONS_KEY,
  quietSites: QUIET_KEY,
  revisits: REVISITS_KEY,
  skillCaps: SKILL_CAPS_KEY,
  bodyIndex: BODY_INDEX_KEY,
} = STORAGE_KEYS;
const resultKey = (origin: string) => `${STORAGE_KEYS.resultPrefix}${origin}`;
const resultAtKey = (origin: string) => `${STORAGE_KEYS.resultAtPrefix}${origin}`;
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
 * The keys of storage.session, without its values: `get(null)` brings every result too (up to
 * 10 MB), 100–150 ms in Chromium's worker where `getKeys()` takes 2–10 ms. `getKeys` is Chrome
 * 130+ and Firefox 143+; older browsers (Firefox ESR 140 is supported) and a `getKeys` that
 * throws read everything instead. Read once per worker life, for `storedOrigins`.
 */
async function allSessionKeys(): Promise<string[]> {
  const area = session() as typeof browser.storage.session & { getKeys?: () => Promise<string[]> };
  try {
    if (area.getKeys) return await area.getKeys();
  } catch {
    // Not there after all (the test fake's throws): every value below, as without it.
  }
  return Object.keys(await area.get(null));
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

// -- copies the background holds ------------------------------------------------------------

/**
 * A stored item held in the background's memory once read, so that a page visit reads nothing
 * from the browser process: right after a page's load every call there waited 4–5 ms, most of
 * the time from the visit's message to the check's first request (docs/benchmarks.md). Storage
 * stays the truth: a new worker reads it again, and a failed read or write drops the copy. Only
 * for items the background alone writes, or whose writers tell it (`forget`); pages read storage.
 */
function heldCopy<T>(readStored: () => Promise<T>) {
  let held: Promise<T> | null = null;
  const load = () =>
    readStored().catch((error: unknown) => {
      held = null;
      throw error;
    });
  const copy = {
    read: (): Promise<T> => (held ??= load()),
    /** After a successful write of `value`. */
    wrote: (value: T) => void (held = Promise.resolve(value)),
    /** Changes the copy in place; every read from now on sees the change (calls keep their order). */
    update: (change: (value: T) => void) =>
      void (held = (held ?? load()).then((value) => {
        change(value);
        return value;
      })),
    forget: () => void (held = null),
  };
  heldCopies.push(copy);
  return copy;
}
const heldCopies: { forget(): void }[] = [];

/** Drops every copy held in memory (tests, whose storage is reset between cases). */
export function forgetHeldCopies(): void {
  for (const copy of heldCopies) copy.forget();
  skillBodies.forget();
}

/** Writes `value` under `key` in `area`, keeping `copy` in step (a failed write drops it). */
async function writeHeld<T>(
  copy: ReturnType<typeof heldCopy<T>>,
  area: typeof browser.storage.local,
  key: string,
  stored: unknown,
  value: T,
) {
  try {
    await area.set({ [key]: stored });
    copy.wrote(value);
  } catch (error) {
    copy.forget();
    throw error;
  }
}

// -- tabs → origin ---------------------------------------------------------------------------

const tabsHeld = /* @__PURE__ */ heldCopy(async () => {
  const raw = (await read<Record<string, string>>(session(), TABS_KEY)) ?? {};
  return new Map(Object.entries(raw).map(([id, origin]) => [Number(id), origin]));
});

/** Tab id → origin it shows, as a Map (keys are numeric strings we wrote ourselves). */
export async function tabOrigins(): Promise<Map<number, string>> {
  return new Map(await tabsHeld.read());
}

/** Changed in the copy at once, so a check started meanwhile finds the tab; then written. */
function updateTabs(change: (tabs: Map<number, string>) => void): Promise<void> {
  tabsHeld.update(change);
  return serialised(TABS_KEY, async () => {
    const tabs = await tabsHeld.read();
    try {
      await session().set({ [TABS_KEY]: Object.fromEntries([...tabs].map(([id, o]) => [String(id), o])) });
    } catch (error) {
      tabsHeld.forget();
      throw error;
    }
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

/**
 * A result as storage keeps it: the report and the rest packed in one string (packed-json.ts)
 * under `result:`, and its `checkedAt` alone under `result-at:`, the one place the time is kept:
 * the sweep reads the times without the results, and the two are written in one `set`.
 */
type PackedResult = string;

/** Far past a report of the raised cap's 1000 skills; storage.session holds 10 MB in all. */
const RESULT_PACKED_MAX = 8_000_000;

const packResult = ({ checkedAt: _, ...rest }: StoredResult): PackedResult => packJson(rest);

/** Ours, written by `setResult`; anything else (none is) reads as no result, never a throw. */
function unpackResult(got: Record<string, unknown>, origin: string): StoredResult | null {
  const checkedAt = got[resultAtKey(origin)];
  const rest = unpackJson(got[resultKey(origin)], RESULT_PACKED_MAX);
  if (typeof checkedAt !== 'number' || typeof rest !== 'object' || rest === null || Array.isArray(rest)) return null;
  return { ...(rest as Omit<StoredResult, 'checkedAt'>), checkedAt };
}

/** The origins with a stored result, and with a marker (the background alone writes both). */
const storedOrigins = /* @__PURE__ */ heldCopy(async () => {
  const keys = await allSessionKeys();
  const origins = (prefix: string) => new Set(keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)));
  return { results: origins(STORAGE_KEYS.resultPrefix), markers: origins(STORAGE_KEYS.markerPrefix) };
});

export const getResult = async (origin: string) => unpackResult(await session().get([resultKey(origin), resultAtKey(origin)]), origin);
export const getMarker = (origin: string) => read<CheckMarker>(session(), markerKey(origin));

export async function setMarker(origin: string, marker: CheckMarker): Promise<void> {
  await session().set({ [markerKey(origin)]: marker });
  storedOrigins.update(({ markers }) => void markers.add(origin));
}

export async function clearMarker(origin: string): Promise<void> {
  await session().remove(markerKey(origin));
  storedOrigins.update(({ markers }) => void markers.delete(origin));
}

/** An origin's result and marker in one storage read: the panel's first view needs both. */
export async function getOriginState(origin: string): Promise<{ result: StoredResult | null; marker: CheckMarker | null }> {
  const got = await session().get([resultKey(origin), resultAtKey(origin), markerKey(origin)]);
  return {
    result: unpackResult(got, origin),
    marker: (got[markerKey(origin)] as CheckMarker | undefined) ?? null,
  };
}

/** What a page visit to `origin` decides from (background only). */
export interface VisitState {
  result: StoredResult | null;
  marker: CheckMarker | null;
  revisit: Revisit | null;
}

/**
 * An origin with a result or a marker has them read, and its revisit time beside them (stored
 * values, since storage is read anyway); any other costs no storage call: of it, only a revisit
 * time may be stored, which the copy holds.
 */
export async function getVisitState(origin: string): Promise<VisitState> {
  const { results, markers } = await storedOrigins.read();
  if (!results.has(origin) && !markers.has(origin))
    return { result: null, marker: null, revisit: revisitOf(await revisitsHeld.read(), origin) };
  const [state, stored] = await Promise.all([getOriginState(origin), readRevisits()]);
  return { ...state, revisit: revisitOf(stored, origin) };
}

/** Stores a result; on a quota error, sweeps every result no tab shows and tries once more. */
export async function setResult(origin: string, result: StoredResult): Promise<void> {
  const items = { [resultKey(origin)]: packResult(result), [resultAtKey(origin)]: result.checkedAt };
  try {
    await session().set(items);
  } catch {
    await sweepResults(0, Date.now());
    await session().set(items);
  }
  storedOrigins.update(({ results }) => void results.add(origin));
}

// -- raw documents (the full-page report's numbered lines) ---------------------------------

/** Stored as a list, newest last: the order says which origin goes first. */
type RawDocumentsList = (StoredRawDocuments & { origin: string })[];

async function readRawDocuments(): Promise<RawDocumentsList> {
  const stored = await read<unknown>(session(), STORAGE_KEYS.rawDocuments);
  return Array.isArray(stored) ? (stored as RawDocumentsList) : [];
}

/** The raw documents of `origin`'s last check, when one that keeps them ran. */
export async function getRawDocuments(origin: string): Promise<StoredRawDocuments | null> {
  const found = (await readRawDocuments()).find((r) => r.origin === origin);
  return found ? { checkedAt: found.checkedAt, documents: found.documents } : null;
}

/** The origins whose raw documents are kept: a check that keeps none (most) need not read them. */
const rawOriginsHeld = /* @__PURE__ */ heldCopy(async () => new Set((await readRawDocuments()).map((r) => r.origin)));

/**
 * Keeps `origin`'s raw documents, and those of RAW_DOCUMENTS_ORIGINS_MAX origins at most: an
 * index can be megabytes, and sixty of them would crowd out the results. `null` drops the
 * origin's (a check that did not keep them: the old texts would not match its result).
 */
export function setRawDocuments(origin: string, raw: StoredRawDocuments | null): Promise<void> {
  return serialised(STORAGE_KEYS.rawDocuments, async () => {
    if (raw === null && !(await rawOriginsHeld.read()).has(origin)) return;
    const all = await readRawDocuments();
    const others = all.filter((r) => r.origin !== origin);
    if (raw === null && others.length === all.length) return;
    const next = (raw === null ? others : [...others, { origin, ...raw }]).slice(-RAW_DOCUMENTS_ORIGINS_MAX);
    await writeHeld(rawOriginsHeld, session(), STORAGE_KEYS.rawDocuments, next, new Set(next.map((r) => r.origin)));
  });
}

/** Every in-flight marker, by origin (for restarting checks after the worker died). */
export async function allMarkers(): Promise<Map<string, CheckMarker>> {
  const keys = [...(await storedOrigins.read()).markers].map(markerKey);
  const got = keys.length > 0 ? await session().get(keys) : {};
  return new Map(Object.entries(got).map(([key, value]) => [key.slice(STORAGE_KEYS.markerPrefix.length), value as CheckMarker]));
}

/**
 * Drops results older than `maxAgeMs` that no open tab shows, reading only when each was
 * checked (`result-at:`), never the results. A result without its time (none is: they are
 * written together) counts as old.
 */
export async function sweepResults(maxAgeMs: number, now: number): Promise<void> {
  const [{ results }, tabs] = await Promise.all([storedOrigins.read(), tabOrigins()]);
  const shown = new Set(tabs.values());
  const origins = [...results].filter((origin) => !shown.has(origin));
  if (origins.length === 0) return;
  const times = await session().get(origins.map(resultAtKey));
  const stale = origins.filter((origin) => {
    const at = times[resultAtKey(origin)];
    return typeof at !== 'number' || now - at >= maxAgeMs;
  });
  if (stale.length === 0) return;
  await session().remove(stale.flatMap((origin) => [resultKey(origin), resultAtKey(origin)]));
  storedOrigins.update(({ results }) => stale.forEach((origin) => results.delete(origin)));
}

/**
 * Calls `onChange` when the result or marker of `origin` changes; returns the unsubscribe.
 * storage.session's own event, not `storage.onChanged`: that one would also bring the panel
 * every skill-body write to storage.local, a megabyte of old and new values each.
 */
export function watchOrigin(origin: string, onChange: () => void): () => void {
  const keys = new Set([resultKey(origin), markerKey(origin)]);
  const listener = (changes: Record<string, unknown>) => {
    if (Object.keys(changes).some((k) => keys.has(k))) onChange();
  };
  session().onChanged.addListener(listener);
  return () => session().onChanged.removeListener(listener);
}

// -- options ---------------------------------------------------------------------------------

/**
 * Plain checks, not a zod schema: the options page and the popup load this module, and zod would
 * be most of their bundle. Whatever is stored (an older version, corrupt data), each option is a
 * boolean or its default.
 */
export async function getOptions(): Promise<Options> {
  const { autoCheck, autoOtherHosts, rememberChanges } = readStoredOptions(await read<unknown>(local(), OPTIONS_KEY), DEFAULT_OPTIONS);
  return { autoCheck, autoOtherHosts, rememberChanges };
}

export function setOptions(change: Partial<Options>): Promise<void> {
  return serialised(OPTIONS_KEY, async () => {
    const current = await getOptions();
    const next: StoredOptions = {
      version: OPTIONS_VERSION,
      autoCheck: change.autoCheck ?? current.autoCheck,
      autoOtherHosts: change.autoOtherHosts ?? current.autoOtherHosts,
      rememberChanges: change.rememberChanges ?? current.rememberChanges,
    };
    await local().set({ [OPTIONS_KEY]: next });
    choicesHeld.forget();
    // Turning the memory off forgets what it kept (D13), not only what it would keep.
    if (change.rememberChanges === false) await dropSiteMemory();
  });
}

// -- per-site choice ------------------------------------------------------------------------

/** Origins the user asked not to check on visit; they are still checked when the panel opens. */
export async function getQuietSites(): Promise<Set<string>> {
  return new Set(readStoredQuietSites(await read<unknown>(local(), QUIET_KEY)).origins);
}

/** The options and the quiet sites, in one storage read. */
async function readChoices(): Promise<{ options: Options; quiet: ReadonlySet<string> }> {
  const got = await local().get([OPTIONS_KEY, QUIET_KEY]);
  const { autoCheck, autoOtherHosts, rememberChanges } = readStoredOptions(got[OPTIONS_KEY], DEFAULT_OPTIONS);
  return { options: { autoCheck, autoOtherHosts, rememberChanges }, quiet: new Set(readStoredQuietSites(got[QUIET_KEY]).origins) };
}

/** The background's copy: the options page and the panel write the choices, then say so
 *  (`choicesChanged`, through the message of that name). */
const choicesHeld = /* @__PURE__ */ heldCopy(readChoices);

/** What a page visit to `origin` needs of the user's choices (background only). */
export async function getVisitChoices(origin: string): Promise<{ options: Options; quiet: boolean }> {
  const { options, quiet } = await choicesHeld.read();
  return { options, quiet: quiet.has(origin) };
}

/**
 * The options page or the panel changed the choices (background): the copies go, the next visit
 * reads them again. With the memory now off, a site memory that a check wrote meanwhile, before
 * it heard, goes too (D13).
 */
export async function choicesChanged(): Promise<void> {
  choicesHeld.forget();
  memoryHeld.forget();
  if (!(await choicesHeld.read()).options.rememberChanges) await dropSiteMemory();
}

/**
 * Whether visits to `origin` start a check, in one storage read (the panel shows the choice):
 * null when automatic checks are off for every site (the options page), else whether the user
 * turned them off for this one.
 */
export async function getSiteQuiet(origin: string): Promise<boolean | null> {
  const { options, quiet } = await readChoices();
  return options.autoCheck ? quiet.has(origin) : null;
}

/** "Don't check this site automatically" (`quiet`) and its undo. Stored locally, never synced. */
export function setSiteQuiet(origin: string, quiet: boolean): Promise<void> {
  return serialised(QUIET_KEY, async () => {
    const origins = [...(await getQuietSites())].filter((o) => o !== origin);
    if (quiet) origins.push(origin);
    const stored: StoredQuietSites = { version: QUIET_SITES_VERSION, origins: origins.slice(-QUIET_SITES_MAX) };
    await local().set({ [QUIET_KEY]: stored });
    choicesHeld.forget();
  });
}

// -- when to check an origin again -----------------------------------------------------------

/** The next automatic check of an origin, in storage.local: it outlives the session's results. */
export interface Revisit {
  /** Epoch milliseconds before which a visit does not check the origin again. */
  until: number;
  /** The last check found nothing published (no result is needed to show that). */
  nothing: boolean;
}

const readRevisits = async () => readStoredRevisits(await read<unknown>(local(), REVISITS_KEY)).origins;
const revisitsHeld = /* @__PURE__ */ heldCopy(readRevisits);

function revisitOf(origins: StoredRevisits['origins'], origin: string): Revisit | null {
  const found = origins.find(([o]) => o === origin);
  return found ? { until: found[1], nothing: found[2] } : null;
}

export const getRevisit = async (origin: string): Promise<Revisit | null> => revisitOf(await revisitsHeld.read(), origin);

/** Records (or with null forgets) an origin's next check; entries past their time are dropped. */
export function setRevisit(origin: string, revisit: Revisit | null, now: number = Date.now()): Promise<void> {
  return serialised(REVISITS_KEY, async () => {
    const kept = (await revisitsHeld.read()).filter(([o, until]) => o !== origin && until > now);
    if (revisit) kept.push([origin, revisit.until, revisit.nothing]);
    const stored: StoredRevisits = { version: REVISITS_VERSION, origins: kept.slice(-REVISITS_MAX) };
    await writeHeld(revisitsHeld, local(), REVISITS_KEY, stored, stored.origins);
  });
}

// -- skill caps raised by the user -----------------------------------------------------------

const skillCapsHeld = /* @__PURE__ */ heldCopy(
  async () => readStoredSkillCaps(await read<unknown>(local(), SKILL_CAPS_KEY), DEFAULT_LIMITS.maxSkills, RAISED_MAX_SKILLS).origins,
);

/** Entries per index that checks of `origin` take: the default, or what "Check the remaining N" raised it to. */
export async function getSkillCap(origin: string): Promise<number> {
  return (await skillCapsHeld.read()).find(([o]) => o === origin)?.[1] ?? DEFAULT_LIMITS.maxSkills;
}

/** Remembers a raised cap for `origin` (the newest last; the oldest go past SKILL_CAPS_MAX). */
export function setSkillCap(origin: string, maxSkills: number): Promise<void> {
  return serialised(SKILL_CAPS_KEY, async () => {
    const kept = (await skillCapsHeld.read()).filter(([o]) => o !== origin);
    kept.push([origin, maxSkills]);
    const stored: StoredSkillCaps = { version: SKILL_CAPS_VERSION, origins: kept.slice(-SKILL_CAPS_MAX) };
    await writeHeld(skillCapsHeld, local(), SKILL_CAPS_KEY, stored, stored.origins);
  });
}

// -- what sites published (D13) ---------------------------------------------------------------

/** The background's copy: the background writes the memory, and the options page drops it
 *  (turning the memory off), then says so (`choicesChanged`). */
const memoryHeld = /* @__PURE__ */ heldCopy(async () => readSiteMemory(await read<unknown>(local(), STORAGE_KEYS.siteMemory)));

/** One step on the memory: `next` from what is kept (null: no change), written, the copy kept in step. */
function changeMemory(next: (memory: StoredSiteMemory) => StoredSiteMemory | null): Promise<void> {
  return serialised(STORAGE_KEYS.siteMemory, async () => {
    const changed = next(await memoryHeld.read());
    if (changed) await writeHeld(memoryHeld, local(), STORAGE_KEYS.siteMemory, changed, changed);
  });
}

/** Forgets every site (the memory turned off, D13): stored and held. */
const dropSiteMemory = () =>
  serialised(STORAGE_KEYS.siteMemory, async () => {
    memoryHeld.forget();
    await local().remove(STORAGE_KEYS.siteMemory);
  });

/**
 * Remembers what `origin` publishes now with the changes `compare` finds since the check before
 * (null on a first visit), and answers them; null, keeping nothing, when the user turned the
 * memory off (the options page). Background only (its copies of the choices and the memory).
 * Read, compare and write are one step per origin; the answer comes once the write has started
 * (the next step waits for it), and a failed write loses only the comparison.
 */
export function rememberSite(
  origin: string,
  print: SiteFingerprint,
  checkedAt: string,
  compare: (earlier: MemoryEntry | null) => MemoryEntry['changes'] | null | Promise<MemoryEntry['changes'] | null>,
): Promise<MemoryEntry['changes'] | null> {
  return new Promise((resolve, reject) => {
    void serialised(STORAGE_KEYS.siteMemory, async () => {
      let writing: Promise<void>;
      try {
        const [{ options }, memory] = await Promise.all([choicesHeld.read(), memoryHeld.read()]);
        if (!options.rememberChanges) return resolve(null);
        const changes = await compare(recallSite(memory, origin));
        const next = remembered(memory, origin, print, checkedAt, undefined, changes ?? undefined);
        writing = writeHeld(memoryHeld, local(), STORAGE_KEYS.siteMemory, next, next);
        resolve(changes);
      } catch (error) {
        return reject(error);
      }
      await writing.catch((error: unknown) => console.warn('Poppy Inspector: site memory not kept', error));
    });
  });
}

/**
 * The panel was opened on `origin`: its changes are seen, and the badge's mark goes (D13). From a
 * private window (`inMemory` false) only the shown result is marked: storage.local stays as it was.
 */
export async function markChangesSeen(origin: string, inMemory = true): Promise<void> {
  if (inMemory)
    await changeMemory((memory) => {
      const entry = recallSite(memory, origin);
      if (!entry?.changes || entry.changes.seen) return null;
      return remembered(memory, origin, entry, entry.checkedAt, undefined, { ...entry.changes, seen: true });
    });
  const result = await getResult(origin);
  if (result?.changes && !result.changes.seen) await setResult(origin, { ...result, changes: { ...result.changes, seen: true } });
}

/** "Forget this site": what it published is no longer remembered. */
export const forgetSite = (origin: string): Promise<void> => changeMemory((memory) => forgotten(memory, origin));

// -- skill bodies by digest ------------------------------------------------------------------

/** The engine's skill memory and the preview's bodies by digest, in storage.local (skill-body-cache.ts). */
// Creating it touches no storage: marked pure, so pages that never use it (the popup) leave it out.
export const skillBodies = /* @__PURE__ */ skillBodyCache(local, {
  indexKey: BODY_INDEX_KEY,
  bodyKey,
  budget: BODY_BUDGET,
  bodyMax: BODY_MAX,
  serialised,
});
export type { BodyBatch } from '../skill-body-cache';
