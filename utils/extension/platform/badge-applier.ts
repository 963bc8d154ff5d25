import { browser } from 'wxt/browser';
import { BADGE_TEXT_COLOR, badgeLook, type BadgeState } from '../badge';
import type { Translate } from '../i18n';
import { t as translate } from './i18n';
import { supportedOrigin } from '../page-support';
import { toolbarIcon } from './toolbar-icon';

/**
 * What every badge shares, set once for all tabs at each worker start (the browser keeps it while
 * the extension runs): one call fewer for every paint, whose per-tab values a navigation clears.
 */
export async function setBadgeDefaults(): Promise<void> {
  await browser.action.setBadgeTextColor({ color: BADGE_TEXT_COLOR }).catch(() => undefined);
}

/**
 * Copies a tab's badge state onto the toolbar button. Always per tab: a global badge would show
 * one site's verdict on every other tab (extension-security.md §6).
 */
export async function applyBadge(tabId: number, state: BadgeState, t: Translate = translate): Promise<void> {
  const look = badgeLook(state, t);
  try {
    await Promise.all([
      browser.action.setBadgeText({ tabId, text: look.text }),
      browser.action.setBadgeBackgroundColor({ tabId, color: look.color }),
      browser.action.setTitle({ tabId, title: look.title }),
      toolbarIcon(look.lit).then((icon) => browser.action.setIcon({ tabId, ...icon })),
    ]);
  } catch {
    // The tab closed while its check ran: nothing left to paint.
  }
}

/**
 * The origin a tab shows right now, from the browser (never from a message), or null when it
 * shows a page we do not check. Host access lets us read `tab.url` on exactly the pages we check,
 * so an absent URL means the tab left them.
 */
export async function liveOrigin(tabId: number): Promise<string | null> {
  try {
    const tab = await browser.tabs.get(tabId);
    return supportedOrigin(tab?.url);
  } catch {
    return null; // closed
  }
}

/** Whether a tab is in a private (incognito) window: nothing it shows is remembered (D13). A tab
 *  the browser no longer knows counts as private, so a doubt never keeps anything. */
export async function isPrivateTab(tabId: number): Promise<boolean> {
  try {
    return (await browser.tabs.get(tabId)).incognito;
  } catch {
    return true;
  }
}
