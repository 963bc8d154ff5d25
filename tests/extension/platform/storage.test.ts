import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Remembered } from '../../../utils/engine/check';
import * as storage from '../../../utils/extension/platform/storage';
import { STORAGE_KEYS } from '../../../utils/extension/platform/storage';
import { SKILL_CAPS_MAX } from '../../../utils/extension/stored-items';
import { DEFAULT_LIMITS, RAISED_MAX_SKILLS } from '../../../utils/engine/spec';
import { report, skill, storedBodyDigests, storedBodyIndex } from '../helpers';

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

describe("a check's batch of the body cache (the engine's memory)", () => {
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

  const answer = (n: number, url: string, size = 10) => ({
    url,
    digestHex: hex(n),
    etag: `"e${n}"`,
    lastModified: null,
    contentType: 'text/markdown',
    cors: true,
    bytes: bytesOf(n, size),
  });

  /** One batch that keeps these answers, written as a check's end writes it. */
  async function keptInOneBatch(answers: ReturnType<typeof answer>[]): Promise<void> {
    const batch = storage.skillBodies.batch();
    for (const a of answers) batch.keep(a);
    await batch.flush();
  }

  it('queues what it keeps without touching storage, then writes every body and the index in one call', async () => {
    const batch = storage.skillBodies.batch();
    const queued = await counting(async () => {
      for (const n of [1, 2, 3]) batch.keep(answer(n, `https://a.example/${n}`));
      batch.keepBody(hex(4), bytesOf(4, 10));
    });
    expect(queued).toEqual({ get: 0, set: 0, setKeys: [] });
    const flushed = await counting(() => batch.flush());
    expect(flushed.set).toBe(1);
    expect(flushed.setKeys[0]!.sort()).toEqual(['skill-bodies', ...[1, 2, 3, 4].map((n) => `skill:${hex(n)}`)]);
    expect(await storedBodyDigests()).toEqual([1, 2, 3, 4].map(hex));
  });

  it('recalls by URL in one read of the bodies, which come while requests run (the index is held)', async () => {
    await keptInOneBatch([answer(1, 'https://a.example/1'), answer(2, 'https://a.example/2')]);
    let got: ReadonlyMap<string, Remembered> = new Map();
    const reads = await counting(async () => {
      got = await storage.skillBodies.batch().recall(['https://a.example/2', 'https://a.example/3']);
      await got.get('https://a.example/2')?.bytes;
    });
    expect(reads.get).toBe(1);
    expect([...got.keys()]).toEqual(['https://a.example/2']);
    const kept = got.get('https://a.example/2')!;
    expect({ ...kept, bytes: undefined }).toEqual({
      digestHex: hex(2),
      etag: '"e2"',
      lastModified: null,
      contentType: 'text/markdown',
      cors: true,
      bytes: undefined,
    });
    expect(same(await kept.bytes, bytesOf(2, 10))).toBe(true);
    // The preview reads the same bodies by digest.
    expect(same(await storage.skillBodies.get(hex(1)), bytesOf(1, 10))).toBe(true);
  });

  it('reads no body when no URL asked is remembered', async () => {
    await keptInOneBatch([answer(1, 'https://a.example/1')]);
    const reads = await counting(async () => {
      expect((await storage.skillBodies.batch().recall(['https://a.example/9'])).size).toBe(0);
    });
    expect(reads.get).toBe(0);
  });

  it("a URL's newer answer replaces its older one", async () => {
    await keptInOneBatch([answer(1, 'https://a.example/x')]);
    await keptInOneBatch([answer(2, 'https://a.example/x')]);
    expect((await storage.skillBodies.batch().recall(['https://a.example/x'])).get('https://a.example/x')!.digestHex).toBe(hex(2));
  });

  it("a check's two recalls (discovery documents, then skills) read their bodies, not the index the cache holds", async () => {
    await keptInOneBatch([answer(1, 'https://a.example/1'), answer(2, 'https://a.example/2')]);
    const batch = storage.skillBodies.batch();
    let first: ReadonlyMap<string, Remembered> = new Map();
    let second: ReadonlyMap<string, Remembered> = new Map();
    const reads = await counting(async () => {
      first = await batch.recall(['https://a.example/1']);
      second = await batch.recall(['https://a.example/2', 'https://a.example/3']);
    });
    // One read of each recall's bodies; the index is held since the cache wrote it.
    expect(reads.get).toBe(2);
    expect([...first.keys(), ...second.keys()]).toEqual(['https://a.example/1', 'https://a.example/2']);
    expect(same(await second.get('https://a.example/2')!.bytes, bytesOf(2, 10))).toBe(true);
  });

  it('a new worker reads the index once, then holds it; what a later check keeps is in the copy', async () => {
    await keptInOneBatch([answer(1, 'https://a.example/1')]);
    storage.forgetHeldCopies();
    const first = await counting(async () => void (await storage.skillBodies.batch().recall(['https://a.example/9'])));
    expect(first.get).toBe(1);
    await keptInOneBatch([answer(2, 'https://a.example/2')]);
    let got: ReadonlyMap<string, Remembered> = new Map();
    const next = await counting(async () => void (got = await storage.skillBodies.batch().recall(['https://a.example/2'])));
    expect(next.get).toBe(1); // the body only
    expect([...got.keys()]).toEqual(['https://a.example/2']);
  });

  it('a failed write drops the held index: the next check reads what storage holds', async () => {
    await keptInOneBatch([answer(1, 'https://a.example/1')]);
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('quota'));
    await keptInOneBatch([answer(2, 'https://a.example/2')]);
    let got: ReadonlyMap<string, Remembered> = new Map();
    const next = await counting(
      async () => void (got = await storage.skillBodies.batch().recall(['https://a.example/1', 'https://a.example/2'])),
    );
    expect(next.get).toBe(2); // the index, then the body
    expect([...got.keys()]).toEqual(['https://a.example/1']);
  });

  it('a body gone from storage recalls as null (the URL is then asked whole)', async () => {
    await keptInOneBatch([answer(1, 'https://a.example/1')]);
    await fakeBrowser.storage.local.remove(`skill:${hex(1)}`);
    const recalled = await storage.skillBodies.batch().recall(['https://a.example/1']);
    expect(recalled.get('https://a.example/1')!.etag).toBe('"e1"');
    expect(await recalled.get('https://a.example/1')!.bytes).toBeNull();
  });

  it('writes in the background once the queue is large, evicts across batches, and forgets evicted URLs', async () => {
    const size = 1_000_000; // about 1.33 MB as base64: two pass the queue's threshold
    const batch = storage.skillBodies.batch();
    for (const n of [1, 2, 3]) batch.keep(answer(n, `https://a.example/${n}`, size));
    batch.keep(answer(4, 'https://a.example/4', size));
    await batch.flush();
    expect(await storedBodyDigests()).toEqual([hex(2), hex(3), hex(4)]);
    const kept = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(kept).filter((k) => k.startsWith('skill:'))).toHaveLength(3);
    expect(same(await storage.skillBodies.get(hex(4)), bytesOf(4, size))).toBe(true);
    const recalled = await storage.skillBodies.batch().recall(['https://a.example/1', 'https://a.example/4']);
    expect([...recalled.keys()]).toEqual(['https://a.example/4']);
  });

  it('a 304 that lets a kept body stand in moves it to the newest end without writing it again: the others go first', async () => {
    const size = 1_000_000; // about 1.33 MB as base64: three fit the 5 MB budget, a fourth does not
    await keptInOneBatch([1, 2, 3].map((n) => answer(n, `https://a.example/${n}`, size)));
    const used = storage.skillBodies.batch();
    await used.recall(['https://a.example/1']);
    used.refresh('https://a.example/1');
    used.refresh('https://a.example/9'); // not recalled: nothing to vouch for
    const written = await counting(() => used.flush());
    expect(written.setKeys).toEqual([['skill-bodies']]);
    expect(await storedBodyDigests()).toEqual([hex(2), hex(3), hex(1)]);

    await keptInOneBatch([answer(4, 'https://a.example/4', size)]);
    expect(await storedBodyDigests()).toEqual([hex(3), hex(1), hex(4)]);
    const recalled = await storage.skillBodies.batch().recall([1, 2, 3, 4].map((n) => `https://a.example/${n}`));
    expect([...recalled.keys()].sort()).toEqual(['https://a.example/1', 'https://a.example/3', 'https://a.example/4']);
  });

  it('a 304 moves its URL to the newest end of the validators too, unless the URL was kept anew since', async () => {
    await keptInOneBatch([1, 2, 3].map((n) => answer(n, `https://a.example/${n}`)));
    const used = storage.skillBodies.batch();
    await used.recall(['https://a.example/1', 'https://a.example/2']);
    used.refresh('https://a.example/1');
    used.refresh('https://a.example/2');
    // Another check kept a new body for URL 2 in the meantime: the 304 vouched for the old one.
    await keptInOneBatch([answer(5, 'https://a.example/2')]);
    await used.flush();
    const index = await storedBodyIndex();
    expect(index.urls.map((u) => [u.url.slice(-1), u.hex])).toEqual([
      ['3', hex(3)],
      ['2', hex(5)],
      ['1', hex(1)],
    ]);
  });

  it('keeps no body too large to hold, nor its URL', async () => {
    await keptInOneBatch([answer(9, 'https://a.example/big', 1_100_000)]);
    expect(await storedBodyDigests()).toEqual([]);
    expect((await storage.skillBodies.batch().recall(['https://a.example/big'])).size).toBe(0);
  });

  it('a failed write does not fail the check, and later batches still write', async () => {
    const set = vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = storage.skillBodies.batch();
    failing.keep(answer(1, 'https://a.example/1'));
    await expect(failing.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    set.mockRestore();
    warn.mockRestore();
    await keptInOneBatch([answer(2, 'https://a.example/2')]);
    expect(await storedBodyDigests()).toEqual([hex(2)]);
  });
});

