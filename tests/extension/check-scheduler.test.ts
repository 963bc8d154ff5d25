import { SKILL_REASONS } from '../../utils/engine/check/verify-skill';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyBadge, liveOrigin } from '../../utils/extension/platform/badge-applier';
import { createScheduler, MAX_ATTEMPTS, type CheckRequest, type RunCheck } from '../../utils/extension/check-scheduler';
import { panelNeedsCheck } from '../../utils/extension/panel-needs-check';
import type { CheckResult } from '../../utils/engine/check';
import type { Report } from '../../utils/engine/report/report';
import * as storage from '../../utils/extension/platform/storage';
import { DEFAULT_LIMITS, RAISED_MAX_SKILLS } from '../../utils/engine/spec';
import { echoTranslate as echo, report, skill, verifiedResult as resultFor, verifiedResult } from './helpers';

const A = 'https://a.example';
const B = 'https://b.example';
const NOW = 1_800_000_000_000;

/** A check the test finishes by hand, to look at the world while it runs. */
function controllableChecks() {
  const pending: {
    origin: string;
    request: CheckRequest;
    finish: (n?: number) => Promise<void>;
    resolveWith: (r: Report) => void;
    resolveResult: (r: CheckResult) => void;
  }[] = [];
  const runCheck = vi.fn<RunCheck>(
    (origin, request) =>
      new Promise<CheckResult>((resolve) => {
        pending.push({
          origin,
          request,
          finish: async (n = 1) => void resolve(resultFor(origin, n)),
          resolveWith: (r) => resolve({ report: r, rawPoppy: null }),
          resolveResult: (r: CheckResult) => resolve(r),
        });
      }),
  );
  return { runCheck, pending };
}

async function setup(options: Partial<storage.Options> = {}) {
  await storage.setOptions(options);
  const checks = controllableChecks();
  const scheduler = createScheduler({
    store: storage,
    runCheck: checks.runCheck,
    showBadge: (id, state) => applyBadge(id, state, echo),
    liveOrigin,
    now: () => NOW,
  });
  const tab = async (url: string) => (await fakeBrowser.tabs.create({ url })).id!;
  const badge = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });
  return { scheduler, ...checks, tab, badge };
}

/** Ends a pending check with a whole result (raw documents included). */
const finishWith = async (check: { resolveResult: (r: CheckResult) => void }, result: CheckResult) => check.resolveResult(result);

/** A skill the engine left for the panel: on another host, not contacted by an automatic check. */
const elsewhere = { ...skill('elsewhere', 'not-checked'), notChecked: 'other-host' as const };

/** A result of that age, as if its check ran then: no revisit time of a later check stands. */
const stored = async (origin: string, ageMs: number, allHosts = false) => {
  await storage.setRevisit(origin, null);
  await storage.setResult(origin, { ...resultFor(origin, 2), checkedAt: NOW - ageMs, allHosts });
};

beforeEach(() => {
  (fakeBrowser.action as { setIcon: unknown }).setIcon = vi.fn(async () => undefined);
});

/** A scheduler whose tab `privateTab` is in a private window (D13). */
function schedulerWithPrivateTab(privateTab: number, runCheck: RunCheck) {
  return createScheduler({
    store: storage,
    runCheck,
    showBadge: async () => undefined,
    now: () => NOW,
    isPrivateTab: async (id) => id === privateTab,
  });
}

/** The keys storage.local holds, sorted. */
async function localKeys(): Promise<string[]> {
  return Object.keys(await fakeBrowser.storage.local.get(null)).sort();
}

