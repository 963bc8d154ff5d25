// How often a visit checks an origin again (docs/extension.md). The real scheduler and storage module
// over WXT's fakeBrowser, a clock the test moves, and checks that answer at once.
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CheckResult } from '../../utils/engine/check';
import { DEFAULT_LIMITS, REVISIT } from '../../utils/engine/spec';
import { createScheduler, type RunCheck } from '../../utils/extension/check-scheduler';
import * as storage from '../../utils/extension/platform/storage';
import { revisitAfter, visitMayWait } from '../../utils/extension/revisit-policy';
import { report, skill } from './helpers';

const A = 'https://a.example';
const MINUTE = 60_000;
const FRESH = DEFAULT_LIMITS.freshMs;

const nothing = (serverFreshMs: number | null = null): CheckResult => ({ report: report(A, 'none'), rawPoppy: null, serverFreshMs });
const published = (serverFreshMs: number | null = null): CheckResult => ({
  report: report(A, 'ok', [skill('s', 'verified')]),
  rawPoppy: '{}',
  serverFreshMs,
});

function setup(answer: CheckResult) {
  let clock = 1_800_000_000_000;
  const runCheck = vi.fn<RunCheck>(async () => answer);
  const scheduler = createScheduler({ store: storage, runCheck, showBadge: async () => undefined, now: () => clock });
  /** Visits `A` after `minutes` more minutes and lets any check end; returns the checks so far. */
  const visitAfter = async (minutes: number) => {
    clock += minutes * MINUTE;
    await scheduler.pageVisited(1, A);
    await scheduler.idle();
    return runCheck.mock.calls.length;
  };
  return { scheduler, runCheck, visitAfter, now: () => clock };
}

describe('when a visit checks an origin again', () => {
  it('a site that publishes nothing is asked once a day, even after the session is gone', async () => {
    const { visitAfter } = setup(nothing());
    expect(await visitAfter(0)).toBe(1);
    // A visit a minute for an hour: no check.
    for (let m = 0; m < 60; m++) await visitAfter(1);
    expect(await visitAfter(0)).toBe(1);
    // The browser restarts: results in storage.session are gone, the day is remembered.
    await fakeBrowser.storage.session.clear();
    expect(await visitAfter(REVISIT.nothingMs / MINUTE - 62)).toBe(1);
    expect(await visitAfter(2)).toBe(2);
  });

  it('"Check again" asks at once, whatever was remembered', async () => {
    const { scheduler, runCheck, visitAfter } = setup(nothing());
    await visitAfter(0);
    await scheduler.recheck(1, A);
    await scheduler.idle();
    expect(runCheck).toHaveBeenCalledTimes(2);
    expect(runCheck.mock.calls[1]![1]).toEqual({ allHosts: true, revalidate: true, maxSkills: 200 });
  });

  it('a published site without Cache-Control is checked every ten minutes, as before', async () => {
    const { visitAfter } = setup(published(null));
    expect(await visitAfter(0)).toBe(1);
    expect(await visitAfter(FRESH / MINUTE - 1)).toBe(1);
    expect(await visitAfter(1)).toBe(2);
  });

  it('a site whose answers say max-age=3600 is checked once an hour; its result must still be there', async () => {
    const { visitAfter } = setup(published(3_600_000));
    expect(await visitAfter(0)).toBe(1);
    expect(await visitAfter(59)).toBe(1);
    expect(await visitAfter(1)).toBe(2);
    // With the result gone from the session there is nothing to show: checked.
    await fakeBrowser.storage.session.clear();
    expect(await visitAfter(1)).toBe(3);
  });

  it('no-cache (0) never checks more often than every ten minutes', async () => {
    const { visitAfter } = setup(published(0));
    await visitAfter(0);
    expect(await visitAfter(FRESH / MINUTE - 1)).toBe(1);
    expect(await visitAfter(1)).toBe(2);
  });
});

describe('revisit policy', () => {
  it('nothing published: a day, unless its 404s said otherwise (within ten minutes and a day)', () => {
    expect(revisitAfter(0, nothing(), FRESH)).toEqual({ until: REVISIT.nothingMs, nothing: true });
    expect(revisitAfter(0, nothing(0), FRESH)).toEqual({ until: FRESH, nothing: true });
    expect(revisitAfter(0, nothing(3_600_000), FRESH)).toEqual({ until: 3_600_000, nothing: true });
  });

  it('"nothing" is the report state: an HTML soft 404 (a warning) waits a day, a server error does not', () => {
    const softNotFound = report(A, 'warnings');
    softNotFound.documents[0] = { ...softNotFound.documents[0]!, httpStatus: 200, published: false, absent: true };
    expect(revisitAfter(0, { report: softNotFound, rawPoppy: null }, FRESH)).toEqual({ until: REVISIT.nothingMs, nothing: true });
    const serverError = report(A, 'none');
    serverError.documents[0] = { ...serverError.documents[0]!, httpStatus: 500, absent: false };
    expect(revisitAfter(0, { report: serverError, rawPoppy: null }, FRESH)).toEqual({ until: FRESH, nothing: false });
  });

  it('published: the site’s max-age within [ten minutes, a day]', () => {
    expect(revisitAfter(5, published(null), FRESH).until).toBe(5 + FRESH);
    expect(revisitAfter(5, published(60_000), FRESH).until).toBe(5 + FRESH);
    expect(revisitAfter(5, published(7 * 24 * 3_600_000), FRESH).until).toBe(5 + REVISIT.maxMs);
    expect(revisitAfter(5, published(3_600_000), FRESH)).toEqual({ until: 5 + 3_600_000, nothing: false });
  });

  it('a visit waits for a fresh result, or a revisit time with a result (or nothing) to show', () => {
    expect(visitMayWait(100, 50, 60, null)).toBe(true);
    expect(visitMayWait(100, 50, 40, null)).toBe(false);
    expect(visitMayWait(100, 50, null, { until: 200, nothing: true })).toBe(true);
    expect(visitMayWait(100, 50, null, { until: 200, nothing: false })).toBe(false);
    expect(visitMayWait(100, 50, 40, { until: 200, nothing: false })).toBe(true);
    expect(visitMayWait(200, 50, 40, { until: 200, nothing: true })).toBe(false);
  });
});

describe('revisits in storage.local', () => {
  it('are bounded, drop what is past, and read a corrupt list as empty', async () => {
    await storage.setRevisit(A, { until: 50, nothing: true }, 0);
    await storage.setRevisit('https://b.example', { until: 500, nothing: false }, 100);
    expect(await storage.getRevisit(A)).toBeNull();
    expect(await storage.getRevisit('https://b.example')).toEqual({ until: 500, nothing: false });
    for (let i = 0; i < 1005; i++) await storage.setRevisit(`https://s${i}.example`, { until: 1e15, nothing: true }, 0);
    const raw = (await fakeBrowser.storage.local.get('revisits')).revisits as { origins: unknown[] };
    expect(raw.origins).toHaveLength(1000);
    expect(await storage.getRevisit('https://s0.example')).toBeNull();
    expect(await storage.getRevisit('https://s1004.example')).toEqual({ until: 1e15, nothing: true });
    await fakeBrowser.storage.local.set({ revisits: { version: 1, origins: [['x', 'soon', true], 'junk'] } });
    expect(await storage.getRevisit('x')).toBeNull();
  });
});
