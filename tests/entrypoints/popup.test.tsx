import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openSiteLink } from '../../utils/extension/platform/open-link';
import { Popup } from '../../entrypoints/popup/Popup';
import { readPanelStart } from '../../utils/extension/platform/read-tab';
import * as storage from '../../utils/extension/platform/storage';
import { installLocale, report } from '../extension/helpers';

const A = 'https://flowers.example';
const fresh = (): storage.StoredResult => ({ report: report(A, 'ok'), rawPoppy: null, checkedAt: Date.now(), allHosts: true });
const verdict = () => document.querySelector('main.panel')?.getAttribute('data-verdict');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the popup controller', () => {
  let granted: boolean;
  const messages: unknown[] = [];
  beforeEach(() => {
    installLocale();
    granted = true;
    messages.length = 0;
    // fakeBrowser has no permissions API; these stand in for the user's grant.
    const permissions = fakeBrowser.permissions as unknown as Record<string, unknown>;
    permissions.contains = vi.fn(async () => granted);
    permissions.request = vi.fn(async () => (granted = true));
    fakeBrowser.runtime.onMessage.addListener((message) => void messages.push(message));
  });

  it('shows the cached result first, then tells the background the panel opened', async () => {
    await storage.setResult(A, fresh());
    const tab = await fakeBrowser.tabs.create({ url: `${A}/shop` });
    render(<Popup start={readPanelStart(`?tabId=${tab.id}`)} />);
    // The loading view is drawn while the reads run.
    expect(verdict()).toBe('checking');
    await waitFor(() => expect(verdict()).toBe('ok'));
    await waitFor(() => expect(messages).toEqual([{ type: 'panelOpened', tabId: tab.id }]));
  });

  it('follows the origin in storage: a check starting, then its result', async () => {
    await storage.setResult(A, fresh());
    const tab = await fakeBrowser.tabs.create({ url: `${A}/` });
    render(<Popup start={readPanelStart(`?tabId=${tab.id}`)} />);
    await waitFor(() => expect(verdict()).toBe('ok'));
    await storage.setMarker(A, { startedAt: Date.now(), allHosts: true, revalidate: true, attempts: 1, done: 0, total: 1 });
    await waitFor(() => expect(verdict()).toBe('checking'));
    await storage.setResult(A, { ...fresh(), report: report(A, 'errors') });
    await storage.clearMarker(A);
    await waitFor(() => expect(verdict()).toBe('errors'));
  });

  it('asks for host access, then reads the tab again (the grant reveals its URL) and shows its result', async () => {
    granted = false;
    await storage.setResult(A, fresh());
    const tab = await fakeBrowser.tabs.create({ url: `${A}/` });
    // Without host access the browser hides the tab's URL (Firefox MV3 withheld it).
    const get = fakeBrowser.tabs.get.bind(fakeBrowser.tabs);
    vi.spyOn(fakeBrowser.tabs, 'get').mockImplementation(async (id) => {
      const found = await get(id);
      return granted ? found : { ...found, url: undefined };
    });
    render(<Popup start={readPanelStart(`?tabId=${tab.id}`)} />);
    await waitFor(() => expect(document.querySelector('main.panel')?.getAttribute('data-view')).toBe('no-permission'));
    expect(messages).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Grant access to this site' }));
    await waitFor(() => expect(verdict()).toBe('ok'));
    await waitFor(() => expect(messages).toEqual([{ type: 'panelOpened', tabId: tab.id }]));
  });

  it('a check that ends between the first read and the watch is not missed', async () => {
    const marker = { startedAt: Date.now(), allHosts: true, revalidate: false, attempts: 1, done: 0, total: 1 };
    await storage.setMarker(A, marker);
    const tab = await fakeBrowser.tabs.create({ url: `${A}/` });
    const start = readPanelStart(`?tabId=${tab.id}`);
    const first = await start; // read while the check runs: "checking"
    await storage.setResult(A, fresh()); // the check ends before the popup watches storage
    await storage.clearMarker(A);
    render(<Popup start={Promise.resolve(first)} />);
    await waitFor(() => expect(verdict()).toBe('ok'));
  });
});

describe("the popup's openLink", () => {
  it.each<[string, string | null, string | null]>([
    ['https://flowers.example/docs', A, 'https://flowers.example/docs'],
    ['https://cdn.example/skill.md', A, 'https://cdn.example/skill.md'],
    ['https://192.168.1.1/reboot', A, null],
    ['https://localhost/admin', A, null],
    ['http://flowers.example/', A, null],
    ['https://bank.example@evil.example/', A, null],
    ['javascript:alert(1)', A, null],
    ['https://flowers.example/docs', null, null],
    ['http://localhost:3000/docs', 'http://localhost:3000', 'http://localhost:3000/docs'],
  ])('%s on %s opens %s', (url, site, opened) => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    openSiteLink(url, site);
    expect(create.mock.calls.map(([props]) => props.url)).toEqual(opened === null ? [] : [opened]);
  });
});