describe('automatic checks on page visits', () => {
  it('shows a fresh result with no check at all', async () => {
    const { scheduler, runCheck, tab, badge } = await setup();
    const t = await tab(`${A}/shop`);
    await stored(A, DEFAULT_LIMITS.freshMs - 1);
    await scheduler.pageVisited(t, A);
    expect(runCheck).not.toHaveBeenCalled();
    expect(await badge(t)).toBe('2✓');
  });

  it('checks a stale origin, showing "checking" meanwhile, then the result', async () => {
    const { scheduler, runCheck, pending, tab, badge } = await setup();
    const t = await tab(`${A}/`);
    await stored(A, DEFAULT_LIMITS.freshMs);
    await scheduler.pageVisited(t, A);
    expect(runCheck).toHaveBeenCalledTimes(1);
    expect(pending[0]!.request).toEqual({ allHosts: false, revalidate: false, maxSkills: 200 });
    // "Checking" once the check has run CHECKING_PAINT_DELAY_MS (check-scheduler-pace.test.ts).
    await vi.waitFor(async () => expect(await badge(t)).toBe('…'));
    expect(await storage.getMarker(A)).toMatchObject({ allHosts: false, attempts: 1 });
    await pending[0]!.finish(3);
    await scheduler.idle();
    expect(await badge(t)).toBe('3✓');
    expect(await storage.getResult(A)).toMatchObject({ checkedAt: NOW, allHosts: false, rawPoppy: '{}' });
    expect(await storage.getMarker(A)).toBeNull();
  });

  it('stores what changed since the last check with the result, and nothing on a first visit (D13)', async () => {
    const { scheduler, pending, tab, badge } = await setup();
    const t = await tab(`${A}/`);
    await scheduler.pageVisited(t, A);
    await pending[0]!.finish(2);
    await scheduler.idle();
    expect((await storage.getResult(A))?.changes).toBeUndefined();
    expect(await badge(t)).toBe('2✓');
    await scheduler.recheck(t, A);
    await pending[1]!.finish(3);
    await scheduler.idle();
    expect((await storage.getResult(A))?.changes?.list).toEqual([
      {
        kind: 'skill-added',
        skill: 's2',
        after: { digest: `sha256:${'a'.repeat(64)}`, url: 'https://skills.example/s2/SKILL.md', status: 'verified' },
      },
    ]);
    // The badge carries the change mark until the panel is opened on the site.
    expect(await badge(t)).toBe('•3✓');
    await scheduler.panelOpened(t, A);
    await scheduler.idle();
    expect(await badge(t)).toBe('3✓');
    // The panel's own check right after finds nothing new: what the visit's check found stays.
    await scheduler.recheck(t, A);
    await pending[2]!.finish(3);
    await scheduler.idle();
    expect((await storage.getResult(A))?.changes?.list.map((c) => c.kind)).toEqual(['skill-added']);
    await storage.forgetSite(A);
    await scheduler.recheck(t, A);
    await pending[3]!.finish(1);
    await scheduler.idle();
    // Forgotten: the next check is a first visit again.
    expect((await storage.getResult(A))?.changes).toBeUndefined();
  });

  it("diffs a rewritten skill's SKILL.md from the texts the check hands over (D13)", async () => {
    const [OLD, NEW] = [`sha256:${'1'.repeat(64)}`, `sha256:${'2'.repeat(64)}`];
    const texts = new Map([
      [OLD, '# Find flowers\nSearch the shop.\n'],
      [NEW, '# Find flowers\nSearch the shop and the market.\n'],
    ]);
    let digest = OLD;
    const asked: string[] = [];
    const scheduler = createScheduler({
      store: storage,
      runCheck: vi.fn<RunCheck>(async (origin) => ({
        report: report(origin, 'ok', [skill('find-flowers', 'verified', digest)]),
        rawPoppy: null,
        skillText: async (d) => (asked.push(d), texts.get(d) ?? null),
      })),
      showBadge: async () => undefined,
      now: () => NOW,
    });
    const t = (await fakeBrowser.tabs.create({ url: `${A}/` })).id!;
    await scheduler.recheck(t, A);
    await scheduler.idle();
    // A first visit compares nothing, so it reads no text.
    expect(asked).toEqual([]);
    digest = NEW;
    await scheduler.recheck(t, A);
    await scheduler.idle();
    const [change] = (await storage.getResult(A))?.changes?.list ?? [];
    expect(change).toMatchObject({ kind: 'skill-changed', skill: 'find-flowers', before: { digest: OLD }, after: { digest: NEW } });
    expect(change?.kind === 'skill-changed' && change.diff?.lines).toEqual([
      { op: ' ', text: '# Find flowers' },
      { op: '-', text: 'Search the shop.' },
      { op: '+', text: 'Search the shop and the market.' },
      { op: ' ', text: '' },
    ]);
    // A text that is not at hand (evicted from the cache): the change stays, without a diff.
    texts.delete(NEW);
    digest = OLD;
    await scheduler.recheck(t, A);
    await scheduler.idle();
    const [plain] = (await storage.getResult(A))?.changes?.list ?? [];
    expect(plain).toMatchObject({ kind: 'skill-changed', before: { digest: NEW }, after: { digest: OLD } });
    expect(plain && 'diff' in plain).toBe(false);
  });

  it('remembers nothing when the user turned the memory off, and forgets what it kept', async () => {
    const { scheduler, pending, tab } = await setup();
    const t = await tab(`${A}/`);
    await scheduler.recheck(t, A);
    await pending[0]!.finish(2);
    await scheduler.idle();
    expect(await fakeBrowser.storage.local.get('site-memory')).not.toEqual({});
    await storage.setOptions({ rememberChanges: false });
    expect(await fakeBrowser.storage.local.get('site-memory')).toEqual({});
    await scheduler.recheck(t, A);
    await pending[1]!.finish(3);
    await scheduler.idle();
    expect(await storage.getResult(A)).not.toBeNull();
    expect(await fakeBrowser.storage.local.get('site-memory')).toEqual({});
  });

  it('keeps nothing in storage.local from a site shown in a private window (D13)', async () => {
    const { scheduler, pending, tab } = await setup();
    const t = await tab(`${A}/`);
    const keep = vi.fn(async () => undefined);
    const privateScheduler = schedulerWithPrivateTab(
      t,
      vi.fn<RunCheck>(async (origin) => ({ ...verifiedResult(origin, 2), keep })),
    );
    const before = await localKeys();
    await privateScheduler.pageVisited(t, A);
    await privateScheduler.idle();
    // The tab shows the result; the memory, the revisit time and the skill bodies are not kept.
    expect(await storage.getResult(A)).not.toBeNull();
    expect(await localKeys()).toEqual(before);
    expect(keep).not.toHaveBeenCalled();
    // The control: the same check for a tab in a normal window keeps each of them.
    await scheduler.recheck(t, A);
    await pending[0]!.finish(2);
    await scheduler.idle();
    expect(await localKeys()).toEqual([...before, 'revisits', 'site-memory'].sort());
  });

  it('leaves the site memory as it was when the panel opens in a private window, and marks it seen in a normal one (D13)', async () => {
    const { scheduler, pending, tab } = await setup();
    const t = await tab(`${A}/`);
    await scheduler.pageVisited(t, A);
    await pending[0]!.finish(2);
    await scheduler.idle();
    await scheduler.recheck(t, A);
    await pending[1]!.finish(3);
    await scheduler.idle();
    const memory = async () => (await fakeBrowser.storage.local.get('site-memory'))['site-memory'];
    const before = await memory();
    expect(JSON.stringify(before)).toContain('"kind":"skill-added"');
    expect(JSON.stringify(before)).not.toContain('"seen":true');
    const { runCheck } = controllableChecks();
    await schedulerWithPrivateTab(t, runCheck).panelOpened(t, A);
    expect(await memory()).toEqual(before);
    // The control: the same panel in a normal window marks the change seen in the memory.
    await scheduler.panelOpened(t, A);
    expect(JSON.stringify(await memory())).toContain('"seen":true');
  });

  it('keeps nothing from a private tab closed before its check ended (D13)', async () => {
    const { runCheck, pending } = controllableChecks();
    const t = (await fakeBrowser.tabs.create({ url: `${A}/` })).id!;
    const privateScheduler = schedulerWithPrivateTab(t, runCheck);
    const before = await localKeys();
    await privateScheduler.pageVisited(t, A);
    await privateScheduler.tabClosed(t);
    await pending[0]!.finish(2);
    await privateScheduler.idle();
    expect(await storage.getResult(A)).not.toBeNull();
    expect(await localKeys()).toEqual(before);
  });

  it("takes a visit's private window from the browser's sender record, without asking again (D13)", async () => {
    const { runCheck, pending } = controllableChecks();
    const isPrivateTab = vi.fn(async () => false);
    const scheduler = createScheduler({ store: storage, runCheck, showBadge: async () => undefined, now: () => NOW, isPrivateTab });
    const [t1, t2] = [(await fakeBrowser.tabs.create({ url: `${A}/` })).id!, (await fakeBrowser.tabs.create({ url: `${B}/` })).id!];
    const before = await localKeys();
    await scheduler.pageVisited(t1, A, true);
    await pending[0]!.finish(2);
    await scheduler.idle();
    expect(await localKeys()).toEqual(before);
    // The control: a visit the sender record places in a normal window keeps what a check keeps.
    await scheduler.pageVisited(t2, B, false);
    await pending[1]!.finish(2);
    await scheduler.idle();
    expect(await localKeys()).toEqual([...before, 'revisits', 'site-memory'].sort());
    expect(isPrivateTab).not.toHaveBeenCalled();
  });

  it('runs one check per origin however many tabs visit it meanwhile', async () => {
    const { scheduler, runCheck, pending, tab, badge } = await setup();
    const [t1, t2] = [await tab(`${A}/1`), await tab(`${A}/2`)];
    await Promise.all([scheduler.pageVisited(t1, A), scheduler.pageVisited(t2, A)]);
    await scheduler.pageVisited(t1, A);
    expect(runCheck).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => expect(await badge(t2)).toBe('…'));
    await pending[0]!.finish(2);
    await scheduler.idle();
    expect([await badge(t1), await badge(t2)]).toEqual(['2✓', '2✓']);
  });

  it('does not check on visits when the user chose "only when I open the panel"', async () => {
    const { scheduler, runCheck, tab, badge } = await setup({ autoCheck: false });
    const t = await tab(`${A}/`);
    await scheduler.pageVisited(t, A);
    expect(runCheck).not.toHaveBeenCalled();
    expect(await badge(t)).toBe('');
    expect(await fakeBrowser.action.getTitle({ tabId: t })).toBe('actionTitleIdle');
  });

  it('does not check on visits a site the user chose not to check automatically, and does again after undo', async () => {
    const { scheduler, runCheck, pending, tab, badge } = await setup();
    await storage.setSiteQuiet(A, true);
    const t = await tab(`${A}/`);
    await scheduler.pageVisited(t, A);
    await scheduler.pageVisited(await tab(`${B}/`), B); // other sites are still checked
    expect(runCheck.mock.calls.map(([origin]) => origin)).toEqual([B]);
    expect(await badge(t)).toBe('');
    // Opening the panel still checks it: "automatically" is what the choice turns off.
    await scheduler.panelOpened(t, A);
    expect(runCheck.mock.calls.map(([origin]) => origin)).toEqual([B, A]);
    await Promise.all(pending.map((p) => p.finish(1)));
    await scheduler.idle();
    await storage.setSiteQuiet(A, false);
    await stored(A, DEFAULT_LIMITS.freshMs);
    await scheduler.pageVisited(t, A);
    expect(runCheck).toHaveBeenCalledTimes(3);
  });

  it('fetches other hosts on visits only with the opt-in', async () => {
    const { scheduler, pending, tab } = await setup({ autoOtherHosts: true });
    await scheduler.pageVisited(await tab(`${A}/`), A);
    expect(pending[0]!.request).toEqual({ allHosts: true, revalidate: false, maxSkills: 200 });
  });

  it('re-applies the badge when a navigation within the origin cleared it', async () => {
    const { scheduler, runCheck, tab, badge } = await setup();
    const t = await tab(`${A}/`);
    await stored(A, 0);
    await scheduler.pageVisited(t, A);
    await fakeBrowser.action.setBadgeText({ tabId: t, text: '' }); // what Chrome does on navigation
    await fakeBrowser.tabs.update(t, { url: `${A}/next` });
    await scheduler.pageVisited(t, A);
    expect(await badge(t)).toBe('2✓');
    expect(runCheck).not.toHaveBeenCalled();
  });
});

