// The copies of stored items the background holds (platform/storage.ts), so that a page visit
// waits on no storage call: each is read once, kept in step with the background's own writes,
// and dropped when a write fails or when another context says it changed the item.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as storage from '../../../utils/extension/platform/storage';
import { STORAGE_KEYS } from '../../../utils/extension/platform/storage';
import type { SiteFingerprint } from '../../../utils/engine/changes';
import { report } from '../helpers';

const A = 'https://a.example';
const B = 'https://b.example';

/** The keys of every `get` on `area` while `run` runs. */
async function reads(area: 'session' | 'local', run: () => Promise<void>): Promise<unknown[]> {
  const get = vi.spyOn(fakeBrowser.storage[area], 'get');
  try {
    await run();
    return get.mock.calls.map(([keys]) => keys);
  } finally {
    get.mockRestore();
  }
}

const resultOf = (origin: string) => ({ report: report(origin, 'ok'), rawPoppy: null, checkedAt: 1_000, allHosts: false });
const print: SiteFingerprint = { poppy: true, issuer: null, domain: null, scopes: {}, apis: [], excludedTasks: [], skills: {} };

afterEach(() => void vi.restoreAllMocks());

describe('the tab map', () => {
  it("records a visit's tab for every reader at once, and writes it after", async () => {
    const writing = storage.setTabOrigin(3, A);
    expect([...(await storage.tabOrigins())]).toEqual([[3, A]]);
    await writing;
    expect(await fakeBrowser.storage.session.get(STORAGE_KEYS.tabs)).toEqual({ tabs: { 3: A } });
    expect(await reads('session', async () => void (await storage.tabOrigins()))).toEqual([]);
  });

  it('drops the copy when a write fails: readers get what storage holds', async () => {
    await storage.setTabOrigin(1, A);
    vi.spyOn(fakeBrowser.storage.session, 'set').mockRejectedValueOnce(new Error('quota'));
    await expect(storage.setTabOrigin(2, B)).rejects.toThrow('quota');
    expect([...(await storage.tabOrigins())]).toEqual([[1, A]]);
  });
});

describe("a visit's view of an origin (results and markers)", () => {
  it('reads nothing for an origin with neither, once the keys are known', async () => {
    await storage.setResult(B, resultOf(B));
    expect(
      await reads('session', async () => expect(await storage.getVisitState(A)).toEqual({ result: null, marker: null, revisit: null })),
    ).toEqual([]);
  });

  it("reads an origin's result and marker when it has them, and forgets them as they go", async () => {
    await storage.setResult(A, resultOf(A));
    expect((await storage.getVisitState(A)).result?.checkedAt).toBe(1_000);
    await storage.sweepResults(0, 5_000);
    expect(await reads('session', async () => expect((await storage.getVisitState(A)).result).toBeNull())).toEqual([]);
    const marker = { startedAt: 1, allHosts: false, revalidate: false, attempts: 1, done: 0, total: 0 };
    await storage.setMarker(A, marker);
    expect((await storage.getVisitState(A)).marker).toEqual(marker);
    await storage.clearMarker(A);
    expect(await reads('session', async () => expect((await storage.getVisitState(A)).marker).toBeNull())).toEqual([]);
  });

  it("reads an origin's revisit time beside its result; for one with nothing stored, the copy's", async () => {
    await storage.setRevisit(A, { until: 9_000, nothing: false }, 0);
    await storage.setRevisit(B, { until: 8_000, nothing: true }, 0);
    await storage.setResult(A, resultOf(A));
    // Rewritten behind the background's back (a test ageing what it stored): read where storage is read.
    await fakeBrowser.storage.local.set({
      [STORAGE_KEYS.revisits]: {
        version: 1,
        origins: [
          [A, 1_000, false],
          [B, 2_000, true],
        ],
      },
    });
    expect((await storage.getVisitState(A)).revisit).toEqual({ until: 1_000, nothing: false });
    expect(
      await reads('local', async () => expect((await storage.getVisitState(B)).revisit).toEqual({ until: 8_000, nothing: true })),
    ).toEqual([]);
  });

  it('a new worker reads the keys once', async () => {
    await storage.setResult(A, resultOf(A));
    storage.forgetHeldCopies();
    const keys = vi.spyOn(fakeBrowser.storage.session, 'getKeys');
    expect((await storage.getVisitState(A)).result?.checkedAt).toBe(1_000);
    expect((await storage.getVisitState(B)).result).toBeNull();
    expect(keys).toHaveBeenCalledTimes(1);
  });
});