describe('options', () => {
  it('defaults to automatic checks of the site only', async () => {
    expect(await storage.getOptions()).toEqual({ autoCheck: true, autoOtherHosts: false, rememberChanges: true });
  });

  it('stores changes one field at a time', async () => {
    await storage.setOptions({ autoCheck: false });
    await storage.setOptions({ autoOtherHosts: true });
    expect(await storage.getOptions()).toEqual({ autoCheck: false, autoOtherHosts: true, rememberChanges: true });
  });

  it.each([
    ['a string', 'yes'],
    ['wrong types', { autoCheck: 'no', autoOtherHosts: 1 }],
    ['an array', [false]],
  ])('falls back to defaults for %s', async (_n, stored) => {
    await fakeBrowser.storage.local.set({ options: stored });
    expect(await storage.getOptions()).toEqual({ autoCheck: true, autoOtherHosts: false, rememberChanges: true });
  });
});

describe('skill caps raised per origin', () => {
  const A = 'https://a.example';

  it('is the default until raised, then what was raised, for that origin only', async () => {
    expect(await storage.getSkillCap(A)).toBe(DEFAULT_LIMITS.maxSkills);
    await storage.setSkillCap(A, RAISED_MAX_SKILLS);
    expect(await storage.getSkillCap(A)).toBe(RAISED_MAX_SKILLS);
    expect(await storage.getSkillCap('https://b.example')).toBe(DEFAULT_LIMITS.maxSkills);
  });

  it(`keeps the newest ${SKILL_CAPS_MAX} origins, the oldest out, each origin once`, async () => {
    const origins = Array.from({ length: SKILL_CAPS_MAX + 5 }, (_, i) => `https://s${i}.example`);
    await Promise.all(origins.map((o) => storage.setSkillCap(o, RAISED_MAX_SKILLS)));
    await storage.setSkillCap(origins.at(-1)!, RAISED_MAX_SKILLS);
    const stored = (await fakeBrowser.storage.local.get(STORAGE_KEYS.skillCaps))[STORAGE_KEYS.skillCaps] as { origins: [string, number][] };
    expect(stored.origins).toHaveLength(SKILL_CAPS_MAX);
    expect(new Set(stored.origins.map(([o]) => o)).size).toBe(SKILL_CAPS_MAX);
    expect(await storage.getSkillCap(origins[4]!)).toBe(DEFAULT_LIMITS.maxSkills);
    expect(await storage.getSkillCap(origins[5]!)).toBe(RAISED_MAX_SKILLS);
  });

  it.each([
    ['a cap above the raised one', { version: 1, origins: [['https://a.example', 1_000_000]] }],
    ['a cap below the default', { version: 1, origins: [['https://a.example', 3]] }],
    ['a fraction', { version: 1, origins: [['https://a.example', 500.5]] }],
    ['an unknown version', { version: 9, origins: [['https://a.example', 1000]] }],
    ['not a list', { version: 1, origins: 'https://a.example' }],
  ])('reads %s as the default', async (_n, stored) => {
    await fakeBrowser.storage.local.set({ [STORAGE_KEYS.skillCaps]: stored });
    expect(await storage.getSkillCap(A)).toBe(DEFAULT_LIMITS.maxSkills);
  });
});