describe('badges per tab', () => {
  it('a check finishing for A repaints A tabs only', async () => {
    const { scheduler, pending, tab, badge } = await setup();
    const [ta, tb] = [await tab(`${A}/`), await tab(`${B}/`)];
    await stored(B, 0);
    await scheduler.pageVisited(ta, A);
    await scheduler.pageVisited(tb, B);
    await fakeBrowser.action.setBadgeText({ tabId: tb, text: 'B-marker' });
    await pending[0]!.finish(5);
    await scheduler.idle();
    expect(await badge(ta)).toBe('5✓');
    expect(await badge(tb)).toBe('B-marker');
  });

  it('skips and forgets a tab that navigated to another origin before the check ended', async () => {
    const { scheduler, pending, tab, badge } = await setup();
    const t = await tab(`${A}/`);
    await scheduler.pageVisited(t, A);
    await fakeBrowser.tabs.update(t, { url: 'chrome://settings/' });
    await fakeBrowser.action.setBadgeText({ tabId: t, text: '' });
    await pending[0]!.finish();
    await scheduler.idle();
    expect(await badge(t)).toBe('');
    expect((await storage.tabOrigins()).has(t)).toBe(false);
  });

  it('keeps the visit a moved tab reports while a check repaints its old origin', async () => {
    const { runCheck, pending, tab } = await setup();
    const t = await tab(`${A}/`);
    // The browser says the tab shows B, and pageVisited(t, B) records that (its first step)
    // while the repaint of A is between reading the tab map and forgetting the moved tab.
    const liveOrigin = async () => {
      await storage.setTabOrigin(t, B);
      return B;
    };
    const scheduler = createScheduler({
      store: storage,
      runCheck,
      showBadge: (id, state) => applyBadge(id, state, echo),
      liveOrigin,
      now: () => NOW,
    });
    await scheduler.pageVisited(t, A);
    await pending[0]!.finish();
    await scheduler.idle();
    expect((await storage.tabOrigins()).get(t)).toBe(B);
  });

  it('after a worker restart, paints every recorded tab from storage', async () => {
    const { tab, badge } = await setup();
    const [ta, tb] = [await tab(`${A}/`), await tab(`${B}/`)];
    await stored(A, 0);
    await storage.setTabOrigin(ta, A);
    await storage.setTabOrigin(tb, B);
    const fresh = createScheduler({
      store: storage,
      runCheck: vi.fn(),
      showBadge: (id, s) => applyBadge(id, s, echo),
      liveOrigin,
      now: () => NOW,
    });
    await fresh.resume();
    expect(await badge(ta)).toBe('2✓');
    expect(await fakeBrowser.action.getTitle({ tabId: tb })).toBe('actionTitleIdle');
  });

  it('forgets closed tabs', async () => {
    const { scheduler, tab } = await setup();
    const t = await tab(`${A}/`);
    await stored(A, 0);
    await scheduler.pageVisited(t, A);
    await scheduler.tabClosed(t);
    expect((await storage.tabOrigins()).size).toBe(0);
  });
});