describe("the user's choices", () => {
  it('are read once for every visit after, until a page says they changed', async () => {
    expect((await storage.getVisitChoices(A)).quiet).toBe(false);
    // The panel of another context stores the choice; this context's copy does not see it yet…
    await fakeBrowser.storage.local.set({ [STORAGE_KEYS.quietSites]: { version: 1, origins: [A] } });
    expect(await reads('local', async () => expect((await storage.getVisitChoices(A)).quiet).toBe(false))).toEqual([]);
    // …until the page's message arrives.
    await storage.choicesChanged();
    expect((await storage.getVisitChoices(A)).quiet).toBe(true);
  });

  it('a change stored in the same context is seen at once', async () => {
    expect((await storage.getVisitChoices(A)).options.autoCheck).toBe(true);
    await storage.setOptions({ autoCheck: false });
    expect((await storage.getVisitChoices(A)).options.autoCheck).toBe(false);
    await storage.setSiteQuiet(A, true);
    expect((await storage.getVisitChoices(A)).quiet).toBe(true);
  });

  it('the memory turned off elsewhere: what a check remembered before hearing of it goes too (D13)', async () => {
    expect(await storage.rememberSite(A, print, '2026-12-01T00:00:00Z', () => null)).toBeNull();
    // The options page turns the memory off and drops it, in its own context…
    await fakeBrowser.storage.local.set({
      [STORAGE_KEYS.options]: { version: 1, autoCheck: true, autoOtherHosts: false, rememberChanges: false },
    });
    await fakeBrowser.storage.local.remove(STORAGE_KEYS.siteMemory);
    // …while a check here, not told yet, remembers a site again.
    await storage.rememberSite(B, print, '2026-12-01T00:00:00Z', () => null);
    expect(await fakeBrowser.storage.local.get(STORAGE_KEYS.siteMemory)).not.toEqual({});
    await storage.choicesChanged();
    expect(await fakeBrowser.storage.local.get(STORAGE_KEYS.siteMemory)).toEqual({});
    expect(await storage.rememberSite(A, print, '2026-12-02T00:00:00Z', () => ({ since: '2026-12-01T00:00:00Z', list: [] }))).toBeNull();
    expect(await fakeBrowser.storage.local.get(STORAGE_KEYS.siteMemory)).toEqual({});
  });
});

describe('the site memory (D13)', () => {
  it('answers the changes once the write has started, without reading storage again', async () => {
    await storage.rememberSite(A, print, '2026-12-01T00:00:00Z', () => null);
    let release = () => {};
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockImplementationOnce(
      (items) =>
        new Promise<void>((resolve) => {
          release = () => void fakeBrowser.storage.local.set(items).then(resolve);
        }),
    );
    const changes = { since: '2026-12-01T00:00:00Z', list: [] };
    const got = await reads('local', async () =>
      expect(await storage.rememberSite(A, print, '2026-12-02T00:00:00Z', () => changes)).toBe(changes),
    );
    expect(got).toEqual([]);
    expect(set).toHaveBeenCalledTimes(1);
    // The next step on the memory waits for that write.
    let forgotten = false;
    const forgetting = storage.forgetSite(A).then(() => (forgotten = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(forgotten).toBe(false);
    release();
    await forgetting;
    expect(await fakeBrowser.storage.local.get(STORAGE_KEYS.siteMemory)).toEqual({ [STORAGE_KEYS.siteMemory]: { version: 1, sites: [] } });
  });
});
