import { describe, expect, it } from 'vitest';
import { checkFetchTarget, isLocalHost, nonPublicAddress, siteContext, type PolicyReason } from '../../../utils/engine/net/url-policy';
import { english } from '../../helpers/english';

const PUBLIC = siteContext('https://shop.example');
const LOCAL = siteContext('http://localhost:3000');
const INDEX = 'https://shop.example/.well-known/agent-skills/index.json';

type Row = [raw: string, site: 'public' | 'local', base: string | undefined, expected: PolicyReason | string];

// `expected` is a PolicyReason for refusals and the resolved href for accepted URLs.
const rows: Row[] = [
  // IPv4 in every spelling WHATWG folds into a dotted quad
  ['https://127.0.0.1/', 'public', undefined, 'loopback'],
  ['http://2130706433/', 'public', undefined, 'insecure-http'],
  ['https://2130706433/', 'public', undefined, 'loopback'],
  ['https://0x7f.1/', 'public', undefined, 'loopback'],
  ['https://0x7f000001/', 'public', undefined, 'loopback'],
  ['https://0177.0.0.1/', 'public', undefined, 'loopback'],
  ['https://127.1/', 'public', undefined, 'loopback'],
  ['https://127.255.255.254/', 'public', undefined, 'loopback'],
  ['https://%31%32%37.0.0.1/', 'public', undefined, 'loopback'],
  ['https://10.0.0.1/', 'public', undefined, 'private'],
  ['https://10.255.255.255/', 'public', undefined, 'private'],
  ['https://172.16.0.1/', 'public', undefined, 'private'],
  ['https://172.31.255.255/', 'public', undefined, 'private'],
  ['https://172.15.0.1/', 'public', undefined, 'https://172.15.0.1/'],
  ['https://172.32.0.1/', 'public', undefined, 'https://172.32.0.1/'],
  ['https://192.168.1.10/', 'public', undefined, 'private'],
  ['https://0xc0.0xa8.1.10/', 'public', undefined, 'private'],
  ['https://169.254.169.254/latest/meta-data/', 'public', undefined, 'link-local'],
  ['https://100.64.0.1/', 'public', undefined, 'cgnat'],
  ['https://100.127.255.255/', 'public', undefined, 'cgnat'],
  ['https://100.128.0.1/', 'public', undefined, 'https://100.128.0.1/'],
  ['https://0.0.0.0/', 'public', undefined, 'reserved'],
  ['https://0/', 'public', undefined, 'reserved'],
  ['https://198.18.0.1/', 'public', undefined, 'reserved'],
  ['https://198.19.255.255/', 'public', undefined, 'reserved'],
  ['https://198.20.0.1/', 'public', undefined, 'https://198.20.0.1/'],
  ['https://224.0.0.1/', 'public', undefined, 'reserved'],
  ['https://255.255.255.255/', 'public', undefined, 'reserved'],
  ['https://93.184.215.14/', 'public', undefined, 'https://93.184.215.14/'],
  ['https://8.8.8.8:8443/x', 'public', undefined, 'https://8.8.8.8:8443/x'],
  // IPv6 forms, including IPv4-mapped/compatible and NAT64 of blocked IPv4
  ['https://[::1]/', 'public', undefined, 'loopback'],
  ['https://[0:0:0:0:0:0:0:1]/', 'public', undefined, 'loopback'],
  ['https://[::]/', 'public', undefined, 'reserved'],
  ['https://[::ffff:127.0.0.1]/', 'public', undefined, 'loopback'],
  ['https://[::ffff:7f00:1]/', 'public', undefined, 'loopback'],
  ['https://[::ffff:192.168.0.1]/', 'public', undefined, 'private'],
  ['https://[::ffff:169.254.169.254]/', 'public', undefined, 'link-local'],
  ['https://[::127.0.0.1]/', 'public', undefined, 'loopback'],
  ['https://[64:ff9b::10.0.0.1]/', 'public', undefined, 'private'],
  ['https://[::ffff:8.8.8.8]/', 'public', undefined, 'https://[::ffff:808:808]/'],
  ['https://[fe80::1]/', 'public', undefined, 'link-local'],
  ['https://[febf::1]/', 'public', undefined, 'link-local'],
  ['https://[fc00::1]/', 'public', undefined, 'private'],
  ['https://[fd12:3456:789a::1]/', 'public', undefined, 'private'],
  ['https://[ff02::1]/', 'public', undefined, 'reserved'],
  ['https://[2606:4700::1111]/', 'public', undefined, 'https://[2606:4700::1111]/'],
  ['https://[2606:4700::1111]:444/', 'public', undefined, 'https://[2606:4700::1111]:444/'],
  // names
  ['https://localhost/', 'public', undefined, 'loopback'],
  ['https://LOCALHOST:8443/', 'public', undefined, 'loopback'],
  ['https://localhost./', 'public', undefined, 'loopback'],
  ['https://api.localhost/', 'public', undefined, 'loopback'],
  ['https://intranet/', 'public', undefined, 'single-label'],
  ['https://intranet./', 'public', undefined, 'single-label'],
  ['https://printer.local/', 'public', undefined, 'local-name'],
  ['https://db.corp.internal/', 'public', undefined, 'local-name'],
  ['https://router.home.arpa/', 'public', undefined, 'local-name'],
  ['https://nas.lan/', 'public', undefined, 'local-name'],
  ['https://nas.lan./', 'public', undefined, 'local-name'],
  ['https://cdn.example.net./x', 'public', undefined, 'https://cdn.example.net./x'],
  ['https://lan.example.com/', 'public', undefined, 'https://lan.example.com/'],
  ['https://cdn.example.net:8443/SKILL.md', 'public', undefined, 'https://cdn.example.net:8443/SKILL.md'],
  // user info
  ['https://user:pw@cdn.example.net/', 'public', undefined, 'user-info'],
  ['https://user@cdn.example.net/', 'public', undefined, 'user-info'],
  ['https://:pw@cdn.example.net/', 'public', undefined, 'user-info'],
  ['https://cdn.example.net@127.0.0.1/', 'public', undefined, 'user-info'],
  ['https://@cdn.example.net/', 'public', undefined, 'https://cdn.example.net/'],
  ['http://user:pw@localhost:3000/', 'local', undefined, 'user-info'],
  // schemes
  ['javascript:alert(1)', 'public', undefined, 'scheme'],
  ['data:text/plain,hi', 'public', undefined, 'scheme'],
  ['file:///etc/passwd', 'public', undefined, 'scheme'],
  ['ftp://ftp.example.com/x', 'public', undefined, 'scheme'],
  ['blob:https://shop.example/1234', 'public', undefined, 'scheme'],
  ['javascript:alert(1)', 'local', undefined, 'scheme'],
  ['file:///etc/passwd', 'local', undefined, 'scheme'],
  ['http://cdn.example.net/x', 'public', undefined, 'insecure-http'],
  ['HTTPS://CDN.Example.NET/x', 'public', undefined, 'https://cdn.example.net/x'],
  // backslash tricks and unparseable input
  ['https:\\\\evil.example\\x', 'public', undefined, 'https://evil.example/x'],
  ['\\\\evil.example\\x', 'public', INDEX, 'https://evil.example/x'],
  ['https:\\\\127.0.0.1\\x', 'public', undefined, 'loopback'],
  ['not a url', 'public', undefined, 'unparseable'],
  ['https://', 'public', undefined, 'unparseable'],
  ['https://1.2.3.4.5/', 'public', undefined, 'unparseable'],
  ['https://[fe80::1%25eth0]/', 'public', undefined, 'unparseable'],
  // relative resolution against the final index URL
  ['x/SKILL.md', 'public', INDEX, 'https://shop.example/.well-known/agent-skills/x/SKILL.md'],
  ['/skills/x/SKILL.md', 'public', INDEX, 'https://shop.example/skills/x/SKILL.md'],
  ['../../x', 'public', INDEX, 'https://shop.example/x'],
  ['%2e%2e/x', 'public', INDEX, 'https://shop.example/.well-known/x'],
  ['  x/SKILL.md  ', 'public', INDEX, 'https://shop.example/.well-known/agent-skills/x/SKILL.md'],
  ['//127.0.0.1/x', 'public', INDEX, 'loopback'],
  [
    'x/SKILL.md',
    'local',
    'http://localhost:3000/.well-known/agent-skills/index.json',
    'http://localhost:3000/.well-known/agent-skills/x/SKILL.md',
  ],
  ['x', 'public', 'not a base', 'unparseable'],
  // the local exception: a dev site may use http: and private hosts
  ['http://localhost:3000/.well-known/poppy.json', 'local', undefined, 'http://localhost:3000/.well-known/poppy.json'],
  ['http://127.0.0.1:8080/x', 'local', undefined, 'http://127.0.0.1:8080/x'],
  ['http://192.168.1.10/x', 'local', undefined, 'http://192.168.1.10/x'],
  ['http://[::1]:5173/x', 'local', undefined, 'http://[::1]:5173/x'],
  ['https://cdn.example.net/x', 'local', undefined, 'https://cdn.example.net/x'],
  ['http://devbox:8080/x', 'local', undefined, 'http://devbox:8080/x'],
];