describe('restart after the worker died mid-check', () => {
  const marker = (attempts: number, allHosts = false) => ({
    startedAt: NOW - 5_000,
    allHosts,
    revalidate: false,
    attempts,
    done: 1,
    total: 3,
  });

  it('a visit finding a marker but no job restarts that check', async () => {
    const { scheduler, runCheck, pending, tab, badge } = await setup({ autoCheck: false });
    const t = await tab(`${A}/`);
    await stored(A, 0); // even a fresh result does not hide an unfinished check
    await storage.setMarker(A, marker(1, true));
    await scheduler.pageVisited(t, A);
    expect(runCheck).toHaveBeenCalledTimes(1);
    expect(pending[0]!.request).toEqual({ allHosts: true, revalidate: false, maxSkills: 200 });
    expect(await storage.getMarker(A)).toMatchObject({ attempts: 2 });
    await vi.waitFor(async () => expect(await badge(t)).toBe('…'));
  });

  it('resume() restarts every unfinished check at worker start', async () => {
    const { runCheck, pending } = await setup();
    await storage.setMarker(A, marker(1));
    await storage.setMarker(B, marker(2));
    const scheduler = createScheduler({ store: storage, runCheck, showBadge: async () => undefined, liveOrigin, now: () => NOW });
    await scheduler.resume();
    expect(pending.map((p) => p.origin).sort()).toEqual([A, B]);
    await Promise.all(pending.map((p) => p.finish()));
    await scheduler.idle();
    expect((await storage.allMarkers()).size).toBe(0);
  });

  it(`gives up on a check that died ${MAX_ATTEMPTS} times`, async () => {
    const { scheduler, runCheck, tab } = await setup();
    await stored(A, 0);
    await storage.setMarker(A, marker(MAX_ATTEMPTS));
    await scheduler.pageVisited(await tab(`${A}/`), A);
    expect(runCheck).not.toHaveBeenCalled();
    expect(await storage.getMarker(A)).toBeNull();
  });
});

