/**
 * What the user typed as a site, as a URL. Without a scheme, a name or address of this computer
 * (localhost, *.localhost, 127.0.0.0/8, [::1]) is a dev server and gets http; anything else
 * gets https. `localhost:3000` is a host and port here, never a `localhost:` scheme.
 */
import { siteContext } from '../utils/engine/net/url-policy';

export type SiteUrl = { ok: true; url: string; assumed: 'http' | 'https' | null } | { ok: false; message: string };

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

export function readSiteUrl(input: string): SiteUrl {
  const text = input.trim();
  if (HAS_SCHEME.test(text)) return checked(text, null, input);
  const local = URL.canParse(`http://${text}`) && siteContext(new URL(`http://${text}`).origin).local;
  const scheme = local ? 'http' : 'https';
  return checked(`${scheme}://${text}`, scheme, input);
}

function checked(candidate: string, assumed: 'http' | 'https' | null, input: string): SiteUrl {
  const shown = JSON.stringify(input.slice(0, 200));
  if (!URL.canParse(candidate)) return { ok: false, message: `${shown} is not a web address.` };
  const url = new URL(candidate);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `${shown} is a ${url.protocol} address; give an https:// one (or http:// for this computer).` };
  }
  if (url.hostname === '') return { ok: false, message: `${shown} names no host.` };
  if (url.username || url.password) return { ok: false, message: `${shown} carries a user name or password; leave them out.` };
  return { ok: true, url: url.href, assumed };
}
