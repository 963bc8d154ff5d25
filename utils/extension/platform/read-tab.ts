import { browser } from 'wxt/browser';
import { supportedOrigin } from '../page-support';
import type { PanelInputs } from '../panel-view';
import { hasHostAccess } from './permissions';
import { getOriginState, getSiteQuiet } from './storage';

/** What the popup reads when it opens: which tab it shows, and that tab's state. */
export interface PanelStart {
  tabId: number | null;
  inputs: PanelInputs;
}

/**
 * The tab the panel shows and its URL. `popup.html?tabId=N` shows tab N (tests, and a panel kept
 * open in a tab); else the active tab, whose URL comes with the query (no second round trip).
 */
export async function panelTab(search: string): Promise<{ tabId: number | null; url: string | undefined }> {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw !== null && /^\d{1,10}$/.test(raw)) return { tabId: Number(raw), url: await tabUrl(Number(raw)) };
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  return active?.id === undefined ? { tabId: null, url: undefined } : { tabId: active.id, url: active.url };
}

/** The tab's URL as the browser reveals it; undefined for a hidden URL or a closed tab. */
async function tabUrl(tabId: number): Promise<string | undefined> {
  try {
    return (await browser.tabs.get(tabId))?.url;
  } catch {
    return undefined;
  }
}

/** Everything the view depends on: the grant and one storage read, in parallel. */
export async function readPanelInputs(url: string | undefined): Promise<PanelInputs> {
  const origin = supportedOrigin(url);
  const unsupported = url !== undefined && !origin;
  const [hasAccess, state, quiet] = await Promise.all([
    unsupported ? true : hasHostAccess(origin),
    origin ? getOriginState(origin) : { result: null, marker: null },
    origin ? getSiteQuiet(origin) : null,
  ]);
  return { url, hasAccess, result: state.result, marker: state.marker, quiet, now: Date.now() };
}

/** The panel's first view costs two round trips to the browser: the tab, then its state. */
export async function readPanelStart(search: string): Promise<PanelStart> {
  const { tabId, url } = await panelTab(search);
  return { tabId, inputs: await readPanelInputs(url) };
}

/** The same for a known tab, after a permission grant: host access may reveal its URL. */
export async function rereadPanelStart(tabId: number | null): Promise<PanelStart> {
  return { tabId, inputs: await readPanelInputs(tabId === null ? undefined : await tabUrl(tabId)) };
}
