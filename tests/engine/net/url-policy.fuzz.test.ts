// The URL policy against a reference classification (docs/security.md): every IPv4 and IPv6 address
// a site can name is refused for the reason ipaddr.js's special-purpose ranges give (a few
// deliberate exceptions listed below), and any string at all is judged without throwing.
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { checkFetchTarget, nonPublicAddress, siteContext, type PolicyReason } from '../../../utils/engine/net/url-policy';
import { FUZZ_TIMEOUT, fuzzRuns } from '../../helpers/fuzz';

const PUBLIC = siteContext('https://shop.example');
const LOCAL = siteContext('http://localhost:3000');
type Expected = PolicyReason | 'public';

const V4: Readonly<Record<string, Expected>> = { unicast: 'public', loopback: 'loopback', private: 'private', linkLocal: 'link-local' };
const V6: Readonly<Record<string, Expected>> = {
  unicast: 'public',
  loopback: 'loopback',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'link-local',
};

/**
 * Special-purpose ranges the policy lets through on purpose: none is a local network. They are
 * documentation nets, anycast services and IETF assignments narrower than a /16 (the browser's
 * guard, utils/extension/network-guard.ts, mirrors the policy in /16 blocks), and IPv6 forms
 * that reach an IPv4 host only through a relay or translator elsewhere (6to4, Teredo, SIIT).
 */
const ALLOWED_V4 = ['192.0.0.0/24', '192.0.2.0/24', '192.31.196.0/24', '192.52.193.0/24', '192.88.99.0/24', '192.175.48.0/24']
  .concat(['198.51.100.0/24', '203.0.113.0/24'])
  .map((cidr) => ipaddr.IPv4.parseCIDR(cidr));
const ALLOWED_V6 = new Set(['discard', 'rfc6145', '6to4', 'teredo', 'benchmarking', 'amt', 'as112v6', 'deprecatedOrchid', 'orchid2'])
  .add('droneRemoteIdProtocolEntityTags')
  .add('segmentRouting')
  .add('reserved');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * The reference: ipaddr.js's range of the address, with a reason of the policy's for each range
 * that is a local network or not an address at all (`reserved`), the ranges above allowed, and
 * the forms that carry an IPv4 host on this network (mapped, compatible, NAT64 /96) judged as it.
 */
function reference(text: string): Expected {
  // Through URL's hex form first: ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`.
  const address = ipaddr.parse(text.includes(':') ? new URL(`https://[${text}]/`).hostname.slice(1, -1) : text);
  if (address.kind() === 'ipv4') {
    const v4 = address as ipaddr.IPv4;
    if (ALLOWED_V4.some((cidr) => v4.match(cidr))) return 'public';
    const range = v4.range();
    return range === 'carrierGradeNat' ? 'cgnat' : (V4[range] ?? 'reserved');
  }
  const v6 = address as ipaddr.IPv6;
  const p = v6.parts;
  const carried = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  const range = v6.range();
  const compatible = p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7]! > 1);
  if (range === 'ipv4Mapped' || v6.match(NAT64) || compatible) return reference(carried(p[6]!, p[7]!));
  // The local-use NAT64 prefix (64:ff9b:1::/48) is a translator's, like SIIT's.
  if (ALLOWED_V6.has(range) || range === 'rfc6052') return 'public';
  return V6[range] ?? 'reserved';
}

/** ipaddr.js's own table of special ranges: on the prototype, missing from its type declarations. */
function specialRanges<T>(kind: { prototype: object }): [T, number][] {
  const table = (kind.prototype as { SpecialRanges: Record<string, [T, number] | [T, number][]> }).SpecialRanges;
  return Object.values(table).flatMap((r) => (Array.isArray(r[0]) ? (r as [T, number][]) : [r as [T, number]]));
}
/** The first and last address of every special range, give or take a few: where off-by-ones hide. */
const V4_EDGES = specialRanges<ipaddr.IPv4>(ipaddr.IPv4);
const V6_EDGES = specialRanges<ipaddr.IPv6>(ipaddr.IPv6);