/**
 * Gives the fake storage.session a `getKeys` (the fake's own throws: not mocked) answering the
 * keys it holds now, and returns a reader of the keys asked of `get` since (null: everything).
 */
function withGetKeys(): () => unknown[] {
  const area = fakeBrowser.storage.session;
  const unspied = area.get.bind(area);
  vi.spyOn(area, 'getKeys').mockImplementation(async () => Object.keys(await unspied(null)));
  const get = vi.spyOn(area, 'get');
  return () => get.mock.calls.map(([keys]) => keys);
}

describe('tabs, results and markers in storage.session', () => {
  afterEach(() => void vi.restoreAllMocks());

  /** An ok result of `origin`, checked at epoch millisecond 1: old for any sweep. */
  const oldResult = (origin: string) =>
    storage.setResult(origin, { report: report(origin, 'ok'), rawPoppy: null, checkedAt: 1, allHosts: false });

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
    // Where the browser has getKeys, the results are not read at all (a worker start's cost).
    const reads = withGetKeys();
    expect([...(await storage.allMarkers())]).toEqual([['https://a.example', marker]]);
    expect(reads()).toEqual([['checking:https://a.example']]);
    await storage.clearMarker('https://a.example');
    expect(await storage.getMarker('https://a.example')).toBeNull();
    expect(await storage.allMarkers()).toEqual(new Map());
  });

  it('keeps a result packed in one string and its time in a key of its own, reads it back whole, and reads anything else as none', async () => {
    const origin = 'https://a.example';
    const result = { report: report(origin, 'ok', [skill('s0', 'verified')]), rawPoppy: '{"a":1}', checkedAt: 7, allHosts: true };
    await storage.setResult(origin, result);
    const raw = await fakeBrowser.storage.session.get(null);
    const { checkedAt: _, ...rest } = result;
    // The time is kept once, beside the packed rest: nothing to drift apart.
    expect(raw).toEqual({ [`result:${origin}`]: JSON.stringify(rest), [`result-at:${origin}`]: 7 });
    expect(await storage.getResult(origin)).toEqual(result);
    expect((await storage.getOriginState(origin)).result).toEqual(result);
    const others: [unknown, unknown][] = [
      ['{', 7],
      ['5', 7],
      ['[]', 7],
      ['{}', '7'],
      ['{}', undefined],
      [rest, 7],
      [undefined, 7],
    ];
    for (const [packed, at] of others) {
      await fakeBrowser.storage.session.remove([`result:${origin}`, `result-at:${origin}`]);
      await fakeBrowser.storage.session.set({
        ...(packed === undefined ? {} : { [`result:${origin}`]: packed }),
        ...(at === undefined ? {} : { [`result-at:${origin}`]: at }),
      });
      expect(await storage.getResult(origin), JSON.stringify([packed, at])).toBeNull();
      expect((await storage.getOriginState(origin)).result).toBeNull();
    }
  });

  it('sweeps old results that no tab shows, and keeps the rest', async () => {
    const stored = (origin: string, checkedAt: number) =>
      storage.setResult(origin, { report: report(origin, 'ok'), rawPoppy: null, checkedAt, allHosts: false });
    await stored('https://old.example', 1_000);
    await stored('https://shown.example', 1_000);
    await stored('https://new.example', 9_000);
    await storage.setTabOrigin(5, 'https://shown.example');
    // A result without its time (not one setResult writes; say an older version's) counts as old.
    await fakeBrowser.storage.session.set({ 'result:https://untimed.example': '{}' });
    storage.forgetHeldCopies(); // a new worker, which lists the keys once
    const reads = withGetKeys();
    await storage.sweepResults(5_000, 10_000);
    // The new worker's tab map, then only the times of results no tab shows: no result, and
    // nothing read whole (the keys come from getKeys).
    expect(reads()).toEqual([
      'tabs',
      ['result-at:https://old.example', 'result-at:https://new.example', 'result-at:https://untimed.example'],
    ]);
    expect(await storage.getResult('https://old.example')).toBeNull();
    expect((await storage.getResult('https://shown.example'))?.checkedAt).toBe(1_000);
    expect((await storage.getResult('https://new.example'))?.checkedAt).toBe(9_000);
    expect(Object.keys(await fakeBrowser.storage.session.get(null)).sort()).toEqual([
      'result-at:https://new.example',
      'result-at:https://shown.example',
      'result:https://new.example',
      'result:https://shown.example',
      'tabs',
    ]);
  });

  it('sweeps the same without getKeys (Firefox before 143): every key read at once', async () => {
    await oldResult('https://old.example');
    storage.forgetHeldCopies(); // a new worker
    const session = fakeBrowser.storage.session as { getKeys?: unknown };
    const getKeys = session.getKeys;
    delete session.getKeys;
    try {
      await storage.sweepResults(5_000, 10_000);
    } finally {
      session.getKeys = getKeys;
    }
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });

  it("lists the keys once per worker: its restarts' markers, the sweep and the visits share them", async () => {
    await oldResult('https://old.example');
    await storage.setMarker('https://a.example', { startedAt: 1, allHosts: false, revalidate: false, attempts: 1, done: 0, total: 0 });
    storage.forgetHeldCopies(); // a new worker
    const reads = withGetKeys();
    const getKeys = vi.mocked(fakeBrowser.storage.session.getKeys);
    expect([...(await storage.allMarkers()).keys()]).toEqual(['https://a.example']);
    await storage.sweepResults(5_000, 10_000);
    expect((await storage.getVisitState('https://b.example')).result).toBeNull();
    expect(getKeys).toHaveBeenCalledTimes(1);
    expect(reads()).not.toContainEqual(null);
    expect(await storage.getResult('https://old.example')).toBeNull();
  });

  it('tells a watcher about its own origin only', async () => {
    const onChange = vi.fn();
    const stop = storage.watchOrigin('https://a.example', onChange);
    // On storage.session's own event: the all-areas one would bring every skill-body write along.
    expect([fakeBrowser.storage.session.onChanged.hasListeners(), fakeBrowser.storage.onChanged.hasListeners()]).toEqual([true, false]);
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
    expect(fakeBrowser.storage.session.onChanged.hasListeners()).toBe(false);
    await storage.clearMarker('https://a.example');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe('raw documents for the full-page report', () => {
  const raw = (n: number) => ({
    checkedAt: `2026-12-01T10:00:0${n}.000Z`,
    documents: [{ url: `https://s${n}.example/i.json`, text: `{"n":${n}}` }],
  });
  it('keeps the last few origins asked about, newest last; null drops one origin', async () => {
    for (const n of [1, 2, 3, 4]) await storage.setRawDocuments(`https://s${n}.example`, raw(n));
    expect(await storage.getRawDocuments('https://s1.example')).toBeNull();
    expect(await storage.getRawDocuments('https://s4.example')).toEqual(raw(4));
    // Written again, an origin becomes the newest: the oldest other one goes next.
    await storage.setRawDocuments('https://s2.example', raw(2));
    await storage.setRawDocuments('https://s5.example', raw(5));
    expect(await storage.getRawDocuments('https://s3.example')).toBeNull();
    expect(await storage.getRawDocuments('https://s2.example')).toEqual(raw(2));
    await storage.setRawDocuments('https://s2.example', null);
    expect(await storage.getRawDocuments('https://s2.example')).toBeNull();
    const stored = (await fakeBrowser.storage.session.get(storage.STORAGE_KEYS.rawDocuments))[storage.STORAGE_KEYS.rawDocuments] as {
      origin: string;
    }[];
    expect(stored.map((r) => r.origin)).toEqual(['https://s4.example', 'https://s5.example']);
  });
});
