// Stored data outlives updates. Every item is at version 1, the first release's shape: a frozen
// example of what this release writes (tests/fixtures/stored/local-v1.json, never regenerated)
// must read back as it is, anything unknown, corrupt or newer as the defaults, and the migration
// steps a later release adds run in order (WXT's storage.defineItem model, docs/architecture.md).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as storage from '../../utils/extension/platform/storage';
import {
  BODY_INDEX_VERSION,
  OPTIONS_VERSION,
  QUIET_SITES_MAX,
  readItem,
  readStoredBodyIndex,
  readStoredOptions,
  readStoredQuietSites,
  SITE_MEMORY_ITEM,
  SITE_MEMORY_VERSION,
  type StoredItem,
} from '../../utils/extension/stored-items';
import { readSiteMemory } from '../../utils/extension/site-memory';
import type { SiteFingerprint } from '../../utils/engine/changes';
import { storedBodyDigests } from './helpers';

const V1 = JSON.parse(readFileSync(resolve(process.cwd(), 'tests/fixtures/stored/local-v1.json'), 'utf8')) as Record<string, unknown>;
const [FIND, ORDER] = [
  '26d60d275c58d3cb518f8e20396df0c662e4dbf62a231049f7d40be4b4de41b9',
  '5203ecd6cebeaca9141057eb3fb934164dace210f5b39f5dbacc3e7459ebb1f0',
];
const DEFAULTS = { autoCheck: true, autoOtherHosts: false, rememberChanges: true };
const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));

describe('storage.local as this release writes it (version 1)', () => {
  it('keeps the options the user chose, and writes them back as version 1', async () => {
    await fakeBrowser.storage.local.set(V1);
    expect(await storage.getOptions()).toEqual({ autoCheck: false, autoOtherHosts: true, rememberChanges: true });
    await storage.setOptions({ autoCheck: true });
    expect((await fakeBrowser.storage.local.get('options')).options).toEqual({
      version: 1,
      autoCheck: true,
      autoOtherHosts: true,
      rememberChanges: true,
    });
  });

  it('keeps the cached skill bodies, in their eviction order, and writes the index back packed, as version 1', async () => {
    await fakeBrowser.storage.local.set(V1);
    expect(text(await storage.skillBodies.get(FIND))).toBe('---\nname: find-flowers\ndescription: Finds flowers.\n---\n# Find flowers\n');
    const added = 'c'.repeat(64);
    await storage.skillBodies.put(added, new TextEncoder().encode('# Added\n'));
    expect(await storedBodyDigests()).toEqual([FIND, ORDER, added]);
    const packed = (await fakeBrowser.storage.local.get('skill-bodies'))['skill-bodies'];
    expect(typeof packed).toBe('string');
    const index = JSON.parse(packed as string) as { version: number; bodies: unknown[] };
    expect(index.version).toBe(1);
    expect(index.bodies[0]).toEqual([FIND, 96]);
  });
});

describe('reading stored items', () => {
  it('options: version 1 as stored; a field of the wrong type takes its default', () => {
    expect(readStoredOptions(V1.options, DEFAULTS)).toEqual({
      version: OPTIONS_VERSION,
      autoCheck: false,
      autoOtherHosts: true,
      rememberChanges: true,
    });
    expect(readStoredOptions({ version: 1, autoCheck: false, autoOtherHosts: 'yes' }, DEFAULTS)).toEqual({
      version: 1,
      autoCheck: false,
      autoOtherHosts: false,
      rememberChanges: true,
    });
  });

  it.each<[string, unknown]>([
    ['nothing stored', null],
    ['a string', 'yes'],
    ['an array', [false]],
    ['no version (a development build before the first release)', { autoCheck: false, autoOtherHosts: true }],
    ['a version from the future', { version: 99, autoCheck: false, autoOtherHosts: true }],
    ['a version that is not a number', { version: '1', autoCheck: false }],
  ])('options: %s reads as the defaults', (_name, raw) => {
    expect(readStoredOptions(raw, DEFAULTS)).toEqual({ version: 1, ...DEFAULTS });
  });

  it('skill bodies: version 1 is read from its packed string, what fails its checks dropped', () => {
    expect(readStoredBodyIndex(V1['skill-bodies'])).toEqual({
      version: BODY_INDEX_VERSION,
      bodies: [
        [FIND, 96],
        [ORDER, 88],
      ],
      urls: [],
    });
    const good = { url: 'https://shop.example/a/SKILL.md', hex: FIND, etag: '"x"', lastModified: null, contentType: null, cors: true };
    const packed = JSON.stringify({
      version: 1,
      bodies: [
        [FIND, 96],
        ['bad', 1],
        [ORDER, -1],
      ],
      urls: [good, { ...good, hex: 'nope' }, { ...good, cors: 'yes' }, null],
    });
    expect(readStoredBodyIndex(packed)).toEqual({ version: 1, bodies: [[FIND, 96]], urls: [good] });
  });

  it.each<[string, unknown]>([
    ['nothing stored', undefined],
    ['an object of another shape', { a: 1 }],
    ['a bare array (a development build before the first release)', [[FIND, 96]]],
    ['a version from the future', JSON.stringify({ version: 99, bodies: [[FIND, 96]], urls: [] })],
    ['a broken packed string', '{"version":1,"bodies":['],
    ['an oversized packed string', `${JSON.stringify({ version: 1, bodies: [[FIND, 96]], urls: [] })}${' '.repeat(4_000_000)}`],
  ])('skill bodies: %s reads as an empty index', (_name, raw) => {
    expect(readStoredBodyIndex(raw)).toEqual({ version: 1, bodies: [], urls: [] });
  });

  it('a corrupt index in storage never breaks a put', async () => {
    await fakeBrowser.storage.local.set({ 'skill-bodies': { version: 1, bodies: 'oops' } });
    await storage.skillBodies.put(FIND, new TextEncoder().encode('x'));
    expect(await storedBodyDigests()).toEqual([FIND]);
  });
});

