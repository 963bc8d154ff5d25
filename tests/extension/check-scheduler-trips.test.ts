// The scheduler's storage round trips on the way to a check's first request and to its badge
// (docs/benchmarks.md): the marker's write runs beside the check, and a result in hand is never read back.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyBadge, liveOrigin } from '../../utils/extension/platform/badge-applier';
import type { BadgeState } from '../../utils/extension/badge';
import { createScheduler, type RunCheck, type SchedulerStore } from '../../utils/extension/check-scheduler';
import type { CheckResult } from '../../utils/engine/check';
import * as storage from '../../utils/extension/platform/storage';
import { DEFAULT_LIMITS } from '../../utils/engine/spec';
import { echoTranslate as echo, verifiedResult as resultFor } from './helpers';

const A = 'https://a.example';
const NOW = 1_800_000_000_000;

/** A promise the test opens by hand. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function setup(store: SchedulerStore) {
  const finishers: ((n: number) => void)[] = [];
  const runCheck = vi.fn<RunCheck>((origin) => new Promise<CheckResult>((resolve) => finishers.push((n) => resolve(resultFor(origin, n)))));
  // "Checking" painted as a check starts, as the tests below look for it at once.
  const showBadge = (id: number, state: BadgeState) => applyBadge(id, state, echo);
  const scheduler = createScheduler({ store, runCheck, showBadge, liveOrigin, now: () => NOW, checkingPaintDelayMs: 0 });
  const tab = async (url: string) => (await fakeBrowser.tabs.create({ url })).id!;
  const badge = (tabId: number) => fakeBrowser.action.getBadgeText({ tabId });
  return { scheduler, runCheck, finish: (i: number, n: number) => finishers[i]!(n), tab, badge };
}

describe('storage round trips around a check', () => {
  it("starts the check before its marker is written; the visit resolves once it is, showing 'checking'", async () => {
    const written = gate();
    const store = {
      ...storage,
      setMarker: async (...args: Parameters<typeof storage.setMarker>) => written.opened.then(() => storage.setMarker(...args)),
    };
    const { scheduler, runCheck, finish, tab, badge } = setup(store);
    const t = await tab(`${A}/`);
    let visited = false;
    const visit = scheduler.pageVisited(t, A).then(() => (visited = true));
    await vi.waitFor(() => expect(runCheck).toHaveBeenCalledTimes(1));
    expect(visited).toBe(false);
    expect(await storage.getMarker(A)).toBeNull();
    written.open();
    await visit;
    expect(await storage.getMarker(A)).toMatchObject({ attempts: 1 });
    expect(await badge(t)).toBe('…');
    finish(0, 2);
    await scheduler.idle();
    expect(await badge(t)).toBe('2✓');
    expect(await storage.getMarker(A)).toBeNull();
  });

  it('paints a fresh result on a visit, and a finished check, without reading the result back', async () => {
    const getResult = vi.fn(storage.getResult);
    const { scheduler, finish, tab, badge } = setup({ ...storage, getResult });
    const t = await tab(`${A}/`);
    await storage.setRevisit(A, null);
    await storage.setResult(A, { ...resultFor(A, 2), checkedAt: NOW - 1, allHosts: false });
    await scheduler.pageVisited(t, A);
    expect(await badge(t)).toBe('2✓');
    await storage.setResult(A, { ...resultFor(A, 2), checkedAt: NOW - DEFAULT_LIMITS.freshMs, allHosts: false });
    await scheduler.pageVisited(t, A);
    expect(await badge(t)).toBe('…');
    finish(0, 3);
    await scheduler.idle();
    expect(await badge(t)).toBe('3✓');
    expect(getResult).not.toHaveBeenCalled();
  });

  it('a visit during a check reads nothing; when the check ends meanwhile, the visit shows its result and restarts nothing', async () => {
    const recorded = gate();
    let calls = 0;
    const setTabOrigin = async (...args: Parameters<typeof storage.setTabOrigin>) => {
      if (++calls === 2) await recorded.opened;
      return storage.setTabOrigin(...args);
    };
    const getVisitState = vi.fn(storage.getVisitState);
    const getMarker = vi.fn(storage.getMarker);
    const { scheduler, runCheck, finish, tab, badge } = setup({ ...storage, setTabOrigin, getVisitState, getMarker });
    const [t1, t2] = [await tab(`${A}/1`), await tab(`${A}/2`)];
    await scheduler.pageVisited(t1, A);
    // The second visit reads the running check's marker, then that check ends.
    const second = scheduler.pageVisited(t2, A);
    await vi.waitFor(async () => expect(await storage.getMarker(A)).not.toBeNull());
    finish(0, 4);
    await vi.waitFor(async () => expect(await storage.getMarker(A)).toBeNull());
    recorded.open();
    await second;
    await scheduler.idle();
    expect(runCheck).toHaveBeenCalledTimes(1);
    // The visit during the check read nothing to decide: only the first visit did.
    expect(getVisitState).toHaveBeenCalledTimes(1);
    expect(getMarker).not.toHaveBeenCalled();
    expect([await badge(t1), await badge(t2)]).toEqual(['4✓', '4✓']);
  });

  it('starts the check of a site with nothing stored before any storage call answers, once the copies are read', async () => {
    const { scheduler, runCheck, finish, tab } = setup(storage);
    await scheduler.pageVisited(await tab(`${A}/`), A); // this worker reads its copies once
    finish(0, 1);
    await scheduler.idle();
    const answers = gate();
    const calls: string[] = [];
    for (const [name, area] of [
      ['session', fakeBrowser.storage.session],
      ['local', fakeBrowser.storage.local],
    ] as const)
      for (const method of ['get', 'set', 'remove', 'getKeys'] as const) {
        const real = area[method].bind(area) as (...args: unknown[]) => Promise<unknown>;
        vi.spyOn(area, method).mockImplementation((async (...args: unknown[]) => {
          calls.push(`${name}.${method}`);
          await answers.opened;
          return real(...args);
        }) as never);
      }
    const B = 'https://b.example';
    const visit = scheduler.pageVisited(await tab(`${B}/`), B);
    await vi.waitFor(() => expect(runCheck).toHaveBeenCalledTimes(2));
    // Only writes went out (the tab, the marker), and none had answered when the check started.
    expect(calls.filter((c) => !c.endsWith('.set'))).toEqual([]);
    answers.open();
    await visit;
    finish(1, 2);
    await scheduler.idle();
    vi.restoreAllMocks();
  });
});
