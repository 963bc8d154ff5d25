import { isLocalHost } from '../net/url-policy';
import { STRINGS } from './bounds';
import { POPPY_CODES as C } from './codes';
import { label, type Path, type PoppyReader } from './reader';

/**
 * Reads an endpoint that must be an absolute https URL (check 7). On a local site a plain-http
 * local URL is info, not an error (D5/D8), so a dev server checks cleanly. The value is kept in
 * the model either way: the panel shows what the site wrote.
 */
export function readHttpsUrl(r: PoppyReader, value: unknown, path: Path): string | null {
  const raw = r.string(value, path, STRINGS.url);
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    r.report(C['invalid-url'].says({ field: label(path) }), path);
    return raw;
  }
  if (url.protocol === 'https:') return raw;
  const said = C['not-https'].says({ field: label(path), scheme: url.protocol.replace(/:$/, '') });
  // D8: a plain-http local URL is fine on a local site; anything else stays an error.
  if (url.protocol === 'http:' && isLocalHost(url.hostname)) r.reportProduction(said, path);
  else r.report(said, path);
  return raw;
}
