import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { panelTab, readPanelInputs, readPanelStart } from '../../utils/extension/platform/read-tab';
import { sameView, selectPanelView, type PanelInputs } from '../../utils/extension/panel-view';
import * as storage from '../../utils/extension/platform/storage';
import { report, skill } from './helpers';

const A = 'https://flowers.example';
const cached: storage.StoredResult = { report: report(A, 'ok'), rawPoppy: '{"a":1}', checkedAt: 1, allHosts: true };
const marker: storage.CheckMarker = { startedAt: 1, allHosts: true, revalidate: false, attempts: 1, done: 0, total: 0 };
const inputs = (over: Partial<PanelInputs>): PanelInputs => ({
  url: `${A}/shop`,
  hasAccess: true,
  result: null,
  marker: null,
  quiet: false,
  now: 2,
  ...over,
});
const waiting = report(A, 'ok', [{ ...skill('b', 'not-checked'), url: 'https://cdn.example/b/SKILL.md', notChecked: 'other-host' }]);

describe('selectPanelView', () => {
  it.each<[string, Partial<PanelInputs>, unknown]>([
    ['chrome:// with its URL known', { url: 'chrome://extensions/' }, { kind: 'unsupported', url: 'chrome://extensions/' }],
    ['file://', { url: 'file:///tmp/a.html' }, { kind: 'unsupported', url: 'file:///tmp/a.html' }],
    [
      'the web store',
      { url: 'https://chromewebstore.google.com/detail/x' },
      { kind: 'unsupported', url: 'https://chromewebstore.google.com/detail/x' },
    ],
    ['a hidden URL while host access is granted (a browser page)', { url: undefined }, { kind: 'unsupported', url: null }],
    [
      'a hidden URL without host access (Firefox MV3 withheld it)',
      { url: undefined, hasAccess: false },
      { kind: 'no-permission', origin: '' },
    ],
    ['a site without host access', { hasAccess: false, result: cached }, { kind: 'no-permission', origin: A }],
    ['a cached report', { result: cached }, { kind: 'report', report: cached.report, rawPoppy: '{"a":1}', quiet: false }],
    [
      'a cached report of a site not checked automatically',
      { result: cached, quiet: true },
      { kind: 'report', report: cached.report, rawPoppy: '{"a":1}', quiet: true },
    ],
    [
      'a cached site-only report with nothing elsewhere',
      { result: { ...cached, allHosts: false } },
      { kind: 'report', report: cached.report, rawPoppy: '{"a":1}', quiet: false },
    ],
    [
      'a report whose other-host skills the panel is about to check',
      { result: { ...cached, report: waiting, allHosts: false } },
      { kind: 'checking', origin: A, previous: waiting, rawPoppy: '{"a":1}', progress: null, quiet: false },
    ],
    [
      'a stale report the panel is about to replace',
      { result: cached, now: 1 + 10 * 60_000 },
      { kind: 'checking', origin: A, previous: cached.report, rawPoppy: '{"a":1}', progress: null, quiet: false },
    ],
    [
      'a check running over a previous report',
      { result: cached, marker },
      { kind: 'checking', origin: A, previous: cached.report, rawPoppy: '{"a":1}', progress: null, quiet: false },
    ],
    [
      'a check that knows how far it got',
      { marker: { ...marker, done: 2, total: 5 } },
      { kind: 'checking', origin: A, previous: null, rawPoppy: null, progress: { done: 2, total: 5 }, quiet: false },
    ],
    ['nothing yet', {}, { kind: 'checking', origin: A, previous: null, rawPoppy: null, progress: null, quiet: false }],
  ])('%s', (_name, over, view) => {
    expect(selectPanelView(inputs(over))).toEqual(view);
  });
});