describe('panel', () => {
  it('opening the panel fetches the skills on other hosts that the automatic check left', async () => {
    const { scheduler, pending, tab } = await setup();
    const t = await tab(`${A}/`);
    const waiting = report(A, 'ok', [skill('here', 'verified'), elsewhere]);
    await storage.setResult(A, { report: waiting, rawPoppy: null, checkedAt: NOW, allHosts: false });
    await scheduler.panelOpened(t, A);
    expect(pending.map((p) => p.request)).toEqual([{ allHosts: true, revalidate: false, maxSkills: 200 }]);
  });

  it('opening the panel re-checks nothing when no skill waits on another host', async () => {
    const { scheduler, runCheck, tab } = await setup();
    await stored(A, 0, false);
    await scheduler.panelOpened(await tab(`${A}/`), A);
    expect(runCheck).not.toHaveBeenCalled();
  });

  it('opening the panel on a stale result checks again', async () => {
    const { scheduler, pending, tab } = await setup();
    await stored(A, DEFAULT_LIMITS.freshMs, true);
    await scheduler.panelOpened(await tab(`${A}/`), A);
    expect(pending.map((p) => p.request)).toEqual([{ allHosts: true, revalidate: false, maxSkills: 200 }]);
  });

  it('opening the panel on a fresh full result checks nothing', async () => {
    const { scheduler, runCheck, tab } = await setup();
    await stored(A, 0, true);
    await scheduler.panelOpened(await tab(`${A}/`), A);
    expect(runCheck).not.toHaveBeenCalled();
  });

  it('opening the panel during an automatic check follows it with a full check when skills wait elsewhere', async () => {
    const { scheduler, pending, tab } = await setup();
    const t = await tab(`${A}/`);
    await scheduler.pageVisited(t, A);
    await scheduler.panelOpened(t, A);
    await scheduler.panelOpened(t, A);
    expect(pending).toHaveLength(1);
    // The automatic check leaves a skill on another host not checked.
    pending[0]!.resolveWith(report(A, 'ok', [elsewhere]));
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1]!.request).toEqual({ allHosts: true, revalidate: false, maxSkills: 200 });
    await pending[1]!.finish();
    await scheduler.idle();
    expect(pending).toHaveLength(2);
    expect(await storage.getResult(A)).toMatchObject({ allHosts: true });
  });

  it('opening the panel during an automatic check adds nothing when its result is complete', async () => {
    const { scheduler, pending, tab } = await setup();
    const t = await tab(`${A}/`);
    await scheduler.pageVisited(t, A);
    await scheduler.panelOpened(t, A);
    await pending[0]!.finish(2);
    await scheduler.idle();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pending).toHaveLength(1);
  });

  it('re-check revalidates even a fresh result', async () => {
    const { scheduler, pending, tab } = await setup();
    await stored(A, 0, true);
    await scheduler.recheck(await tab(`${A}/`), A);
    expect(pending.map((p) => p.request)).toEqual([{ allHosts: true, revalidate: true, maxSkills: 200 }]);
  });
});

