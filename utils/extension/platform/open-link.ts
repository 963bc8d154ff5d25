import { browser } from 'wxt/browser';
import { safeLinkTarget } from '../../engine/net/safe-link';

/**
 * The panel's `openLink`: a new tab, only for a URL the link policy allows for the site the
 * panel shows. The panel renders only such links; this is the same check once more, at the
 * one place a tab is opened, and nothing opens while the site is unknown.
 */
export function openSiteLink(url: string, siteOrigin: string | null): void {
  const href = siteOrigin ? safeLinkTarget(url, siteOrigin) : null;
  if (href !== null) void browser.tabs.create({ url: href });
}
