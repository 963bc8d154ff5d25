/**
 * The browser half of the URL policy (utils/engine/net/url-policy.ts). Browsers follow redirects by
 * themselves, so a public site's 30x to `https://127.0.0.1:…` or `169.254.169.254` is REQUESTED
 * before fetchBounded can judge the final URL. Session rules of `declarativeNetRequest` stop
 * those hops inside the browser: one block rule per host class the policy refuses, limited to
 * our own requests. Pure: the background installs the rules and the tests check that they match
 * exactly what `checkFetchTarget` refuses for a public site.
 *
 * DNR sees WHATWG-canonical URLs (dotted-quad IPv4, compressed lower-case IPv6 in brackets, no
 * trailing dot after an IPv4), so one spelling per address is enough here too.
 */
import type { Transport } from '../engine/net/fetch-bounded';
import { checkFetchTarget, LOCAL_NAME_SUFFIXES, type SiteContext } from '../engine/net/url-policy';
import type { RedirectAnswer } from './failure-log';

/**
 * IPv4 blocks the policy refuses for a public site (loopback, RFC 1918, link-local, CGNAT and the
 * reserved ones). All are /16 or wider, so the first two octets decide: that 16-bit prefix is
 * also the first embedded group of IPv4-mapped, IPv4-compatible and NAT64 IPv6 addresses.
 */
const BLOCKED_IPV4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/3',
];
/** IPv6 blocks by their first group: ULA fc00::/7; link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8. */
const BLOCKED_IPV6_FIRST_GROUP: readonly [number, number][] = [
  [0xfc00, 0xfdff],
  [0xfe80, 0xffff],
];
/** Name suffixes that resolve only inside a local network: the URL policy's list, and localhost. */
const LOCAL_SUFFIXES = ['localhost', ...LOCAL_NAME_SUFFIXES].map((name) => name.replaceAll('.', '\\.'));

const DIGITS = '0123456789abcdef';

/** `[lo-hi]` for digit values; split at 9|a because `[9-a]` would span `:` to `` ` ``. */
function digitClass(lo: number, hi: number): string {
  if (lo === hi) return DIGITS[lo]!;
  const span = (a: number, b: number) => (a === b ? DIGITS[a]! : `${DIGITS[a]}-${DIGITS[b]}`);
  return lo <= 9 && hi >= 10 ? `[${span(lo, 9)}${span(10, hi)}]` : `[${span(lo, hi)}]`;
}

const anyDigits = (count: number, radix: number) => (count === 0 ? '' : `${digitClass(0, radix - 1)}${count > 1 ? `{${count}}` : ''}`);

/** Alternatives matching the numbers from `lo` to `hi`, both written with the same digit count. */
function sameLength(lo: string, hi: string, radix: number): string[] {
  const first = (s: string) => DIGITS.indexOf(s[0]!);
  if (lo.length === 1) return [digitClass(first(lo), first(hi))];
  const [restLo, restHi] = [lo.slice(1), hi.slice(1)];
  if (lo[0] === hi[0]) return sameLength(restLo, restHi, radix).map((alt) => `${lo[0]}${alt}`);
  const zeros = '0'.repeat(restLo.length);
  const full = DIGITS[radix - 1]!.repeat(restLo.length);
  // Split as lo…x999, (x+1)000…(y-1)999, y000…hi, folding the outer parts into the middle when full.
  const head = restLo === zeros ? [] : sameLength(restLo, full, radix).map((alt) => `${lo[0]}${alt}`);
  const tail = restHi === full ? [] : sameLength(zeros, restHi, radix).map((alt) => `${hi[0]}${alt}`);
  const from = first(lo) + (head.length > 0 ? 1 : 0);
  const to = first(hi) - (tail.length > 0 ? 1 : 0);
  const middle = from <= to ? [`${digitClass(from, to)}${anyDigits(restLo.length, radix)}`] : [];
  return [...head, ...middle, ...tail];
}

/** A regex group matching `lo`…`hi` as canonical numbers (no leading zeros) in base 10 or 16. */
export function numberRange(lo: number, hi: number, radix: 10 | 16): string {
  const alternatives: string[] = [];
  for (let digits = lo.toString(radix).length; digits <= hi.toString(radix).length; digits += 1) {
    const from = Math.max(lo, digits === 1 ? 0 : radix ** (digits - 1));
    const to = Math.min(hi, radix ** digits - 1);
    alternatives.push(...sameLength(from.toString(radix), to.toString(radix), radix));
  }
  return `(?:${alternatives.join('|')})`;
}

