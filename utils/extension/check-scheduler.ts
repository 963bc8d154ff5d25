/**
 * When to check which origin, and what each tab's badge shows meanwhile. Module variables are a
 * cache only: storage is the truth, so a worker stopped mid-check (Chrome stops idle MV3 workers
 * after about 30 s) finds the in-flight marker on its next start and runs the check again.
 */
import type { BadgeState } from './badge';
import { coalescedWrites } from './coalesced-writes';
import type { CheckProgress, CheckResult } from '../engine/check';
import { changesBetween, fingerprint } from '../engine/changes';
import { reportState } from '../engine/report/state';
import { DEFAULT_LIMITS, RAISED_MAX_SKILLS } from '../engine/spec';
import type * as Storage from './platform/storage';
import type { CheckMarker, StoredResult } from './platform/storage';
import { revisitAfter, visitMayWait } from './revisit-policy';
import { panelNeedsCheck } from './panel-needs-check';

export interface CheckRequest {
  /** May fetch skill files on other hosts (panel open, or the user's opt-in; D5). */
  allHosts: boolean;
  /** The panel's re-check: revalidate HTTP caches and ignore cached skill bodies. */
  revalidate: boolean;
  /** Entries per index to check: the default, or the origin's cap the user raised (stored). */
  maxSkills: number;
}

/** `keep`: what a check leaves to write once its result is shown (the skill-body cache); its job
 *  ends when that has been written. */
export type RunCheckResult = CheckResult & {
  keep?: () => Promise<void>;
  /** The SKILL.md text of a `sha256:` digest: this check's verified bytes, else the skill-body
   *  cache's; null when neither holds it. Feeds a rewritten skill's line diff (D13). */
  skillText?: (digest: string) => Promise<string | null>;
};

export type RunCheck = (origin: string, request: CheckRequest, onProgress: (progress: CheckProgress) => void) => Promise<RunCheckResult>;

export type SchedulerStore = Pick<
  typeof Storage,
  | 'tabOrigins'
  | 'setTabOrigin'
  | 'forgetTabs'
  | 'getResult'
  | 'setResult'
  | 'getMarker'
  | 'getVisitState'
  | 'setMarker'
  | 'clearMarker'
  | 'allMarkers'
  | 'getVisitChoices'
  | 'sweepResults'
  | 'setRevisit'
  | 'getSkillCap'
  | 'setSkillCap'
  | 'setRawDocuments'
  | 'rememberSite'
  | 'markChangesSeen'
>;

export interface SchedulerDeps {
  store: SchedulerStore;
  runCheck: RunCheck;
  showBadge(tabId: number, state: BadgeState): Promise<void>;
  /** The origin a tab shows now: null when none we check, undefined when the browser won't say. */
  liveOrigin?(tabId: number): Promise<string | null | undefined>;
  /** Whether a tab is in a private window: a check of a site shown in one keeps nothing in
   *  storage.local (D13). */
  isPrivateTab?(tabId: number): Promise<boolean>;
  now?: () => number;
  freshMs?: number;
  /** How long a check runs before its tabs show "checking" (CHECKING_PAINT_DELAY_MS). */
  checkingPaintDelayMs?: number;
}

/** A check that keeps killing the worker is not restarted forever. */
export const MAX_ATTEMPTS = 3;
/** Progress reaches storage (the panel's "checking N of M") ten times a second at most. */
const PROGRESS_SPACING_MS = 100;
/**
 * A check's tabs show "checking" once it has run this long: a shorter one (a few skills) goes from
 * the navigation's blank badge straight to its result, without a flicker, and its badge calls
 * stay out of the way of its requests (docs/benchmarks.md). Long enough for such a check, short
 * enough to feel immediate.
 */
export const CHECKING_PAINT_DELAY_MS = 150;
/** Results no tab shows are dropped after this long. */
const KEEP_MS = 60 * 60 * 1000;

interface Job {
  request: CheckRequest;
  /** Resolves once the marker is written (or its write failed). */
  started: Promise<void>;
  /** Whether its tabs show "checking" yet: a tab joining later is painted on its own. */
  checkingShown: boolean;
  /** Resolves when the check has ended and the tabs show its result. Never rejects. */
  done: Promise<void>;
}