describe('"Check the remaining N"', () => {
  /** A result that stopped at our cap (230 listed, 200 checked; two rows are enough here). */
  const capped = async (origin: string, ageMs = 0) => {
    await storage.setRevisit(origin, null);
    const r = report(origin, 'ok', [skill('s0', 'verified'), skill('s1', 'verified')], { cap: { limit: 200, listed: 230, unlisted: 10 } });
    await storage.setResult(origin, { report: r, rawPoppy: null, checkedAt: NOW - ageMs, allHosts: true });
  };
  const raised = { allHosts: true, revalidate: false, maxSkills: RAISED_MAX_SKILLS };

  it('stores the raised cap for the origin and checks it with that cap, the badge "checking" until the result', async () => {
    const { scheduler, pending, tab, badge } = await setup();
    const t = await tab(`${A}/`);
    await capped(A);
    await scheduler.checkRemaining(t, A);
    expect(await storage.getSkillCap(A)).toBe(RAISED_MAX_SKILLS);
    expect(await storage.getSkillCap(B)).toBe(DEFAULT_LIMITS.maxSkills);
    expect(pending.map((p) => p.request)).toEqual([raised]);
    expect(await storage.getMarker(A)).toMatchObject({ maxSkills: RAISED_MAX_SKILLS });
    await vi.waitFor(async () => expect(await badge(t)).toBe('…'));
    await pending[0]!.finish(3);
    await scheduler.idle();
    expect(await badge(t)).toBe('3✓');
  });

  it('automatic re-checks and "Check again" keep the raised cap; another origin keeps the default', async () => {
    const { scheduler, pending, tab } = await setup();
    const t = await tab(`${A}/`);
    await capped(A);
    await scheduler.checkRemaining(t, A);
    await pending[0]!.finish();
    await scheduler.idle();
    await scheduler.recheck(t, A);
    await pending[1]!.finish();
    await scheduler.idle();
    await capped(A, DEFAULT_LIMITS.freshMs); // stale: the next visit checks again
    await scheduler.pageVisited(t, A);
    await scheduler.pageVisited(await tab(`${B}/`), B);
    expect(pending.slice(1).map((p) => [p.origin, p.request.maxSkills])).toEqual([
      [A, RAISED_MAX_SKILLS],
      [A, RAISED_MAX_SKILLS],
      [B, DEFAULT_LIMITS.maxSkills],
    ]);
  });

  it('a check the worker restarts keeps the raised cap (from its marker, or from storage for an older marker)', async () => {
    const { runCheck, pending } = await setup();
    const marker = { startedAt: NOW - 5_000, allHosts: true, revalidate: false, attempts: 1, done: 0, total: 0 };
    await storage.setMarker(A, { ...marker, maxSkills: RAISED_MAX_SKILLS });
    await storage.setMarker(B, marker);
    await storage.setSkillCap(B, RAISED_MAX_SKILLS);
    const restarted = createScheduler({ store: storage, runCheck, showBadge: async () => undefined, liveOrigin, now: () => NOW });
    await restarted.resume();
    expect(pending.map((p) => [p.origin, p.request.maxSkills]).sort()).toEqual([
      [A, RAISED_MAX_SKILLS],
      [B, RAISED_MAX_SKILLS],
    ]);
  });

  it('a check with the default cap under way is followed by the bigger one, never joined', async () => {
    const { scheduler, pending, tab, badge } = await setup();
    const t = await tab(`${A}/`);
    await capped(A, DEFAULT_LIMITS.freshMs);
    await scheduler.pageVisited(t, A);
    await scheduler.checkRemaining(t, A);
    expect(pending).toHaveLength(1);
    pending[0]!.resolveWith(report(A, 'ok', [skill('s0', 'verified')], { cap: { limit: 200, listed: 230, unlisted: 10 } }));
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    // Then the badge says "checking", not the first, capped result as final.
    await vi.waitFor(async () => expect(await badge(t)).toBe('…'));
    expect(pending[1]!.request).toEqual(raised);
  });

  it('does nothing for a result with no cap, or one already at the raised cap', async () => {
    const { scheduler, runCheck, tab } = await setup();
    const t = await tab(`${A}/`);
    await stored(A, 0, true);
    await scheduler.checkRemaining(t, A);
    const atRaised = report(B, 'ok', [skill('s0', 'verified')], { cap: { limit: RAISED_MAX_SKILLS, listed: 1500, unlisted: 480 } });
    await storage.setResult(B, { report: atRaised, rawPoppy: null, checkedAt: NOW, allHosts: true });
    await scheduler.checkRemaining(await tab(`${B}/`), B);
    await scheduler.checkRemaining(await tab('https://c.example/'), 'https://c.example');
    expect(runCheck).not.toHaveBeenCalled();
    expect(await storage.getSkillCap(A)).toBe(DEFAULT_LIMITS.maxSkills);
  });
});

