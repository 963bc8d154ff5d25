// Stored data outlives updates: storage.local as release 0.1.0 left it (a frozen example, never
// regenerated) must read as the latest shape, and anything unknown or corrupt as the defaults.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as storage from '../../utils/extension/platform/storage';
import {
  BODY_INDEX_VERSION,
  OPTIONS_VERSION,
  QUIET_SITES_MAX,
  readStoredBodyIndex,
  readStoredOptions,
  readStoredQuietSites,
} from '../../utils/extension/storage-migrations';
import { storedBodyDigests } from './helpers';

const V1 = JSON.parse(readFileSync(resolve(process.cwd(), 'tests/fixtures/stored/local-v1.json'), 'utf8')) as Record<string, unknown>;
const [FIND, ORDER] = [
  '26d60d275c58d3cb518f8e20396df0c662e4dbf62a231049f7d40be4b4de41b9',
  '5203ecd6cebeaca9141057eb3fb934164dace210f5b39f5dbacc3e7459ebb1f0',
];
const DEFAULTS = { autoCheck: true, autoOtherHosts: false, rememberChanges: true };
const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));

describe('storage.local written by 0.1.0 (version 1)', () => {
  it('keeps the options the user chose, and writes them back as version 2', async () => {
    await fakeBrowser.storage.local.set(V1);
    expect(await storage.getOptions()).toEqual({ autoCheck: false, autoOtherHosts: true, rememberChanges: true });
    await storage.setOptions({ autoCheck: true });
    expect((await fakeBrowser.storage.local.get('options')).options).toEqual({
      version: 2,
      autoCheck: true,
      autoOtherHosts: true,
      rememberChanges: true,
    });
  });

  it('keeps the cached skill bodies, in their eviction order, and writes the index back as version 4, packed', async () => {
    await fakeBrowser.storage.local.set(V1);
    expect(text(await storage.skillBodies.get(FIND))).toBe('---\nname: find-flowers\ndescription: Finds flowers.\n---\n# Find flowers\n');
    const added = 'c'.repeat(64);
    await storage.skillBodies.put(added, new TextEncoder().encode('# Added\n'));
    expect(await storedBodyDigests()).toEqual([FIND, ORDER, added]);
    const packed = (await fakeBrowser.storage.local.get('skill-bodies'))['skill-bodies'];
    expect(typeof packed).toBe('string');
    const index = JSON.parse(packed as string) as { version: number; bodies: unknown[] };
    expect(index.version).toBe(4);
    expect(index.bodies[0]).toEqual([FIND, 96]);
  });
});

describe('migrations on their own', () => {
  it('options: version 1 to the latest', () => {
    expect(readStoredOptions(V1.options, DEFAULTS)).toEqual({
      version: OPTIONS_VERSION,
      autoCheck: false,
      autoOtherHosts: true,
      rememberChanges: true,
    });
    expect(readStoredOptions({ autoCheck: false }, DEFAULTS)).toEqual({
      version: 2,
      autoCheck: false,
      autoOtherHosts: false,
      rememberChanges: true,
    });
  });

  it.each<[string, unknown]>([
    ['nothing stored', null],
    ['a string', 'yes'],
    ['an array', [false]],
    ['wrong types', { autoCheck: 'no', autoOtherHosts: 1 }],
    ['a version from the future', { version: 99, autoCheck: false, autoOtherHosts: true }],
    ['a version that is not a number', { version: '2', autoCheck: false }],
  ])('options: %s reads as the defaults', (_name, raw) => {
    expect(readStoredOptions(raw, DEFAULTS)).toEqual({ version: 2, ...DEFAULTS });
  });

  it('skill bodies: version 1 to the latest', () => {
    expect(readStoredBodyIndex(V1['skill-bodies'])).toEqual({
      version: BODY_INDEX_VERSION,
      bodies: [
        [FIND, 96],
        [ORDER, 88],
      ],
      urls: [],
    });
  });

  it('skill bodies: version 2 keeps its bodies and starts without validators', () => {
    expect(
      readStoredBodyIndex({
        version: 2,
        bodies: [
          [FIND, 96],
          ['bad', 1],
        ],
      }),
    ).toEqual({ version: 4, bodies: [[FIND, 96]], urls: [] });
  });

  it('skill bodies: version 3 drops malformed URL entries', () => {
    const good = {
      url: 'https://shop.example/a/SKILL.md',
      hex: FIND,
      etag: '"x"',
      lastModified: null,
      contentType: 'text/markdown',
      cors: true,
    };
    const raw = { version: 3, bodies: [[FIND, 96]], urls: [good, { ...good, hex: 'nope' }, { ...good, cors: 'yes' }, null] };
    expect(readStoredBodyIndex(raw)).toEqual({ version: 4, bodies: [[FIND, 96]], urls: [good] });
  });

  it('skill bodies: version 4 is read from its packed string, with the same checks', () => {
    const good = { url: 'https://shop.example/a/SKILL.md', hex: FIND, etag: null, lastModified: null, contentType: null, cors: false };
    const packed = JSON.stringify({
      version: 4,
      bodies: [
        [FIND, 96],
        ['bad', 1],
      ],
      urls: [good, { ...good, hex: 'nope' }],
    });
    expect(readStoredBodyIndex(packed)).toEqual({ version: 4, bodies: [[FIND, 96]], urls: [good] });
    // A v3 object packed by mistake still migrates; a broken or oversized string is no index.
    expect(readStoredBodyIndex(JSON.stringify({ version: 3, bodies: [[FIND, 96]], urls: [] }))).toEqual({
      version: 4,
      bodies: [[FIND, 96]],
      urls: [],
    });
    expect(readStoredBodyIndex('{"version":4,"bodies":[')).toEqual({ version: 4, bodies: [], urls: [] });
    expect(readStoredBodyIndex(`${packed}${' '.repeat(4_000_000)}`)).toEqual({ version: 4, bodies: [], urls: [] });
  });

  it.each<[string, unknown, unknown[]]>([
    ['nothing stored', undefined, []],
    ['an object of another shape', { a: 1 }, []],
    ['a version from the future', { version: 99, bodies: [[FIND, 96]], urls: [] }, []],
    [
      'malformed pairs among good ones',
      [[FIND, 96], ['not-hex', 1], [ORDER, -1], [ORDER], 'x', [ORDER, 88]],
      [
        [FIND, 96],
        [ORDER, 88],
      ],
    ],
  ])('skill bodies: %s', (_name, raw, bodies) => {
    expect(readStoredBodyIndex(raw)).toEqual({ version: 4, bodies, urls: [] });
  });

  it('a corrupt index in storage never breaks a put', async () => {
    await fakeBrowser.storage.local.set({ 'skill-bodies': { version: 2, bodies: 'oops' } });
    await storage.skillBodies.put(FIND, new TextEncoder().encode('x'));
    expect(await storedBodyDigests()).toEqual([FIND]);
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