const v4Int = (ip: ipaddr.IPv4) => ip.octets.reduce((n, o) => n * 256 + o, 0);
const v4Text = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

const ipv4 = fc.oneof(
  fc.ipV4(),
  fc.tuple(fc.constantFrom(...V4_EDGES), fc.integer({ min: -3, max: 3 }), fc.boolean()).map(([[ip, bits], delta, end]) => {
    const first = v4Int(ip);
    const at = end ? first + 2 ** (32 - bits) - 1 : first;
    return v4Text((((at + delta) % 2 ** 32) + 2 ** 32) % 2 ** 32);
  }),
);

/** An address inside (or just past the start of) a special IPv6 range: its prefix, random bits after. */
const ipv6InRange = fc
  .tuple(fc.constantFrom(...V6_EDGES), fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 }), fc.boolean())
  .map(([[ip, bits], random, exact]) => {
    const parts = ip.parts.map((g, i) => {
      if (exact) return g;
      const keep = Math.min(16, Math.max(0, bits - 16 * i));
      const mask = keep === 0 ? 0 : (0xffff << (16 - keep)) & 0xffff;
      return (g & mask) | (random[i]! & ~mask & 0xffff);
    });
    return new ipaddr.IPv6(parts).toString();
  });
/** IPv4 carried in IPv6, in the spellings a hostile site would try. */
const ipv6Carrying = fc.tuple(ipv4, fc.constantFrom('::ffff:', '::ffff:0:', '::', '64:ff9b::', '2002:')).map(([v4, prefix]) => {
  if (prefix !== '2002:') return `${prefix}${v4}`;
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
  return `2002:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}::1`;
});
const ipv6 = fc.oneof(fc.ipV6(), ipv6InRange, ipv6Carrying);

const verdictOf = (raw: string): Expected => {
  const v = checkFetchTarget(raw, PUBLIC);
  return v.ok ? 'public' : v.reason;
};

describe('the URL policy agrees with ipaddr.js ranges (property)', () => {
  it(
    'every IPv4 address in a URL',
    () =>
      fc.assert(
        fc.property(ipv4, (ip) => {
          expect([ip, verdictOf(`https://${ip}/`)]).toEqual([ip, reference(ip)]);
        }),
        fuzzRuns(1000),
      ),
    FUZZ_TIMEOUT,
  );

  it(
    'every IPv6 address in a URL',
    () =>
      fc.assert(
        fc.property(ipv6, (ip) => {
          expect([ip, verdictOf(`https://[${ip}]/`)]).toEqual([ip, reference(ip)]);
        }),
        fuzzRuns(1000),
      ),
    FUZZ_TIMEOUT,
  );

  it(
    'every address a DNS answer gives (the command line against rebinding)',
    () =>
      fc.assert(
        fc.property(fc.oneof(ipv4, ipv6), (ip) => {
          expect([ip, nonPublicAddress(ip) === null]).toEqual([ip, reference(ip) === 'public']);
        }),
        fuzzRuns(1000),
      ),
    FUZZ_TIMEOUT,
  );
});

describe('the URL policy on any string (property)', () => {
  const anyUrl = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc
      .tuple(
        fc.constantFrom('https://', 'http://', '//', 'HTTPS://', 'javascript:', 'data:', 'file:///', ''),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
      )
      .map(([a, b]) => a + b),
  );

  it(
    'never throws; what it allows is http(s) without user info, and allowed again as it prints',
    () =>
      fc.assert(
        fc.property(anyUrl, fc.boolean(), (raw, local) => {
          const site = local ? LOCAL : PUBLIC;
          const v = checkFetchTarget(raw, site, 'https://shop.example/.well-known/agent-skills/index.json');
          if (!v.ok) return;
          expect(['https:', local ? 'http:' : 'https:']).toContain(v.url.protocol);
          expect([v.url.username, v.url.password]).toEqual(['', '']);
          expect(checkFetchTarget(v.url.href, site).ok).toBe(true);
        }),
        fuzzRuns(600),
      ),
    FUZZ_TIMEOUT,
  );
});