describe("raw documents (the full-page report's numbered lines)", () => {
  const INDEX = { url: `${A}/.well-known/agent-skills/index.json`, text: '{"skills":[]}' };
  it('a check the user asked for keeps the index text with its report; an automatic one drops it', async () => {
    const { scheduler, pending, tab } = await setup();
    const t = await tab(`${A}/`);
    await scheduler.recheck(t, A);
    const asked = report(A, 'ok');
    pending[0]!.resolveWith(asked);
    await scheduler.idle();
    expect(await storage.getRawDocuments(A)).toBeNull();
    await scheduler.recheck(t, A);
    const kept = report(A, 'ok');
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    await finishWith(pending[1]!, { report: kept, rawPoppy: null, rawDocuments: [INDEX] });
    await scheduler.idle();
    expect(await storage.getRawDocuments(A)).toEqual({ checkedAt: kept.checkedAt, documents: [INDEX] });
    // A visit's automatic check (site only) of the same origin: its texts no longer match.
    await storage.setResult(A, { report: kept, rawPoppy: null, checkedAt: NOW - DEFAULT_LIMITS.freshMs, allHosts: true });
    await storage.setRevisit(A, null);
    await scheduler.pageVisited(t, A);
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    expect(pending[2]!.request.allHosts).toBe(false);
    await finishWith(pending[2]!, { report: report(A, 'ok'), rawPoppy: null, rawDocuments: [INDEX] });
    await scheduler.idle();
    expect(await storage.getRawDocuments(A)).toBeNull();
  });
});

