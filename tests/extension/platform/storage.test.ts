import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as storage from '../../../utils/extension/platform/storage';
import { report, storedBodyDigests } from '../helpers';

/** Cheap to build at 1 MB; the seed in the first byte tells bodies apart. */
const bytesOf = (seed: number, length: number) => new Uint8Array(length).fill(0xa5).fill(seed, 0, 1);
const same = (a: Uint8Array | null, b: Uint8Array) => a !== null && Buffer.from(a).equals(Buffer.from(b));
const hex = (n: number) => n.toString(16).padStart(64, '0');

describe('skill bodies by digest', () => {
  it('round-trips exact bytes, including every byte value', async () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    await storage.skillBodies.put(hex(1), all);
    expect(await storage.skillBodies.get(hex(1))).toEqual(all);
    expect(await storage.skillBodies.get(hex(2))).toBeNull();
  });

  // Four megabytes through base64 and the fake storage: well under a second alone, past the 5 s
  // default on a busy machine; not timed.
  it('evicts the oldest bodies once the total passes the budget', async () => {
    const size = 1_000_000; // about 1.33 MB as base64: four of them pass 5 MB
    for (const n of [1, 2, 3, 4]) await storage.skillBodies.put(hex(n), bytesOf(n, size));
    expect(await storedBodyDigests()).toEqual([hex(2), hex(3), hex(4)]);
    expect(await storage.skillBodies.get(hex(1))).toBeNull();
    expect(same(await storage.skillBodies.get(hex(4)), bytesOf(4, size))).toBe(true);
    const kept = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(kept).filter((k) => k.startsWith('skill:'))).toHaveLength(3);
  }, 60_000);

  it('keeps the index consistent when puts race', async () => {
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => storage.skillBodies.put(hex(n), bytesOf(n, 10))));
    expect(await storedBodyDigests()).toEqual([1, 2, 3, 4, 5, 6].map(hex));
  });

  it('does not keep a body that would crowd out all others', async () => {
    await storage.skillBodies.put(hex(9), bytesOf(9, 1_100_000));
    expect(await storage.skillBodies.get(hex(9))).toBeNull();
    expect(await storedBodyDigests()).toEqual([]);
  });

  it('stores a digest once even when put twice', async () => {
    await storage.skillBodies.put(hex(1), bytesOf(1, 10));
    await storage.skillBodies.put(hex(1), bytesOf(1, 10));
    expect(await storedBodyDigests()).toEqual([hex(1)]);
  });
});

describe("a check's batch of skill bodies", () => {
  /** Counts storage.local calls by kind while `run` runs. */
  async function counting(run: () => Promise<void>): Promise<{ get: number; set: number; setKeys: string[][] }> {
    const area = fakeBrowser.storage.local;
    const get = vi.spyOn(area, 'get');
    const set = vi.spyOn(area, 'set');
    try {
      await run();
      return { get: get.mock.calls.length, set: set.mock.calls.length, setKeys: set.mock.calls.map(([items]) => Object.keys(items)) };
    } finally {
      get.mockRestore();
      set.mockRestore();
    }
  }

  it('queues puts without touching storage, then writes every body and the index in one call', async () => {
    const batch = storage.skillBodies.batch();
    const queued = await counting(async () => {
      for (const n of [1, 2, 3]) await batch.put(hex(n), bytesOf(n, 10));
    });
    expect(queued).toEqual({ get: 0, set: 0, setKeys: [] });
    expect(same(await batch.get(hex(2)), bytesOf(2, 10))).toBe(true);
    const flushed = await counting(() => batch.flush());
    expect(flushed.set).toBe(1);
    expect(flushed.setKeys[0]!.sort()).toEqual(['skill-bodies', `skill:${hex(1)}`, `skill:${hex(2)}`, `skill:${hex(3)}`]);
    expect(await storedBodyDigests()).toEqual([1, 2, 3].map(hex));
  });

  it('reads the index once per batch and asks for no body it does not hold', async () => {
    await storage.skillBodies.put(hex(1), bytesOf(1, 10));
    const batch = storage.skillBodies.batch();
    const reads = await counting(async () => {
      for (let n = 2; n < 50; n++) expect(await batch.get(hex(n))).toBeNull();
      expect(same(await batch.get(hex(1)), bytesOf(1, 10))).toBe(true);
    });
    // The index, then the one body it lists.
    expect(reads.get).toBe(2);
  });

  it('writes in the background once the queue is large, and evicts across batches', async () => {
    const size = 1_000_000; // about 1.33 MB as base64: past the queue's threshold on its own
    const batch = storage.skillBodies.batch();
    for (const n of [1, 2, 3]) await batch.put(hex(n), bytesOf(n, size));
    await batch.put(hex(4), bytesOf(4, size));
    await batch.flush();
    expect(await storedBodyDigests()).toEqual([hex(2), hex(3), hex(4)]);
    const kept = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(kept).filter((k) => k.startsWith('skill:'))).toHaveLength(3);
    expect(same(await storage.skillBodies.get(hex(4)), bytesOf(4, size))).toBe(true);
  });

  it('a failed write does not fail the check, and later batches still write', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = storage.skillBodies.batch();
    await failing.put(hex(1), bytesOf(1, 10));
    await expect(failing.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    set.mockRestore();
    warn.mockRestore();
    const next = storage.skillBodies.batch();
    await next.put(hex(2), bytesOf(2, 10));
    await next.flush();
    expect(await storedBodyDigests()).toEqual([hex(2)]);
  });
});

