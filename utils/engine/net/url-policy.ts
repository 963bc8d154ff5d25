/**
 * Which URLs a site may make us fetch (Decision D5, extension-security.md §4). Site-named URLs
 * would otherwise turn the extension into an intranet prober that, unlike a page, can read the
 * answer (brief-rss/brief#579). Pure: the engine, the CLI and the redirect checks share it.
 *
 * We judge only what WHATWG `new URL()` made of the input: it already folds decimal, hex, octal
 * and short IPv4 forms into dotted quads and IPv6 into its compressed hex form, so the checks
 * below see one canonical spelling per address.
 */

import { sentence, type Sentence, type Words } from '../report/words';

/** The visited site: its origin, and whether it is a local development site (D5 exception). */
export interface SiteContext {
  origin: string;
  local: boolean;
}

export type PolicyReason =
  | 'unparseable'
  | 'scheme'
  | 'insecure-http'
  | 'user-info'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'single-label'
  | 'reserved'
  | 'local-name';

/** `detail` says why in words: it completes "the URL …" or "… which …" (see fetch-words.ts). */
export type PolicyVerdict = { ok: true; url: URL } | { ok: false; reason: PolicyReason; detail: Words };

type HostReason = Exclude<PolicyReason, 'unparseable' | 'scheme' | 'insecure-http' | 'user-info'>;

/** Name suffixes that only resolve inside a home or company network. */
export const LOCAL_NAME_SUFFIXES = ['local', 'internal', 'home.arpa', 'lan'] as const;

const DOTTED_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** `localhost.` and `localhost` are the same name to DNS; match on the form without the dot. */
function stripTrailingDot(hostname: string): string {
  return hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
}

function ipv4(host: string): number[] | null {
  const m = DOTTED_QUAD.exec(host);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** Expands a compressed IPv6 literal (as `URL.hostname` prints it, brackets off) to 8 groups. */
function ipv6(host: string): number[] | null {
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 1 ? fill !== 0 : fill < 0) return null;
  const groups = [...head, ...Array<number>(fill).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function classifyIpv4([a, b]: number[]): HostReason | null {
  if (a === undefined || b === undefined) return null;
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 100 && b >= 64 && b <= 127) return 'cgnat';
  if (a === 0 || (a === 198 && (b === 18 || b === 19)) || a >= 224) return 'reserved';
  return null;
}

function classifyIpv6(g: number[]): HostReason | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embedded = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0 && g6 === 0) return g7 === 1 ? 'loopback' : 'reserved'; // ::1, ::
  // IPv4-mapped (::ffff:a.b.c.d), the deprecated IPv4-compatible form (::a.b.c.d) and NAT64
  // (64:ff9b::/96) all reach an IPv4 host: judge that host.
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if ((upperZero && (g5 === 0xffff || g5 === 0)) || nat64) return classifyIpv4(embedded);
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfec0) return 'private'; // ULA, old site-local
  if ((g0 & 0xff00) === 0xff00) return 'reserved'; // multicast
  return null;
}

function classifyHost(hostname: string): HostReason | null {
  const host = stripTrailingDot(hostname.toLowerCase());
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = ipv6(host.slice(1, -1));
    return groups ? classifyIpv6(groups) : 'reserved';
  }
  const v4 = ipv4(host);
  if (v4) return classifyIpv4(v4);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (!host.includes('.')) return 'single-label';
  if (LOCAL_NAME_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) return 'local-name';
  return null;
}

/**
 * Why an address a host name resolved to is not a public one, in words ("points at a private
 * network address", policy_private), or null when it is public. Takes the address as DNS gives it: dotted IPv4,
 * or IPv6 in any spelling (mixed `::ffff:10.0.0.1`, a `%zone`). The command line uses it against
 * DNS rebinding: a public site's names must not lead to this computer or the local network.
 */
export function nonPublicAddress(address: string): Words | null {
  const ip = address.split('%', 1)[0]!;
  let reason: HostReason | null;
  if (ip.includes(':')) {
    // URL prints every IPv6 spelling as compressed hex, which `ipv6` reads.
    const groups = URL.canParse(`http://[${ip}]`) ? ipv6(new URL(`http://[${ip}]`).hostname.slice(1, -1)) : null;
    reason = groups ? classifyIpv6(groups) : 'reserved';
  } else {
    const v4 = ipv4(ip);
    reason = v4 ? classifyIpv4(v4) : 'reserved';
  }
  return reason && HOST_WORDS[reason]({});
}

