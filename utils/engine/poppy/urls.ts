import { isLocalHost } from '../net/url-policy';
import { STRINGS } from './bounds';
import { POPPY_CODES } from './codes';
import { label, type Path, type Reader } from './reader';

/**
 * Reads an endpoint that must be an absolute https URL (check 7). On a local site a plain-http
 * local URL is info, not an error (D5/D8), so a dev server checks cleanly. The value is kept in
 * the model either way: the panel shows what the site wrote.
 */
export function readHttpsUrl(r: Reader, value: unknown, path: Path): string | null {
  const raw = r.string(value, path, STRINGS.url);
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    r.report(POPPY_CODES['invalid-url'], `${label(path)} is not an absolute URL.`, path);
    return raw;
  }
  if (url.protocol === 'https:') return raw;
  const message = `${label(path)} uses ${url.protocol.replace(/:$/, '')}, not https.`;
  if (r.ctx.local && url.protocol === 'http:' && isLocalHost(url.hostname)) {
    r.report(POPPY_CODES['not-https'], `Would fail in production: ${message}`, path, { severity: 'info' });
  } else {
    r.report(POPPY_CODES['not-https'], message, path);
  }
  return raw;
}