describe('sameView: an unchanged result keeps the view on screen', () => {
  // What storage gives back on each read: the same result, parsed anew (another object).
  const reread = (result: storage.StoredResult) => JSON.parse(JSON.stringify(result)) as storage.StoredResult;
  const shown = selectPanelView(inputs({ result: cached }));

  it('the same result read again, and the same check still running, are the same view', () => {
    expect(sameView(shown, selectPanelView(inputs({ result: reread(cached), now: 3 })))).toBe(true);
    const running = inputs({ result: cached, marker: { ...marker, done: 1, total: 3 } });
    expect(sameView(selectPanelView(running), selectPanelView({ ...running, result: reread(cached) }))).toBe(true);
    expect(sameView({ kind: 'loading' }, { kind: 'loading' })).toBe(true);
  });

  it.each<[string, Partial<PanelInputs>]>([
    ['a newer check', { result: { ...cached, report: { ...cached.report, checkedAt: new Date(5).toISOString() } } }],
    ['another raw poppy.json', { result: { ...cached, rawPoppy: '{"a":2}' } }],
    ['the per-site choice', { result: cached, quiet: true }],
    ['changes seen', { result: { ...cached, changes: { since: 'x', list: [], seen: true } } }],
    ['a check started', { result: cached, marker }],
    ['host access taken back', { result: cached, hasAccess: false }],
  ])('%s is another view', (_, over) => {
    expect(sameView(shown, selectPanelView(inputs(over)))).toBe(false);
    expect(sameView(selectPanelView(inputs(over)), shown)).toBe(false);
  });

  it('progress of a running check is another view', () => {
    const at = (done: number) => selectPanelView(inputs({ result: cached, marker: { ...marker, done, total: 3 } }));
    expect(sameView(at(1), at(2))).toBe(false);
  });
});

describe('reading the tab for the popup', () => {
  const contains = vi.fn(
    async ({ origins }: { origins?: string[] }) => origins?.length === 1 && origins[0] === 'https://flowers.example/*',
  );
  beforeEach(() => {
    contains.mockClear();
    // fakeBrowser has no permissions API; this stands in for the user's grant of one site.
    (fakeBrowser.permissions as unknown as { contains: typeof contains }).contains = contains;
  });
  afterEach(() => vi.restoreAllMocks());

  it('takes ?tabId=N, else the active tab with the URL its query returned', async () => {
    const shown = await fakeBrowser.tabs.create({ url: `${A}/x` });
    expect(await panelTab(`?tabId=${shown.id}`)).toEqual({ tabId: shown.id, url: `${A}/x` });
    // fakeBrowser starts with no focused window, so `currentWindow` needs one.
    const window = await fakeBrowser.windows.create({ focused: true });
    const tab = await fakeBrowser.tabs.create({ url: `${A}/`, active: true, windowId: window!.id });
    const get = vi.spyOn(fakeBrowser.tabs, 'get');
    for (const search of ['', '?tabId=-1', '?tabId=1e3']) expect(await panelTab(search)).toEqual({ tabId: tab.id, url: `${A}/` });
    expect(get).not.toHaveBeenCalled();
  });

  it('reads nothing for a closed tab', async () => {
    expect(await panelTab('?tabId=999')).toEqual({ tabId: 999, url: undefined });
  });

  it('reads the cached result and marker of the tab origin in one storage read, and its grant', async () => {
    await storage.setResult(A, cached);
    await storage.setMarker(A, marker);
    const get = vi.spyOn(fakeBrowser.storage.session, 'get');
    expect(await readPanelInputs(`${A}/shop`)).toMatchObject({ url: `${A}/shop`, hasAccess: true, result: cached, marker });
    expect(get).toHaveBeenCalledTimes(1);
    expect(contains).toHaveBeenCalledWith({ origins: ['https://flowers.example/*'] });
  });

  it("starts with the tab's id and inputs", async () => {
    await storage.setResult(A, cached);
    const tab = await fakeBrowser.tabs.create({ url: `${A}/shop` });
    expect(await readPanelStart(`?tabId=${tab.id}`)).toMatchObject({
      tabId: tab.id,
      inputs: { url: `${A}/shop`, hasAccess: true, result: cached, marker: null },
    });
  });

  it('asks for every checked origin when the URL is hidden, and reads no storage', async () => {
    expect(await readPanelInputs(undefined)).toMatchObject({ url: undefined, hasAccess: false, result: null, marker: null });
    expect(contains.mock.calls[0]?.[0].origins).toContain('https://*/*');
  });

  it('does not ask about permissions on pages extensions cannot run on', async () => {
    expect(selectPanelView(await readPanelInputs('about:blank'))).toEqual({ kind: 'unsupported', url: 'about:blank' });
    expect(contains).not.toHaveBeenCalled();
  });
});