/** Local development hosts (D5): localhost, *.localhost, 127.0.0.0/8, [::1]. Takes a hostname
 *  as `URL.hostname` prints it (already canonical); anything else counts as not local. */
export function isLocalHost(hostname: string): boolean {
  const host = stripTrailingDot(hostname.toLowerCase());
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  return ipv4(host)?.[0] === 127;
}

export function siteContext(origin: string): SiteContext {
  try {
    const url = new URL(origin);
    return { origin: url.origin, local: isLocalHost(url.hostname) };
  } catch {
    return { origin, local: false };
  }
}

/** Whether a check may contact origins other than the visited one (CheckDeps.mayContact). */
export type MayContact = (origin: string) => boolean;

/**
 * The contact rule (D5, D10), one function for a first request and for every redirect hop: the
 * visited origin always; another origin only when the check may contact it now (the panel is
 * open, the user opted in, or the command line without `--same-origin-only`).
 */
export function mayContactOrigin(site: SiteContext, origin: string, mayContact: MayContact): boolean {
  return origin === site.origin || mayContact(origin);
}

/** Why a host is refused, completing "the URL …": the same words for a URL and for a DNS answer. */
const HOST_WORDS: Record<HostReason, Sentence<readonly []>> = {
  loopback: sentence('policy_loopback', []),
  private: sentence('policy_private', []),
  'link-local': sentence('policy_link_local', []),
  cgnat: sentence('policy_cgnat', []),
  'single-label': sentence('policy_single_label', []),
  reserved: sentence('policy_reserved', []),
  'local-name': sentence('policy_local_name', []),
};

const POLICY_WORDS = {
  unparseable: sentence('policy_unparseable', []),
  scheme: sentence('policy_scheme', ['scheme']),
  userInfo: sentence('policy_user_info', []),
  insecureHttp: sentence('policy_insecure_http', []),
  host: sentence('policy_host', ['reason', 'host']),
};

function refuse(reason: PolicyReason, detail: Words): PolicyVerdict {
  return { ok: false, reason, detail };
}

/**
 * May we fetch `raw` (resolved against `base`) for the visited `site`? Checks the scheme, user
 * info and host; a local visited site may also use `http:` and private hosts (D5). Ports are not
 * restricted (the decisions leave them open).
 */
export function checkFetchTarget(raw: string | URL, site: SiteContext, base?: string): PolicyVerdict {
  // A URL this function allowed for this site, unchanged since: allowed again without a second
  // parse (a skill's URL is judged before its origin is looked at, then by the fetch module).
  if (typeof raw !== 'string' && base === undefined && allowedBefore(raw, site)) return { ok: true, url: raw };
  let url: URL;
  try {
    // A URL object is judged as it is (no copy: a parse costs microseconds, and a check judges
    // every skill's URL); the verdict's `url` is then that object.
    url = typeof raw === 'string' || base !== undefined ? new URL(raw, base) : raw;
  } catch {
    return refuse('unparseable', POLICY_WORDS.unparseable({}));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse('scheme', POLICY_WORDS.scheme({ scheme: url.protocol }));
  }
  if (url.username !== '' || url.password !== '') {
    return refuse('user-info', POLICY_WORDS.userInfo({}));
  }
  if (site.local) return allow(url, site);
  if (url.protocol === 'http:') {
    return refuse('insecure-http', POLICY_WORDS.insecureHttp({}));
  }
  const hostReason = classifyHost(url.hostname);
  if (hostReason) return refuse(hostReason, POLICY_WORDS.host({ reason: HOST_WORDS[hostReason]({}), host: url.hostname }));
  return allow(url, site);
}

/**
 * The address and site `checkFetchTarget` allowed a URL object for, kept on the object under a
 * key only this module holds. Not a WeakMap: a set into one cost a microsecond and more work
 * for the collector, once per skill of every check (a tenth of the engine's own time in a profile
 * of 200-skill checks in Node).
 */
const ALLOWED = Symbol('url-policy.allowed');
type Allowed = URL & { [ALLOWED]?: { href: string; site: SiteContext } };

function allow(url: Allowed, site: SiteContext): PolicyVerdict {
  url[ALLOWED] = { href: url.href, site };
  return { ok: true, url };
}

/** A URL object is mutable: one changed since it was allowed (another href) is judged again. */
function allowedBefore(url: Allowed, site: SiteContext): boolean {
  const before = url[ALLOWED];
  return before !== undefined && before.site === site && before.href === url.href;
}