describe('migrations, for the release that first changes a shape', () => {
  // An item at version 3 whose steps rename a field, then split it: how a later release declares one.
  const item: StoredItem<{ version: 3; first: string; last: string }> = {
    version: 3,
    fallback: () => ({ version: 3, first: '', last: '' }),
    read: (raw) => ({ version: 3, first: String(raw.first ?? ''), last: String(raw.last ?? '') }),
    migrations: {
      1: ({ name }) => ({ version: 2, fullName: name }),
      2: ({ fullName }) => {
        const [first = '', last = ''] = String(fullName).split(' ');
        return { version: 3, first, last };
      },
    },
  };

  it('runs every step from the stored version, in order', () => {
    expect(readItem(item, { version: 1, name: 'Ada Lovelace' })).toEqual({ version: 3, first: 'Ada', last: 'Lovelace' });
    expect(readItem(item, { version: 2, fullName: 'Ada Lovelace' })).toEqual({ version: 3, first: 'Ada', last: 'Lovelace' });
    expect(readItem(item, { version: 3, first: 'Ada', last: 'L' })).toEqual({ version: 3, first: 'Ada', last: 'L' });
  });

  it('reads a version it has no step for, or a newer one, as the fallback', () => {
    expect(readItem({ ...item, migrations: { 2: item.migrations[2]! } }, { version: 1, name: 'Ada Lovelace' })).toEqual(item.fallback());
    expect(readItem(item, { version: 4, first: 'Ada' })).toEqual(item.fallback());
    expect(readItem(item, { version: 0, first: 'Ada' })).toEqual(item.fallback());
  });
});

describe('the per-site choice (quiet sites, version 1)', () => {
  it('adds, keeps once and removes an origin; stored with its version', async () => {
    await storage.setSiteQuiet('https://a.example', true);
    await storage.setSiteQuiet('https://b.example', true);
    await storage.setSiteQuiet('https://a.example', true);
    expect([...(await storage.getQuietSites())]).toEqual(['https://b.example', 'https://a.example']);
    await storage.setSiteQuiet('https://b.example', false);
    expect((await fakeBrowser.storage.local.get('quiet-sites'))['quiet-sites']).toEqual({ version: 1, origins: ['https://a.example'] });
  });

  it.each<[string, unknown, string[]]>([
    ['nothing stored', undefined, []],
    ['a version from the future', { version: 2, origins: ['https://a.example'] }, []],
    ['junk among origins', { version: 1, origins: ['https://a.example', 7, null, 'x'.repeat(301)] }, ['https://a.example']],
  ])('reads %s', (_name, raw, origins) => {
    expect(readStoredQuietSites(raw)).toEqual({ version: 1, origins });
  });

  it('keeps the newest origins of an oversized list', () => {
    const origins = Array.from({ length: QUIET_SITES_MAX + 3 }, (_, i) => `https://s${i}.example`);
    const read = readStoredQuietSites({ version: 1, origins }).origins;
    expect(read).toHaveLength(QUIET_SITES_MAX);
    expect(read[0]).toBe('https://s3.example');
  });
});

describe('the site memory (version 1)', () => {
  const print: SiteFingerprint = { poppy: true, issuer: null, domain: null, scopes: {}, apis: [], excludedTasks: [], skills: {} };
  const row = ['https://a.example', { ...print, checkedAt: '2026-12-01T00:00:00Z' }, 120];

  it('is declared with the other items, and stored with its version', async () => {
    expect(SITE_MEMORY_ITEM.version).toBe(SITE_MEMORY_VERSION);
    await storage.rememberSite('https://a.example', print, '2026-12-01T00:00:00Z', () => null);
    const stored = (await fakeBrowser.storage.local.get('site-memory'))['site-memory'] as { version: number; sites: unknown[] };
    expect(stored.version).toBe(1);
    expect(stored.sites.map((r) => (r as unknown[])[0])).toEqual(['https://a.example']);
  });

  it.each<[string, unknown, unknown[]]>([
    ['nothing stored', undefined, []],
    ['a version from the future', { version: 2, sites: [row] }, []],
    ['junk among rows', { version: 1, sites: [row, 7, ['https://b.example', null, 3], ['https://c.example', {}, '3']] }, [row]],
  ])('reads %s', (_name, raw, sites) => {
    expect(readSiteMemory(raw)).toEqual({ version: 1, sites });
  });
});