describe('checkFetchTarget', () => {
  it.each(rows)('%s (%s site, base %s) → %s', (raw, site, base, expected) => {
    const verdict = checkFetchTarget(raw, site === 'local' ? LOCAL : PUBLIC, base);
    expect(verdict.ok ? verdict.url.href : verdict.reason).toBe(expected);
  });

  it('accepts a URL object as well as a string', () => {
    const verdict = checkFetchTarget(new URL('https://10.1.2.3/'), PUBLIC);
    expect(verdict.ok ? 'ok' : verdict.reason).toBe('private');
  });

  it('allows a URL it allowed before as that same object, and judges it again once changed or for another site', () => {
    const first = checkFetchTarget('https://cdn.example.net/a/SKILL.md', PUBLIC);
    if (!first.ok) throw new Error('allowed');
    const again = checkFetchTarget(first.url, PUBLIC);
    expect(again.ok && again.url).toBe(first.url);
    // A local site's policy allowed it, not the public one's: a new parse, judged afresh.
    const local = checkFetchTarget('http://127.0.0.1:8080/x', LOCAL);
    if (!local.ok) throw new Error('allowed locally');
    expect(checkFetchTarget(local.url, PUBLIC)).toMatchObject({ ok: false, reason: 'insecure-http' });
    first.url.hostname = '10.0.0.1';
    expect(checkFetchTarget(first.url, PUBLIC)).toMatchObject({ ok: false, reason: 'private' });
  });

  it.each([
    ['https://192.168.1.10/', 'points at a private network address (192.168.1.10)'],
    ['https://[::ffff:127.0.0.1]/', 'points at this computer ([::ffff:7f00:1])'],
    ['https://169.254.169.254/', 'points at a link-local address (169.254.169.254)'],
    ['javascript:alert(1)', 'uses the javascript: scheme; only https: is fetched'],
  ])('explains %s in plain words', (raw, detail) => {
    const verdict = checkFetchTarget(raw, PUBLIC);
    expect(verdict.ok ? null : english(verdict.detail)).toBe(detail);
  });
});