/** `a.b.0.0/n` (n ≤ 16) → the inclusive range of 16-bit prefixes `a << 8 | b` it covers. */
function prefixRange(cidr: string): [number, number] {
  const [address = '', bits = ''] = cidr.split('/');
  const [a = 0, b = 0] = address.split('.').map(Number);
  const lo = (a << 8) | b;
  return [lo, lo + 2 ** (16 - Number(bits)) - 1];
}

const OCTET = '[0-9]{1,3}';
const HEX_GROUP = '[0-9a-f]{1,4}';

/** One block's dotted quads and the IPv6 forms embedding them (mapped, compatible, NAT64). */
function ipv4Block(cidr: string): string {
  const [lo, hi] = prefixRange(cidr);
  // A /8 or wider block is a range of first octets; a narrower one is one first octet and a range of second.
  const dotted =
    (lo & 0xff) === 0 && (hi & 0xff) === 0xff
      ? `${numberRange(lo >> 8, hi >> 8, 10)}\\.${OCTET}\\.${OCTET}\\.${OCTET}`
      : `${lo >> 8}\\.${numberRange(lo & 0xff, hi & 0xff, 10)}\\.${OCTET}\\.${OCTET}`;
  return `(?:${dotted}|\\[(?:::(?:ffff:)?|64:ff9b::)${numberRange(lo, hi, 16)}:${HEX_GROUP}\\])`;
}

/** `::`, `::x` (loopback, and IPv4-compatible 0.0.x.x) and NAT64 of 0.0.x.x: compressed past the embedded group. */
const ZERO_PREFIX_IPV6 = `\\[(?:::|64:ff9b::)(?:${HEX_GROUP})?\\]`;

function ipv6ByFirstGroup(): string {
  return `\\[(?:${BLOCKED_IPV6_FIRST_GROUP.map(([lo, hi]) => numberRange(lo, hi, 16)).join('|')}):[0-9a-f:]*\\]`;
}

/** Single-label names (`intranet`, `localhost`) and names under a local-only suffix. */
function localNames(): string {
  const label = '[^./?#:@\\[\\]]+';
  return `(?:${label}|(?:[^/?#:@\\[\\]]*\\.)?(?:${LOCAL_SUFFIXES.join('|')}))\\.?`;
}

/** An https URL on `host` (plain http and user info have rules of their own), any port. */
const urlWithHost = (host: string) => `^https://${host}(?::[0-9]*)?(?:[/?#]|$)`;

/**
 * The rules' regexes (RE2 syntax that JavaScript reads the same way). Plain `http:` and user info
 * are refused for a public site too: Firefox 153 follows a same-origin redirect to `user:pw@` URLs.
 * One rule per block: Chrome refuses a regex whose compiled program passes 2 KB
 * ("memoryLimitExceeded"), and all of them in one rule is several times that.
 */
export const GUARD_PATTERNS: readonly string[] = [
  '^http://',
  '^[a-z][a-z0-9+.-]*://[^/?#]*@',
  urlWithHost(localNames()),
  urlWithHost(ZERO_PREFIX_IPV6),
  urlWithHost(ipv6ByFirstGroup()),
  ...BLOCKED_IPV4.map((cidr) => urlWithHost(ipv4Block(cidr))),
];

const COMPILED = GUARD_PATTERNS.map((pattern) => new RegExp(pattern, 'i'));

/** Whether the guard stops a request for `href` (a canonical URL, as the browser sees it). */
export function guardBlocks(href: string): boolean {
  return COMPILED.some((regex) => regex.test(href));
}

/** Session-rule ids we own; rules are replaced as a set, by these ids. */
export const GUARD_RULE_IDS: readonly number[] = GUARD_PATTERNS.map((_, i) => 9100 + i);

/** Public checks run with the rules installed, local ones (D5) without. */
export type GuardMode = 'public' | 'local';

export function guardModeFor(site: SiteContext): GuardMode {
  return site.local ? 'local' : 'public';
}

/** The subset of `declarativeNetRequest.Rule` the guard uses. */
export interface GuardRule {
  id: number;
  priority: number;
  action: { type: 'block' };
  condition: { regexFilter: string; initiatorDomains: string[]; resourceTypes: ('xmlhttprequest' | 'other')[] };
}

/**
 * The session rules for `mode`: none for local checks (D5: a dev server may use loopback and
 * private hosts), otherwise one block rule per pattern. `extensionHost` is the host of our own
 * origin (the id in Chrome, the per-install UUID in Firefox): only our requests are touched, and
 * a redirect hop is still our request. `other` covers requests a browser files under no type.
 */
