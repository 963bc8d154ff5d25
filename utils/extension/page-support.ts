import { HOST_MATCHES } from './host-matches';

/**
 * Stores where browsers forbid extensions to run content scripts: they look like ordinary https
 * sites, so HOST_MATCHES alone would call them supported and the panel would wait forever.
 */
const EXTENSION_STORES: readonly { host: string; path: string }[] = [
  { host: 'chromewebstore.google.com', path: '/' },
  { host: 'chrome.google.com', path: '/webstore' },
  { host: 'microsoftedge.microsoft.com', path: '/addons' },
  { host: 'addons.mozilla.org', path: '/' },
  { host: 'addons.opera.com', path: '/' },
];

interface HostPattern {
  scheme: string;
  /** `*` any host, `*.example` the name and its subdomains, else exact. */
  host: string;
}

// Parsed once from the same constant the manifest uses, so the two cannot drift apart.
const PATTERNS: readonly HostPattern[] = HOST_MATCHES.map((pattern) => {
  const [scheme = '', rest = ''] = pattern.split('://');
  return { scheme: `${scheme}:`, host: rest.slice(0, rest.indexOf('/')) };
});

function hostMatches(pattern: string, hostname: string): boolean {
  if (pattern === '*') return true;
  if (pattern.startsWith('*.')) return hostname === pattern.slice(2) || hostname.endsWith(pattern.slice(1));
  return hostname === pattern;
}

/**
 * The origin we would check for a page at `url`, or null when extensions cannot run there
 * (no URL, chrome://, about:, file:, the extension stores) or HOST_MATCHES does not cover it.
 * Match patterns ignore ports, so `http://localhost:5173` counts as `http://localhost/*`.
 */
export function supportedOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const hostname = parsed.hostname.toLowerCase();
  if (!PATTERNS.some((p) => p.scheme === parsed.protocol && hostMatches(p.host, hostname))) return null;
  if (parsed.protocol === 'https:' && EXTENSION_STORES.some((s) => s.host === hostname && parsed.pathname.startsWith(s.path))) return null;
  return parsed.origin;
}
