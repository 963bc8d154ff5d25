/**
 * A site address the user typed in the full-page report, turned into the origin to check. The
 * same URL policy as every fetch (url-policy.ts): https for public sites; a local development
 * server (D5: localhost, *.localhost, 127.0.0.0/8, [::1]) also over plain http, any port; never
 * a private network or special-purpose address, since checking one is what a hostile page would
 * want a helpful extension to do.
 */
import { sentence, type Words } from '../report/words';
import { TYPED_SITE_MAX_CHARS } from '../spec';
import { checkFetchTarget, isLocalHost } from './url-policy';

export type TypedSite = { ok: true; origin: string } | { ok: false; words: Words };

const WORDS = {
  empty: sentence('typed_site_empty', []),
  tooLong: sentence('typed_site_too_long', ['max']),
  notAddress: sentence('typed_site_not_address', []),
  scheme: sentence('typed_site_scheme', ['scheme']),
  insecure: sentence('typed_site_insecure_http', []),
  refused: sentence('typed_site_refused', ['detail']),
};

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Reads `example.com`, `https://example.com/shop?x` or `localhost:5173` as an origin (no path kept). */
export function typedSiteOrigin(input: string): TypedSite {
  const text = input.trim();
  if (text === '') return { ok: false, words: WORDS.empty({}) };
  if (text.length > TYPED_SITE_MAX_CHARS) return { ok: false, words: WORDS.tooLong({ max: TYPED_SITE_MAX_CHARS }) };
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, words: WORDS.notAddress({}) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, words: WORDS.scheme({ scheme: url.protocol }) };
  if (url.hostname === '') return { ok: false, words: WORDS.notAddress({}) };
  const local = isLocalHost(url.hostname);
  // A dev server typed without a scheme almost always speaks plain http.
  if (local && !HAS_SCHEME.test(text)) url.protocol = 'http:';
  if (!local && url.protocol === 'http:') return { ok: false, words: WORDS.insecure({}) };
  const verdict = checkFetchTarget(url, { origin: url.origin, local });
  if (!verdict.ok) return { ok: false, words: WORDS.refused({ detail: verdict.detail }) };
  return { ok: true, origin: url.origin };
}
