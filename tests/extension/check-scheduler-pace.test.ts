// What a check waits for (docs/benchmarks.md): not the "checking" paint before its first request, and
// not the skill-body cache's write before its result is painted; the job still ends after both. A
// short check paints no "checking" at all.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BadgeState } from '../../utils/extension/badge';
import { createScheduler, type RunCheckResult } from '../../utils/extension/check-scheduler';
import * as storage from '../../utils/extension/platform/storage';
import { report, skill } from './helpers';

const A = 'https://a.example';

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** `checkingPaintDelayMs` 0: "checking" is painted as the check starts. */
async function setup(paint: { opened: Promise<void> }, check: Promise<RunCheckResult>, checkingPaintDelayMs = 0) {
  const events: string[] = [];
  const scheduler = createScheduler({
    store: storage,
    runCheck: async () => {
      events.push('check started');
      const result = await check;
      events.push('check ended');
      return result;
    },
    showBadge: async (_tabId, state: BadgeState) => {
      if (state.kind === 'checking') await paint.opened;
      events.push(`painted ${state.kind}`);
    },
    liveOrigin: async () => A,
    checkingPaintDelayMs,
  });
  const tabId = (await fakeBrowser.tabs.create({ url: `${A}/` })).id!;
  return { scheduler, events, tabId };
}

const result = (keep?: () => Promise<void>): RunCheckResult => ({
  report: report(A, 'ok', [skill('s0', 'verified')]),
  rawPoppy: '{}',
  keep,
});

describe('a check does not wait on its own bookkeeping', () => {
  it('starts its requests while "checking" is painted, and paints its result after that', async () => {
    const paint = gate();
    const check = gate();
    const { scheduler, events, tabId } = await setup(
      paint,
      check.opened.then(() => result()),
    );
    const visited = scheduler.pageVisited(tabId, A);
    // The paint is held: the check starts all the same.
    await vi.waitFor(() => expect(events).toEqual(['check started']));
    // The check ends before the paint: its result still comes second.
    check.open();
    await vi.waitFor(() => expect(events).toEqual(['check started', 'check ended']));
    paint.open();
    await visited;
    await scheduler.idle();
    expect(events).toEqual(['check started', 'check ended', 'painted checking', 'painted result']);
  });

  it('writes the cache after the result is painted, and ends the job after that', async () => {
    const written = gate();
    const open = gate();
    open.open();
    let keepStarted = -1;
    const keep = () => {
      keepStarted = events.length;
      return written.opened;
    };
    const { scheduler, events, tabId } = await setup(open, Promise.resolve(result(keep)));
    await scheduler.pageVisited(tabId, A);
    let idle = false;
    const ended = scheduler.idle().then(() => (idle = true));
    await vi.waitFor(() => expect(events).toContain('painted result'));
    expect(events.filter((e) => e.startsWith('painted'))).toEqual(['painted checking', 'painted result']);
    // The cache's write starts once the result is painted, so nothing of the check waits behind it.
    expect(keepStarted).toBe(events.indexOf('painted result') + 1);
    expect((await storage.getResult(A))?.report.skills.map((s) => s.status)).toEqual(['verified']);
    expect(idle).toBe(false);
    written.open();
    await ended;
    expect(idle).toBe(true);
  });

  /** A visit whose check ends when `end` is called, "checking" due after `delayMs`. */
  async function visitHeldCheck(delayMs: number) {
    const painted = gate();
    painted.open();
    const ended = gate();
    const session = await setup(
      painted,
      ended.opened.then(() => result()),
      delayMs,
    );
    await session.scheduler.pageVisited(session.tabId, A);
    return { ...session, end: ended.open };
  }

  it('a check over within the delay goes straight to its result, on a tab that joined it too', async () => {
    // A delay no busy machine reaches before the check ends.
    const { scheduler, events, end } = await visitHeldCheck(5_000);
    // The second tab is not painted "checking" on its own either.
    await scheduler.pageVisited((await fakeBrowser.tabs.create({ url: `${A}/2` })).id!, A);
    end();
    await scheduler.idle();
    expect(events).toEqual(['check started', 'check ended', 'painted result', 'painted result']);
  });

  it('a longer check says "checking" once the delay has passed, and its result after', async () => {
    const { scheduler, events, end } = await visitHeldCheck(40);
    await vi.waitFor(() => expect(events).toEqual(['check started', 'painted checking']));
    end();
    await scheduler.idle();
    expect(events).toEqual(['check started', 'painted checking', 'check ended', 'painted result']);
  });
});