export function guardRules(mode: GuardMode, extensionHost: string): GuardRule[] {
  if (mode === 'local') return [];
  return GUARD_PATTERNS.map((regexFilter, i) => ({
    id: GUARD_RULE_IDS[i]!,
    priority: 1,
    action: { type: 'block' },
    condition: { regexFilter, initiatorDomains: [extensionHost], resourceTypes: ['xmlhttprequest', 'other'] },
  }));
}

/** Whether `installed` has every field `wanted` sets, with the same values (the browser may add defaults). */
function hasFields(installed: unknown, wanted: unknown): boolean {
  if (Array.isArray(wanted))
    return Array.isArray(installed) && installed.length === wanted.length && wanted.every((w, i) => hasFields(installed[i], w));
  if (typeof wanted === 'object' && wanted !== null) {
    if (typeof installed !== 'object' || installed === null) return false;
    const fields = new Map(Object.entries(installed));
    return Object.entries(wanted).every(([key, value]) => hasFields(fields.get(key), value));
  }
  return installed === wanted;
}

/**
 * Whether the session rules the browser holds already are the guard's `wanted` set (rules of
 * other ids are not ours). Chromium empties its back/forward cache whenever the rules change,
 * even to the same set (measured in Chromium 156: every page the person could go back to is
 * loaded again), so a new worker must not rewrite rules that are in place.
 */
export function rulesInPlace(installed: readonly { id: number }[], wanted: readonly GuardRule[]): boolean {
  const ours = new Map(installed.filter((rule) => GUARD_RULE_IDS.includes(rule.id)).map((rule) => [rule.id, rule]));
  return ours.size === wanted.length && wanted.every((rule) => hasFields(ours.get(rule.id), rule));
}

/** The policy's verdict on a hop of a public check (the origin plays no part in it). */
const PUBLIC_SITE: SiteContext = { origin: 'https://public.invalid', local: false };

/**
 * A transport for public checks that says why a request failed when the browser stopped it at a
 * refused redirect hop: `fetch` then only rejects ("Failed to fetch"), while `failedAt(url)` (the
 * background's webRequest log) knows the URL the request had reached. Such a failure comes back as
 * what it was, a redirect to that hop with no body, so fetchBounded refuses it exactly as in Node,
 * where it sees every hop: status `blocked`, the hop named. Other failures pass through untouched.
 */
export function explainingTransport(
  base: Transport,
  failedAt: (url: string, conclusive: (hop: string) => boolean) => Promise<string | null>,
): Transport {
  return {
    manualRedirects: base.manualRedirects,
    async fetch(url, init) {
      try {
        return await base.fetch(url, init);
      } catch (error) {
        const refused = (at: string) => !checkFetchTarget(at, PUBLIC_SITE).ok;
        const hop = error instanceof TypeError ? await failedAt(url, refused) : null;
        if (hop === null || !refused(hop)) throw error;
        return redirectedTo(hop);
      }
    },
  };
}

/**
 * Redirects the engine can judge before any hop is made (D5, D10: every hop obeys the same URL
 * policy and contact rule as the first request). Browsers that follow redirects make the hop
 * before our code sees it, so requests go out with `redirect: 'manual'`; an extension's fetch
 * then gets an opaque redirect without its Location (Chromium 156 and Firefox ESR 153 alike),
 * which `redirectOf` reads from the response head's webRequest event. The answer comes back as
 * the 3xx it was, and fetchBounded decides whether to ask the next hop, as it does in Node.
 */
export function readableRedirects(base: Transport, redirectOf: (url: string) => Promise<RedirectAnswer | null>): Transport {
  return {
    manualRedirects: true,
    async fetch(url, init) {
      const response = await base.fetch(url, init);
      // TransportResponse names no `type`; the browser's Response has one.
      if ((response as { type?: string }).type !== 'opaqueredirect') return response;
      const answer = await redirectOf(url);
      // No event told where it points: a network error, never a hop made blind.
      if (answer === null) throw new TypeError('the redirect target could not be read');
      return new Response(null, { status: answer.status, headers: { location: answer.location } });
    },
  };
}

/** `url` and `redirected` are read-only getters with no constructor option: set on the instance. */
function redirectedTo(hop: string): Response {
  const response = new Response(null, { status: 204 });
  Object.defineProperties(response, { url: { value: hop }, redirected: { value: true } });
  return response;
}
