/**
 * Host access checks for the panel. Firefox MV3 lets users withhold host permissions (before
 * Firefox 127 they were not even granted at install: mozilla/web-ext#2980), and Chrome users can
 * restrict site access; the panel then offers the grant in one click (D9).
 */
import { browser } from 'wxt/browser';
import { HOST_MATCHES } from '../host-matches';

/**
 * What to ask for: the tab's own host when we know it, else every origin we check. Without the
 * port: Firefox match patterns allow none, and a pattern without one covers every port.
 */
export function accessPatterns(origin: string | null): string[] {
  if (!origin) return [...HOST_MATCHES];
  const url = new URL(origin);
  return [`${url.protocol}//${url.hostname}/*`];
}

export async function hasHostAccess(origin: string | null): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: accessPatterns(origin) });
  } catch {
    return false;
  }
}

/**
 * Must be called straight from a click handler, before any await: Firefox grants permission
 * requests only inside a user gesture.
 */
export function requestHostAccess(origin: string | null): Promise<boolean> {
  return browser.permissions.request({ origins: accessPatterns(origin) }).catch(() => false);
}