const covers = (running: CheckRequest, wanted: CheckRequest) =>
  (running.allHosts || !wanted.allHosts) && (running.revalidate || !wanted.revalidate) && running.maxSkills >= wanted.maxSkills;

export type Scheduler = ReturnType<typeof createScheduler>;

export function createScheduler(deps: SchedulerDeps) {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const freshMs = deps.freshMs ?? DEFAULT_LIMITS.freshMs;
  const checkingPaintDelayMs = deps.checkingPaintDelayMs ?? CHECKING_PAINT_DELAY_MS;
  const jobs = new Map<string, Job>();
  /** Tab id → whether it is in a private window: a tab never changes window kind, so one look
   *  (or the visit's sender) lasts the tab's life. */
  const privateTabs = new Map<number, boolean>();
  let lastSweep = now();

  /** `stored`: the origin's stored report when the caller holds it already (just written, or
   *  just read), which spares reading and unpacking it again. */
  async function stateOf(origin: string, stored?: Pick<StoredResult, 'report' | 'changes'>): Promise<BadgeState> {
    if (jobs.has(origin)) return { kind: 'checking' };
    const result = stored ?? (await store.getResult(origin));
    // The change mark stays until the panel has been opened on the site (D13).
    return result
      ? { kind: 'result', report: result.report, changed: result.changes !== undefined && !result.changes.seen }
      : { kind: 'idle' };
  }

  /** Updates every tab recorded on `origin`, and only those; forgets tabs that moved on. */
  async function showOrigin(origin: string, stored?: Pick<StoredResult, 'report' | 'changes'>): Promise<void> {
    const [state, recorded] = await Promise.all([stateOf(origin, stored), store.tabOrigins()]);
    const tabs = [...recorded].filter(([, o]) => o === origin).map(([id]) => id);
    const moved: number[] = [];
    await Promise.all(
      tabs.map(async (tabId) => {
        const live = await deps.liveOrigin?.(tabId);
        if (live !== undefined && live !== origin) moved.push(tabId);
        else await deps.showBadge(tabId, state);
      }),
    );
    // Conditional: a visit to the tab's new origin may have been recorded since the read above.
    if (moved.length > 0) await store.forgetTabs(moved, origin);
  }

  /** Whether a tab showing `origin` is in a private window: then the check writes nothing to
   *  storage.local (D13), only the session's result its tabs show. */
  async function shownPrivately(origin: string): Promise<boolean> {
    const { isPrivateTab } = deps;
    if (!isPrivateTab) return false;
    const tabs = [...(await store.tabOrigins())].filter(([, o]) => o === origin).map(([id]) => id);
    const looks = tabs.map(async (id) => {
      const known = privateTabs.get(id);
      if (known !== undefined) return known;
      const found = await isPrivateTab(id);
      // A doubt (a closed tab counts as private) is not remembered: only what the browser said.
      if (!found) privateTabs.set(id, false);
      return found;
    });
    return (await Promise.all(looks)).includes(true);
  }

  /**
   * What the site publishes differently from its last check, remembering this one (D13). A first
   * visit says nothing; a check that could not read the site neither compares nor overwrites.
   */
  async function changesSinceLast(origin: string, result: RunCheckResult): Promise<StoredResult['changes'] | null> {
    const { report, skillText } = result;
    if (reportState(report) === 'unreadable') return null;
    const print = fingerprint(report);
    // Changes found earlier stay until newer ones: the check the panel starts as it opens
    // finds nothing new, and must not hide what the visit's check found.
    const compare = async (earlier: Parameters<Parameters<SchedulerStore['rememberSite']>[3]>[0]) => {
      if (earlier === null) return null;
      let list = changesBetween(earlier, print);
      // A rewritten skill with both texts at hand gets its line diff: read them, compare again.
      const digests = list.flatMap((c) => (c.kind === 'skill-changed' ? [c.before.digest, c.after.digest] : []));
      const wanted = [...new Set(digests.filter((d): d is string => d !== null))];
      if (skillText && wanted.length > 0) {
        const texts = new Map(await Promise.all(wanted.map(async (d) => [d, await skillText(d).catch(() => null)] as const)));
        list = changesBetween(earlier, print, (d) => texts.get(d) ?? null);
      }
      return list.length > 0 ? { since: earlier.checkedAt, list } : (earlier.changes ?? null);
    };
    // Never at the result's cost: a storage failure only loses the comparison.
    return store.rememberSite(origin, print, report.checkedAt, compare).catch(() => null);
  }

  /** Runs one check to the end; never rejects, so callers may fire and forget. */
  async function run(origin: string, job: Job, attempts: number, started: () => void): Promise<void> {
    const { request } = job;
    const { allHosts, revalidate, maxSkills } = request;
    const marker = { startedAt: now(), allHosts, revalidate, maxSkills, attempts, done: 0, total: 0 };
    // Progress goes to storage: the panel shows it, and each write keeps the worker alive. The
    // first waits one spacing: a check over by then writes none.
    const progress = coalescedWrites((p: CheckProgress) => store.setMarker(origin, { ...marker, ...p }), PROGRESS_SPACING_MS);
    let keep: (() => Promise<void>) | undefined;
    let shown: Pick<StoredResult, 'report' | 'changes'> | undefined;
    let markerCleared: Promise<void> | undefined;
    // The marker's write and the check, side by side: the check's first request does not wait
    // for it (the write was a quarter of the time from the visit's message to the first
    // request). It ends before the result is written, so the marker's removal never precedes
    // it; `started` means it is done. A marker that could not be written costs only the restart
    // after a worker stop, never the check. Private tabs are looked for as the check starts
    // too: one closed before it ends is no longer recorded, and a doubt keeps nothing (D13).
    const privateAtStart = shownPrivately(origin).catch(() => true);
    const marking = Promise.all([store.setMarker(origin, marker), privateAtStart]).then(started);
    // "Checking" once the check has run CHECKING_PAINT_DELAY_MS; that paint ends before the
    // result's, so it never covers it.
    let checkingPaint: Promise<void> = Promise.resolve();
    const paintChecking = () => {
      job.checkingShown = true;
      checkingPaint = showOrigin(origin).catch((error: unknown) => console.error('Poppy Inspector: badge update failed', error));
    };
    const paintTimer = checkingPaintDelayMs > 0 ? setTimeout(paintChecking, checkingPaintDelayMs) : (paintChecking(), undefined);
    try {
      let result: RunCheckResult;
      try {
        result = await deps.runCheck(origin, request, progress.write);
      } finally {
        clearTimeout(paintTimer);
        await Promise.all([
          marking.catch((error: unknown) => console.error('Poppy Inspector: marking the check failed', error)),
          checkingPaint,
        ]);
      }
      // No progress write may land after the marker is cleared. Nothing from a private window
      // outlives the check (D13): no memory, no revisit time, no skill bodies.
      const [privateAtEnd] = await Promise.all([shownPrivately(origin), progress.dropped()]);
      const privately = privateAtEnd || (await privateAtStart);
      keep = privately ? undefined : result.keep;
      const { report, rawPoppy } = result;
      const checkedAt = now();
      // Written before the result, so a page that reads on the result's change finds them. A
      // check for every host (the panel's, Check again, the report page; automatic ones only when
      // the user opted in to other hosts) keeps the index texts the full-page report shows, for
      // RAW_DOCUMENTS_ORIGINS_MAX origins at most; any other drops this origin's older texts.
      const documents = request.allHosts ? (result.rawDocuments ?? []) : [];
      // Never at the result's cost: a quota error here leaves the report without its texts.
      const [, changes] = await Promise.all([
        store.setRawDocuments(origin, documents.length > 0 ? { checkedAt: report.checkedAt, documents } : null).catch(() => undefined),
        privately ? null : changesSinceLast(origin, result),
      ]);
      // The marker's removal goes out right behind the result's write, not after its answer: the
      // browser takes one extension's storage calls in the order sent (only a write retried after
      // a quota error lands later). Cleared while the job is still registered: a check started
      // after `delete` must not lose its own marker to this one.
      const resultWritten = store.setResult(origin, {
        report,
        rawPoppy,
        checkedAt,
        allHosts: request.allHosts,
        ...(changes ? { changes } : {}),
      });
      markerCleared = store.clearMarker(origin).catch(() => undefined);
      await Promise.all([
        resultWritten,
        privately ? undefined : store.setRevisit(origin, revisitAfter(checkedAt, result, freshMs), checkedAt),
      ]);
      shown = { report, ...(changes ? { changes } : {}) };
    } catch (error) {
      // The engine reports problems as findings; reaching here means a bug or a storage failure.
      console.error(`Poppy Inspector: check of ${origin} failed`, error);
    }
    started();
    await (markerCleared ?? store.clearMarker(origin).catch(() => undefined));
    jobs.delete(origin);
    await showOrigin(origin, shown).catch((error: unknown) => console.error('Poppy Inspector: badge update failed', error));
    // Last: 200 bodies are a megabyte for storage.local, and what is written before would queue
    // behind it (the revisit time waited 50–120 ms for it, `npm run bench`).
    await keep?.();
  }

  /**
   * One check per origin at a time. A request the running check already covers joins it; a
   * wider one (other hosts, revalidate) runs once the current one ends. The job is registered
   * synchronously, so two callers racing across awaits still start only one check.
   */
  function ensureCheck(origin: string, request: CheckRequest, attempts = 1): Job {
    const running = jobs.get(origin);
    if (running) {
      if (covers(running.request, request)) return running;
      return { request, started: running.started, checkingShown: false, done: running.done.then(() => ensureCheck(origin, request).done) };
    }
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const job: Job = { request, started, checkingShown: false, done: Promise.resolve() };
    jobs.set(origin, job);
    job.done = run(origin, job, attempts, markStarted);
    return job;
  }

  /** The job checking `origin`, restarting it when a marker says it died with the last worker;
   *  `read` is the marker when the caller has read it already. */
  async function liveOrRestarted(origin: string, read?: CheckMarker | null): Promise<Job | null> {
    const marker = jobs.has(origin) ? null : read !== undefined ? read : await store.getMarker(origin);
    const running = jobs.get(origin);
    if (running || !marker) return running ?? null;
    if (marker.attempts >= MAX_ATTEMPTS) {
      await store.clearMarker(origin);
      return null;
    }
    const maxSkills = marker.maxSkills ?? (await store.getSkillCap(origin));
    return ensureCheck(origin, { allHosts: marker.allHosts, revalidate: marker.revalidate, maxSkills }, marker.attempts + 1);
  }

  /** A visit joining a check under way: its tab shows "checking" once the check's tabs do (until
   *  then, that paint or the result's covers it, since the tab is recorded). */
  const joinChecking = (job: Job, tabId: number) =>
    job.started.then(() => (job.checkingShown ? deps.showBadge(tabId, { kind: 'checking' }) : undefined));

  /** A request for `origin` with the cap stored for it (the user may have raised it). */
  const requestFor = async (origin: string, allHosts: boolean, revalidate: boolean): Promise<CheckRequest> => ({
    allHosts,
    revalidate,
    maxSkills: await store.getSkillCap(origin),
  });

  /** Starts the check the panel needs, if any; false when the cached result will do. */
  async function checkForPanel(origin: string): Promise<boolean> {
    const [result, request] = await Promise.all([store.getResult(origin), requestFor(origin, true, false)]);
    if (!panelNeedsCheck(result, now(), freshMs)) return false;
    await ensureCheck(origin, request).started;
    return true;
  }

  function sweepNowAndThen(): void {
    if (now() - lastSweep < freshMs) return;
    lastSweep = now();
    void store.sweepResults(KEEP_MS, now());
  }

  return {
    /** A content script reported a page load on `origin` in `tabId` (in a private window, when the
     *  browser's sender record says). Navigation cleared its badge. */
    async pageVisited(tabId: number, origin: string, incognito?: boolean): Promise<void> {
      if (incognito !== undefined) privateTabs.set(tabId, incognito);
      sweepNowAndThen();
      // A check of the origin under way: the visit records its tab and joins it, reading nothing.
      if (jobs.has(origin)) {
        await store.setTabOrigin(tabId, origin);
        // Or that check ended meanwhile, and its result is what the tab shows. This worker's own
        // job: no marker to read (one whose removal failed would restart a finished check).
        const job = jobs.get(origin);
        return job ? joinChecking(job, tabId) : deps.showBadge(tabId, await stateOf(origin));
      }
      // The tab is recorded in the background's copy at once (a check started now finds it) and
      // written meanwhile; what the decision needs comes from the background's copies
      // (platform/storage.ts), so a check of a site with nothing stored starts without waiting
      // on the browser process, where each call waited 4–5 ms right after a page's load
      // (docs/benchmarks.md).
      const recorded = store.setTabOrigin(tabId, origin);
      recorded.catch(() => undefined); // awaited below, unless a read fails first
      const [{ result, marker, revisit }, { options, quiet }, maxSkills] = await Promise.all([
        store.getVisitState(origin),
        store.getVisitChoices(origin),
        store.getSkillCap(origin),
      ]);
      const job = await liveOrRestarted(origin, marker);
      // Checked recently enough (or the site said to wait), off for every site, or for this one
      // (the panel's per-site choice): checked when the panel opens.
      const waits = !job && (visitMayWait(now(), freshMs, result?.checkedAt ?? null, revisit) || !options.autoCheck || quiet);
      const started = job ?? (waits ? null : ensureCheck(origin, { allHosts: options.autoOtherHosts, revalidate: false, maxSkills }));
      await Promise.all([recorded, started?.started]);
      if (job) return joinChecking(job, tabId);
      if (waits) return deps.showBadge(tabId, await stateOf(origin, result ?? undefined));
    },

    /**
     * The panel opened on `tabId`: skill files on other hosts are fetched now (D5). A site-only
     * check already running is followed by a full one only if its result still needs it, so
     * the panel does not see a final report turn back into "checking" for nothing.
     */
    async panelOpened(tabId: number, origin: string): Promise<void> {
      // D13: a private window's panel leaves the site memory as it was (a tab we cannot look at counts as private).
      const seen = (deps.isPrivateTab?.(tabId) ?? Promise.resolve(false)).catch(() => true).then((p) => store.markChangesSeen(origin, !p));
      await Promise.all([store.setTabOrigin(tabId, origin), seen.catch(() => undefined)]);
      const job = await liveOrRestarted(origin);
      if (job) {
        if (!job.request.allHosts) void job.done.then(() => checkForPanel(origin));
        return job.started;
      }
      if (!(await checkForPanel(origin))) await deps.showBadge(tabId, await stateOf(origin));
    },

    /** The panel's re-check button: bypass freshness and revalidate. */
    async recheck(tabId: number, origin: string): Promise<void> {
      const [request] = await Promise.all([requestFor(origin, true, true), store.setTabOrigin(tabId, origin)]);
      await ensureCheck(origin, request).started;
    },

    /**
     * "Check the remaining N" (D5): the press is the user's opt-in to a bigger check of
     * the tab's own origin. The raised cap is stored first, so automatic re-checks, "Check
     * again" and a check restarted with the worker keep it. Nothing happens unless the origin's
     * last result stopped at a cap below the raised one.
     */
    async checkRemaining(tabId: number, origin: string): Promise<void> {
      const [result] = await Promise.all([store.getResult(origin), store.setTabOrigin(tabId, origin)]);
      const cap = result?.report.cap;
      if (cap === undefined || cap.limit >= RAISED_MAX_SKILLS) return;
      await store.setSkillCap(origin, RAISED_MAX_SKILLS);
      await ensureCheck(origin, { allHosts: true, revalidate: false, maxSkills: RAISED_MAX_SKILLS }).started;
    },

    /**
     * The full-page report asked for `origin` (typed by the user, or opened from the panel): as
     * the panel does (D5: other hosts allowed), without a tab to record. `revalidate` is its
     * "Check again".
     */
    async siteRequested(origin: string, revalidate: boolean): Promise<void> {
      if (revalidate) return ensureCheck(origin, await requestFor(origin, true, true)).started;
      const job = await liveOrRestarted(origin);
      if (job) {
        if (!job.request.allHosts) void job.done.then(() => checkForPanel(origin));
        return job.started;
      }
      await checkForPanel(origin);
    },

    async tabClosed(tabId: number): Promise<void> {
      privateTabs.delete(tabId);
      await store.forgetTabs([tabId]);
    },

    /** Worker start: restart checks that died with the last worker, and re-apply every badge. */
    async resume(): Promise<void> {
      const markers = await store.allMarkers();
      await Promise.all([...markers.keys()].map(async (origin) => (await liveOrRestarted(origin))?.started));
      const origins = new Set((await store.tabOrigins()).values());
      await Promise.all([...origins].map((origin) => showOrigin(origin)));
      void store.sweepResults(KEEP_MS, now());
    },

    /** Resolves when no check is running (tests; nothing in the extension waits on it). */
    async idle(): Promise<void> {
      while (jobs.size > 0) await Promise.all([...jobs.values()].map((j) => j.done));
    },
  };
}
