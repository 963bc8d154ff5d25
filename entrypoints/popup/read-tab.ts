import { browser } from 'wxt/browser';
import { supportedOrigin } from '../../utils/page-support';
import type { PanelInputs } from '../../utils/panel-view';
import { hasHostAccess } from '../../utils/permissions';
import { getMarker, getResult } from '../../utils/storage';

/** `popup.html?tabId=N` shows tab N (tests, and a panel kept open in a tab); else the active tab. */
export async function panelTabId(search: string): Promise<number | null> {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw !== null && /^\d{1,10}$/.test(raw)) return Number(raw);
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  return active?.id ?? null;
}

/** The tab's URL as the browser reveals it; undefined for a hidden URL or a closed tab. */
export async function tabUrl(tabId: number | null): Promise<string | undefined> {
  if (tabId === null) return undefined;
  try {
    return (await browser.tabs.get(tabId))?.url;
  } catch {
    return undefined;
  }
}

/** Everything the view depends on, read in parallel: the cached result shows at once. */
export async function readPanelInputs(url: string | undefined): Promise<PanelInputs> {
  const origin = supportedOrigin(url);
  const unsupported = url !== undefined && !origin;
  const [hasAccess, result, marker] = await Promise.all([
    unsupported ? true : hasHostAccess(origin),
    origin ? getResult(origin) : null,
    origin ? getMarker(origin) : null,
  ]);
  return { url, hasAccess, result, marker, now: Date.now() };
}