describe('isLocalHost', () => {
  it.each([
    ['localhost', true],
    ['localhost.', true],
    ['LocalHost', true],
    ['shop.localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['[::1]', true],
    ['::1', true],
    ['128.0.0.1', false],
    ['192.168.1.10', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['169.254.169.254', false],
    ['localhost.example.com', false],
    ['notlocalhost', false],
    ['[::ffff:7f00:1]', false],
    ['shop.example', false],
  ])('%s → %s', (host, local) => {
    expect(isLocalHost(host)).toBe(local);
  });
});

describe('siteContext', () => {
  it.each([
    ['http://localhost:3000', { origin: 'http://localhost:3000', local: true }],
    ['http://127.0.0.1:8080/some/page', { origin: 'http://127.0.0.1:8080', local: true }],
    ['http://[::1]:5173', { origin: 'http://[::1]:5173', local: true }],
    ['https://Shop.Example', { origin: 'https://shop.example', local: false }],
    ['https://192.168.1.10', { origin: 'https://192.168.1.10', local: false }],
    ['garbage', { origin: 'garbage', local: false }],
  ])('%s → %j', (origin, expected) => {
    expect(siteContext(origin)).toEqual(expected);
  });
});

describe('nonPublicAddress (addresses as DNS returns them)', () => {
  it.each([
    ['127.0.0.1', /this computer/],
    ['127.1.2.3', /this computer/],
    ['10.0.0.5', /private network/],
    ['172.20.1.1', /private network/],
    ['192.168.0.1', /private network/],
    ['169.254.169.254', /link-local/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['0.0.0.0', /reserved/],
    ['224.0.0.1', /reserved/],
    ['::1', /this computer/],
    ['::', /reserved/],
    ['0:0:0:0:0:0:0:1', /this computer/],
    ['::ffff:127.0.0.1', /this computer/],
    ['::ffff:10.1.2.3', /private network/],
    ['::FFFF:A01:203', /private network/],
    ['64:ff9b::a9fe:a9fe', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['fd12:3456::1', /private network/],
    ['ff02::1', /reserved/],
    ['not an address', /reserved/],
  ])('%s is not public: %s', (address, why) => {
    expect(english(nonPublicAddress(address) ?? undefined)).toMatch(why);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])(
    '%s is public',
    (address) => {
      expect(nonPublicAddress(address)).toBeNull();
    },
  );
});
