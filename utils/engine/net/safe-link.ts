import { checkFetchTarget, siteContext } from './url-policy';

/**
 * The one rule for every site-named URL the panel makes clickable (extension-security.md §9):
 * the URL policy of our own fetches (D5), judged for the checked site. So `https:` only (plain
 * `http:` only when that site is local), no user info (`https://bank.example@evil.example/`
 * reads as the bank), and no loopback, private or intranet host named by a public site: a click
 * on `https://192.168.1.1/reboot` from a SKILL.md would reach the person's router with their
 * cookies. Returns the href to use, or null when the URL must be shown as text. Takes an
 * absolute URL (a relative one is refused): resolve relative links against their document first.
 */
export function safeLinkTarget(url: string, siteOrigin: string): string | null {
  const verdict = checkFetchTarget(url, siteContext(siteOrigin));
  return verdict.ok ? verdict.url.href : null;
}