describe('panelNeedsCheck', () => {
  const result = (r: Report, checkedAt: number, allHosts: boolean): storage.StoredResult => ({
    report: r,
    rawPoppy: null,
    checkedAt,
    allHosts,
  });
  const mixed = report(A, 'ok', [
    skill('a', 'verified'),
    { ...skill('b', 'not-checked'), url: `${B}/b/SKILL.md`, notChecked: 'other-host' },
  ]);
  const local = report(A, 'ok', [{ ...skill('a', 'not-checked'), url: `${A}/a/SKILL.md`, notChecked: 'over-cap' }]);
  // Past the cap on another host: no check, whoever opens the panel, will ever reach it.
  const overCapElsewhere = report(A, 'ok', [{ ...skill('a', 'not-checked'), url: `${B}/a/SKILL.md`, notChecked: 'over-cap' }]);
  const formatElsewhere = report(A, 'ok', [{ ...skill('a', 'skipped'), url: `${B}/a/SKILL.md`, notChecked: 'format' }]);
  // Sign-in run by another host (D10): its metadata waits for the panel like a skill there.
  const trustElsewhere: Report = {
    ...report(A, 'ok', [skill('a', 'verified')]),
    trust: {
      issuer: B,
      domain: null,
      status: 'not-checked',
      links: [
        {
          kind: 'issuer-metadata',
          subject: B,
          api: null,
          url: `${B}/.well-known/oauth-authorization-server`,
          status: 'not-checked',
          checks: [],
        },
      ],
    },
  };
  // poppy.json redirecting to another host (D5): not followed until the panel opens.
  const documentElsewhere = report(A, 'none');
  documentElsewhere.documents = [
    {
      kind: 'poppy',
      requestedUrl: `${A}/.well-known/poppy.json`,
      url: `${A}/.well-known/poppy.json`,
      httpStatus: 302,
      contentType: null,
      bytes: null,
      redirected: true,
      published: false,
      absent: false,
      redirectsTo: `${B}/poppy.json`,
    },
  ];
  // The lens could not read the API description on another host yet (D12).
  const apiElsewhere = report(A, 'ok', [
    {
      ...skill('a', 'verified'),
      lens: {
        company: true,
        asks: [],
        commands: [],
        hosts: [],
        scopes: [],
        operations: ['x'],
        saysLimits: true,
        notChecked: { operations: ['x'], reason: SKILL_REASONS.hostedOn({ host: 'api.b.example' }), mcp: false },
      },
    },
  ]);
  it.each<[string, storage.StoredResult | null, boolean]>([
    ['nothing cached', null, true],
    ['fresh, poppy.json redirecting to another host waiting', result(documentElsewhere, NOW, false), true],
    ['fresh, poppy.json redirecting to another host done', result(documentElsewhere, NOW, true), false],
    ['fresh, the API description on another host waiting', result(apiElsewhere, NOW, false), true],
    ['fresh, the API description on another host done', result(apiElsewhere, NOW, true), false],
    ['stale', result(mixed, NOW - DEFAULT_LIMITS.freshMs, true), true],
    ['fresh, other hosts waiting', result(mixed, NOW, false), true],
    ['fresh, other hosts done', result(mixed, NOW, true), false],
    ['fresh, only same-site skills not checked (over the skill limit)', result(local, NOW, false), false],
    ['fresh, nothing elsewhere', result(report(A, 'ok'), NOW, false), false],
    ['fresh, only entries past the cap on another host', result(overCapElsewhere, NOW, false), false],
    ['fresh, only an unverified format on another host', result(formatElsewhere, NOW, false), false],
    ['fresh, the sign-in metadata on another host waiting', result(trustElsewhere, NOW, false), true],
    ['fresh, the sign-in metadata on another host done', result(trustElsewhere, NOW, true), false],
  ])('%s → %s', (_name, r, needs) => {
    expect(panelNeedsCheck(r, NOW)).toBe(needs);
  });
});

describe('failures and housekeeping', () => {
  it('a check that throws clears its marker and keeps the previous result', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await stored(A, DEFAULT_LIMITS.freshMs * 2);
    const scheduler = createScheduler({
      store: storage,
      runCheck: async () => Promise.reject(new Error('bug')),
      showBadge: async () => undefined,
      liveOrigin,
      now: () => NOW,
    });
    await scheduler.pageVisited(1, A);
    await scheduler.idle();
    expect(await storage.getMarker(A)).toBeNull();
    expect((await storage.getResult(A))?.checkedAt).toBe(NOW - DEFAULT_LIMITS.freshMs * 2);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('writes progress to the marker while a check runs', async () => {
    let progress: ((p: { done: number; total: number }) => void) | undefined;
    let finish: (() => void) | undefined;
    const scheduler = createScheduler({
      store: storage,
      runCheck: (origin, _r, onProgress) => (
        (progress = onProgress),
        new Promise((resolve) => (finish = () => resolve(resultFor(origin))))
      ),
      showBadge: async () => undefined,
      liveOrigin,
      now: () => NOW,
    });
    await scheduler.pageVisited(1, A);
    progress!({ done: 2, total: 5 });
    await vi.waitFor(async () => expect(await storage.getMarker(A)).toMatchObject({ done: 2, total: 5 }));
    finish!();
    await scheduler.idle();
    expect(await storage.getMarker(A)).toBeNull();
  });

  it('sweeps results no tab shows, now and then on visits', async () => {
    let now = NOW;
    const scheduler = createScheduler({
      store: storage,
      runCheck: async (origin) => resultFor(origin),
      showBadge: async () => undefined,
      liveOrigin,
      now: () => now,
    });
    await storage.setResult(B, { ...resultFor(B), checkedAt: NOW - 2 * 60 * 60 * 1000, allHosts: false });
    await storage.setResult(A, { ...resultFor(A), checkedAt: NOW, allHosts: false });
    now += DEFAULT_LIMITS.freshMs;
    await scheduler.pageVisited(1, A);
    await vi.waitFor(async () => expect(await storage.getResult(B)).toBeNull());
    expect(await storage.getResult(A)).not.toBeNull();
  });
});