describe('options', () => {
  it('defaults to automatic checks of the site only', async () => {
    expect(await storage.getOptions()).toEqual({ autoCheck: true, autoOtherHosts: false });
  });

  it('stores changes one field at a time', async () => {
    await storage.setOptions({ autoCheck: false });
    await storage.setOptions({ autoOtherHosts: true });
    expect(await storage.getOptions()).toEqual({ autoCheck: false, autoOtherHosts: true });
  });

  it.each([
    ['a string', 'yes'],
    ['wrong types', { autoCheck: 'no', autoOtherHosts: 1 }],
    ['an array', [false]],
  ])('falls back to defaults for %s', async (_n, stored) => {
    await fakeBrowser.storage.local.set({ options: stored });
    expect(await storage.getOptions()).toEqual({ autoCheck: true, autoOtherHosts: false });
  });
});

describe('tabs, results and markers in storage.session', () => {
  it('records tabs without losing concurrent visits', async () => {
    await Promise.all([1, 2, 3, 4].map((id) => storage.setTabOrigin(id, `https://s${id}.example`)));
    await storage.forgetTabs([2]);
    expect([...(await storage.tabOrigins())]).toEqual([
      [1, 'https://s1.example'],
      [3, 'https://s3.example'],
      [4, 'https://s4.example'],
    ]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('forgets a tab on an origin only while the tab is still recorded there', async () => {
    await storage.setTabOrigin(1, 'https://a.example');
    await storage.setTabOrigin(2, 'https://b.example');
    await storage.forgetTabs([1, 2], 'https://a.example');
    expect([...(await storage.tabOrigins())]).toEqual([[2, 'https://b.example']]);
  });

  it('lists markers by origin', async () => {
    const marker = { startedAt: 1, allHosts: false, revalidate: false, attempts: 1, done: 0, total: 0 };
    await storage.setMarker('https://a.example', marker);
    await storage.setResult('https://b.example', {
      report: report('https://b.example', 'ok'),
      rawPoppy: null,
      checkedAt: 1,
      allHosts: false,
    });
    expect([...(await storage.allMarkers())]).toEqual([['https://a.example', marker]]);
    await storage.clearMarker('https://a.example');
    expect(await storage.getMarker('https://a.example')).toBeNull();
  });

  it('sweeps old results that no tab shows, and keeps the rest', async () => {
    const stored = (origin: string, checkedAt: number) =>
      storage.setResult(origin, { report: report(origin, 'ok'), rawPoppy: null, checkedAt, allHosts: false });
    await stored('https://old.example', 1_000);
    await stored('https://shown.example', 1_000);
    await stored('https://new.example', 9_000);
    await storage.setTabOrigin(5, 'https://shown.example');
    await storage.sweepResults(5_000, 10_000);
    expect(await storage.getResult('https://old.example')).toBeNull();
    expect((await storage.getResult('https://shown.example'))?.checkedAt).toBe(1_000);
    expect((await storage.getResult('https://new.example'))?.checkedAt).toBe(9_000);
  });

  it('tells a watcher about its own origin only', async () => {
    const onChange = vi.fn();
    const stop = storage.watchOrigin('https://a.example', onChange);
    await storage.setMarker('https://b.example', { startedAt: 1, allHosts: false, revalidate: false, attempts: 1, done: 0, total: 0 });
    expect(onChange).not.toHaveBeenCalled();
    await storage.setResult('https://a.example', {
      report: report('https://a.example', 'ok'),
      rawPoppy: '{}',
      checkedAt: 1,
      allHosts: true,
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
    await storage.clearMarker('https://a.example');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
