import { describe, expect, it } from 'vitest';
import type { PoppyModel } from '../../../utils/engine/report/report';
import { CTX, LOCAL_CTX, LOCAL_URL, REQUESTED, example, expectWellFormed, parse, variant, type Doc } from './poppy-example';
import { english } from '../../helpers/english';

// The protocol's own scopes carry no site words: readers show the catalog's (PROTOCOL_SCOPE_WORDS).
const READ = null;
const WRITE = null;

const EXPECTED: PoppyModel = {
  url: REQUESTED,
  requestedUrl: REQUESTED,
  redirected: false,
  protocolVersion: '0.3',
  organization: { name: 'Example Company', domain: 'example.com', domainMatches: true },
  issuer: 'https://auth.example.com',
  signInTypes: [
    {
      type: 'direct',
      scopes: [
        { name: 'poppy:read', description: READ },
        { name: 'poppy:write', description: WRITE },
        { name: 'orders:return', description: 'Start a return on your orders' },
      ],
    },
    { type: 'device', scopes: [{ name: 'poppy:read', description: READ }] },
    {
      type: 'mediated',
      scopes: [{ name: 'poppy:read', description: READ }],
      endpoint: 'https://auth.example.com/poppy/mediated',
      fields: [
        { name: 'username', label: 'Email', secret: false },
        { name: 'password', label: 'Password', secret: true },
      ],
    },
  ],
  agentProtocols: [{ type: 'poppy', endpoint: 'https://example.com/poppy/conversations', resource: null }],
  apis: [
    { type: 'openapi', url: 'https://example.com/openapi.json', description: 'Catalogue and orders', resource: null },
    { type: 'mcp', url: 'https://example.com/mcp', description: null, resource: 'https://example.com/mcp' },
  ],
  browserSessionEndpoint: 'https://example.com/poppy/browser-session',
  extensions: [{ name: 'operations', version: '1' }],
  excludedTasks: ['Close the account', 'Change the card saved for payments'],
  excludedTasksRaw: null,
  hasSkillIndex: true,
};

describe('parsePoppy: the spec §8 example', () => {
  it('parses with no findings at all', () => {
    expect(parse(example()).findings).toEqual([]);
  });

  it('gives exactly the expected model', () => {
    expect(parse(example()).model).toEqual(EXPECTED);
  });

  it('hands back the raw skill_index untouched for the skill-index module', () => {
    const doc = example();
    expect(parse(doc).skillIndex).toBe(doc.skill_index);
  });

  it('does not change the document it reads', () => {
    const doc = example();
    parse(doc);
    expect(doc).toEqual(example());
  });

  it('records the redirect and reports findings against the final URL', () => {
    const finalUrl = 'https://hosting.example.net/v1/channels/7/poppy/poppy.json?domain=example.com';
    const r = parse(
      variant((d) => (d.apis[0].type = 'graphql')),
      { requestedUrl: REQUESTED, finalUrl, local: false },
    );
    expect(r.model.redirected).toBe(true);
    expect(r.model.url).toBe(finalUrl);
    expect(r.model.organization.domainMatches).toBe(true); // the requested host counts, not the final one
    expect(r.findings.map((f) => f.document)).toEqual([finalUrl]);
  });
});

describe('parsePoppy: a draft 0.1 document', () => {
  const draft01 = {
    protocol_version: '0.1',
    organization: { name: 'Example Company', domain: 'example.com' },
    auth: { issuer: 'https://auth.example.com', direct: { scopes: ['poppy:read'] } },
    apis: [{ type: 'openapi', url: 'https://example.com/openapi.json' }],
  };

  it('is fine without skill_index or excluded_tasks', () => {
    const r = parse(draft01);
    expect(r.findings).toEqual([]);
    expect(r.skillIndex).toBeUndefined();
    expect(r.model.hasSkillIndex).toBe(false);
    expect(r.model.excludedTasks).toEqual([]);
    expect(r.model.excludedTasksRaw).toBeNull();
    expect(r.model.extensions).toEqual([]);
    expect(r.model.signInTypes).toEqual([{ type: 'direct', scopes: [{ name: 'poppy:read', description: READ }] }]);
  });

  it('shows signed-out Sessions only when auth offers no sign-in type', () => {
    const r = parse({ ...draft01, auth: { issuer: 'https://auth.example.com' } });
    expect(r.findings).toEqual([]);
    expect(r.model.signInTypes).toEqual([{ type: 'signed-out', scopes: [] }]);
  });

  it('shows no sign-in at all when auth is absent', () => {
    const r = parse({ protocol_version: '0.1', organization: draft01.organization, web: {} });
    expect(r.model.signInTypes).toEqual([]);
    expect(r.model.issuer).toBeNull();
    expect(r.findings).toEqual([]);
  });
});

type Severity = 'error' | 'warning' | 'info';
/** Name, change, the code it causes, where, how bad; and any finding the same change causes besides. */
type Row = [string, (d: Doc) => void, string, string, Severity, [string, string, Severity]?];

// One row per §3.1 check (2–11) and per way of failing it: the code, where, and how bad.
const CHECKS: Row[] = [
  ['2: version missing', (d) => delete d.protocol_version, 'missing-field', '$.protocol_version', 'error'],
  ['2: version a number', (d) => (d.protocol_version = 0.3), 'wrong-type', '$.protocol_version', 'error'],
  ['2: version with a patch', (d) => (d.protocol_version = '0.3.1'), 'invalid-protocol-version', '$.protocol_version', 'error'],
  ['2: version with a v', (d) => (d.protocol_version = 'v1'), 'invalid-protocol-version', '$.protocol_version', 'error'],
  ['2: unknown major', (d) => (d.protocol_version = '7.0'), 'unsupported-protocol-version', '$.protocol_version', 'warning'],
  ['3: organization missing', (d) => delete d.organization, 'missing-field', '$.organization', 'error'],
  ['3: organization a string', (d) => (d.organization = 'Example'), 'wrong-type', '$.organization', 'error'],
  ['3: name missing', (d) => delete d.organization.name, 'missing-field', '$.organization.name', 'error'],
  ['3: name a number', (d) => (d.organization.name = 5), 'wrong-type', '$.organization.name', 'error'],
  ['3: domain missing', (d) => delete d.organization.domain, 'missing-field', '$.organization.domain', 'error'],
  ['3: domain an array', (d) => (d.organization.domain = ['example.com']), 'wrong-type', '$.organization.domain', 'error'],
  ['4: another domain', (d) => (d.organization.domain = 'example.org'), 'domain-mismatch', '$.organization.domain', 'error'],
  ['4: a parent domain', (d) => (d.organization.domain = 'com'), 'domain-mismatch', '$.organization.domain', 'error'],
  ['4: a URL, not a host', (d) => (d.organization.domain = 'https://example.com'), 'domain-mismatch', '$.organization.domain', 'error'],
  ['5: nothing for agents', (d) => ['agent', 'apis', 'web'].forEach((k) => delete d[k]), 'nothing-for-agents', '$', 'warning'],
  ['6: auth missing', (d) => delete d.auth, 'missing-auth', '$.auth', 'error'],
  ['6: issuer missing', (d) => delete d.auth.issuer, 'missing-field', '$.auth.issuer', 'error'],
  ['7: issuer on http', (d) => (d.auth.issuer = 'http://auth.example.com'), 'not-https', '$.auth.issuer', 'error'],
  [
    '7: agent endpoint on http',
    (d) => (d.agent.protocols[0].endpoint = 'http://example.com/c'),
    'not-https',
    '$.agent.protocols[0].endpoint',
    'error',
  ],
  ['7: api url on ftp', (d) => (d.apis[1].url = 'ftp://example.com/mcp'), 'not-https', '$.apis[1].url', 'error'],
  [
    '7: browser session on http',
    (d) => (d.web.browser_session_endpoint = 'http://example.com/b'),
    'not-https',
    '$.web.browser_session_endpoint',
    'error',
  ],
  [
    '7: mediated endpoint on http',
    (d) => (d.auth.mediated.endpoint = 'http://auth.example.com/m'),
    'not-https',
    '$.auth.mediated.endpoint',
    'error',
  ],
  ['7: api url relative', (d) => (d.apis[0].url = '/openapi.json'), 'invalid-url', '$.apis[0].url', 'error'],
  ['7: issuer not a URL', (d) => (d.auth.issuer = 'auth example'), 'invalid-url', '$.auth.issuer', 'error'],
  ['7: api url missing', (d) => delete d.apis[0].url, 'missing-field', '$.apis[0].url', 'error'],
  ['8: scopes a string', (d) => (d.auth.direct.scopes = 'poppy:read'), 'wrong-type', '$.auth.direct.scopes', 'error'],
  ['8: a scope a number', (d) => (d.auth.device.scopes = [1]), 'wrong-type', '$.auth.device.scopes[0]', 'error'],
  ['8: scopes missing', (d) => delete d.auth.direct.scopes, 'missing-field', '$.auth.direct.scopes', 'error'],
  ['8: sign-in type not an object', (d) => (d.auth.device = true), 'wrong-type', '$.auth.device', 'error'],
  ['8: mediated fields an object', (d) => (d.auth.mediated.fields = {}), 'wrong-type', '$.auth.mediated.fields', 'error'],
  ['8: mediated fields missing', (d) => delete d.auth.mediated.fields, 'missing-field', '$.auth.mediated.fields', 'error'],
  [
    '8: field secret a string',
    (d) => (d.auth.mediated.fields[1].secret = 'yes'),
    'wrong-type',
    '$.auth.mediated.fields[1].secret',
    'error',
  ],
  ['8: field label missing', (d) => delete d.auth.mediated.fields[0].label, 'missing-field', '$.auth.mediated.fields[0].label', 'error'],
  ['8: field a string', (d) => (d.auth.mediated.fields[0] = 'username'), 'wrong-type', '$.auth.mediated.fields[0]', 'error'],
  [
    '8: custom scope description a number',
    (d) => (d.auth.custom_scopes['orders:return'] = 1),
    'wrong-type',
    '$.auth.custom_scopes["orders:return"]',
    'error',
    // The scope it described is offered without words people can read.
    ['scope-undescribed', '$.auth.direct.scopes', 'warning'],
  ],
  ['9: api type graphql', (d) => (d.apis[0].type = 'graphql'), 'unknown-api-type', '$.apis[0].type', 'error'],
  ['9: api type in capitals', (d) => (d.apis[1].type = 'MCP'), 'unknown-api-type', '$.apis[1].type', 'error'],
  ['9: api type missing', (d) => delete d.apis[1].type, 'missing-field', '$.apis[1].type', 'error'],
  [
    '10: custom scope poppy:admin',
    (d) => (d.auth.custom_scopes['poppy:admin'] = 'All'),
    'reserved-scope-prefix',
    '$.auth.custom_scopes["poppy:admin"]',
    'error',
  ],
  [
    '10: sign-in scope poppy:admin',
    (d) => d.auth.direct.scopes.push('poppy:admin'),
    'reserved-scope-prefix',
    '$.auth.direct.scopes[3]',
    'error',
    ['scope-undescribed', '$.auth.direct.scopes', 'warning'],
  ],
  [
    '11: extension without a domain',
    (d) => (d.extensions.loyalty = { version: '1' }),
    'invalid-extension-name',
    '$.extensions.loyalty',
    'error',
  ],
  [
    '11: extension with a single-label domain',
    (d) => (d.extensions['example/loyalty'] = { version: '1' }),
    'invalid-extension-name',
    '$.extensions["example/loyalty"]',
    'error',
  ],
  ['11: extension value not an object', (d) => (d.extensions.operations = '1'), 'wrong-type', '$.extensions.operations', 'error'],
  ['11: extension without a version', (d) => (d.extensions.operations = {}), 'missing-field', '$.extensions.operations.version', 'warning'],
];

describe('parsePoppy: §3.1 checks', () => {
  it.each(CHECKS)('%s', (_name, mutate, code, path, severity, also) => {
    const r = parse(variant(mutate));
    const expected = [[code, path, severity], ...(also ? [also] : [])];
    expect(r.findings.map((f) => [f.code, f.path, f.severity]).sort()).toEqual(expected.sort());
    expectWellFormed(r, REQUESTED);
  });

  it('keeps the other APIs when one is broken', () => {
    const r = parse(variant((d) => d.apis.splice(1, 0, { type: 42, url: 'https://example.com/x' }, 'not an api')));
    expect(r.findings.map((f) => f.path)).toEqual(['$.apis[1].type', '$.apis[2]']);
    expect(r.model.apis.map((a) => a.url)).toEqual([
      'https://example.com/openapi.json',
      'https://example.com/x',
      'https://example.com/mcp',
    ]);
    expect(r.model.apis[1]!.type).toBe('');
  });

  it('keeps messages on one line whatever the site wrote', () => {
    const r = parse(
      variant((d) => {
        d.apis[0].type = 'graph\nql';
        d.extensions['evil\nname'] = {};
        d.organization['line\nbreak'] = 1;
      }),
    );
    expect(r.findings.map((f) => f.code)).toEqual(['unknown-api-type', 'invalid-extension-name', 'missing-field', 'unknown-field']);
    expectWellFormed(r, REQUESTED);
  });

  it('keeps the value the site wrote when a URL fails the https check', () => {
    const r = parse(variant((d) => (d.auth.issuer = 'http://auth.example.com')));
    expect(r.model.issuer).toBe('http://auth.example.com');
  });

  it('lists every reason auth is needed', () => {
    const r = parse(variant((d) => delete d.auth));
    expect(english(r.findings[0]!.message)).toBe('auth is missing, but agent, apis, and web.browser_session_endpoint need it.');
  });

  it.each([
    ['only the browser session endpoint', { web: { browser_session_endpoint: 'https://example.com/b' } }, ['missing-auth']],
    ['a web object without the endpoint', { web: {} }, []],
    ['an empty apis list', { apis: [] }, ['missing-auth']],
  ])('auth rule (check 6) with %s', (_name, extra, codes) => {
    const r = parse({ protocol_version: '0.1', organization: { name: 'E', domain: 'example.com' }, ...extra });
    expect(r.findings.map((f) => f.code)).toEqual(codes);
  });

  it('accepts own extensions named domain/feature and the built-in operations', () => {
    const r = parse(variant((d) => (d.extensions['example.com/loyalty'] = { version: '2', tiers: ['gold'] })));
    expect(r.findings).toEqual([]);
    expect(r.model.extensions).toEqual([
      { name: 'operations', version: '1' },
      { name: 'example.com/loyalty', version: '2' },
    ]);
  });

  it('uses the custom description of a protocol scope over the built-in words', () => {
    const r = parse(variant((d) => (d.auth.custom_scopes['poppy:read'] = 'See your orders')));
    expect(r.findings).toEqual([]);
    expect(r.model.signInTypes[1]!.scopes).toEqual([{ name: 'poppy:read', description: 'See your orders' }]);
  });

  it('gives an undescribed custom scope a null description', () => {
    const r = parse(variant((d) => d.auth.device.scopes.push('orders:read')));
    expect(r.model.signInTypes[1]!.scopes[1]).toEqual({ name: 'orders:read', description: null });
  });

  it('keeps a known major version in the model even when it is unsupported', () => {
    expect(parse(variant((d) => (d.protocol_version = '7.0'))).model.protocolVersion).toBe('7.0');
  });
});

describe('parsePoppy: domain binding (check 4, D2/D8)', () => {
  it.each([
    ['https://example.com/.well-known/poppy.json', 'example.com'],
    ['https://www.example.com/.well-known/poppy.json', 'example.com'],
    ['https://example.com/.well-known/poppy.json', 'www.example.com'],
    ['https://EXAMPLE.com/.well-known/poppy.json', 'Example.COM'],
    ['https://example.com:8443/.well-known/poppy.json', 'example.com'],
    ['https://xn--bcher-kva.example/.well-known/poppy.json', 'bücher.example'],
  ])('%s matches %s', (requestedUrl, domain) => {
    const r = parse(
      variant((d) => (d.organization.domain = domain)),
      { requestedUrl, finalUrl: requestedUrl, local: false },
    );
    expect(r.findings.map((f) => f.code)).toEqual([]);
    expect(r.model.organization.domainMatches).toBe(true);
  });

  it.each([
    ['https://shop.example.com/.well-known/poppy.json', 'example.com'],
    ['https://example.com/.well-known/poppy.json', 'shop.example.com'],
    ['https://www.www.example.com/.well-known/poppy.json', 'example.com'],
    ['https://example.com.evil.test/.well-known/poppy.json', 'example.com'],
    ['https://example.com/.well-known/poppy.json', 'example.com:443'],
  ])('%s does not match %s', (requestedUrl, domain) => {
    const r = parse(
      variant((d) => (d.organization.domain = domain)),
      { requestedUrl, finalUrl: requestedUrl, local: false },
    );
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([['domain-mismatch', 'error']]);
    expect(r.model.organization.domainMatches).toBe(false);
  });

  it('has no domainMatches when there is no domain to compare', () => {
    expect(parse(variant((d) => delete d.organization.domain)).model.organization.domainMatches).toBeNull();
  });
});

describe('parsePoppy: a local development site (D5/D8)', () => {
  const localDoc = (): Doc =>
    variant((d) => {
      d.auth.issuer = 'http://localhost:3000/auth';
      d.apis[0].url = 'http://127.0.0.1:3000/openapi.json';
      d.web.browser_session_endpoint = 'http://app.localhost:3000/b';
    });

  it('reports the domain binding and local http URLs as info that would fail in production', () => {
    const r = parse(localDoc(), LOCAL_CTX);
    expect(r.findings.map((f) => [f.code, f.path, f.severity])).toEqual([
      ['domain-mismatch', '$.organization.domain', 'info'],
      ['not-https', '$.auth.issuer', 'info'],
      ['not-https', '$.apis[0].url', 'info'],
      ['not-https', '$.web.browser_session_endpoint', 'info'],
    ]);
    expect(r.findings.every((f) => english(f.message).startsWith('Would fail in production: '))).toBe(true);
    expect(r.model.organization.domainMatches).toBe(false);
    expectWellFormed(r, LOCAL_URL);
  });

  it('still calls a plain-http public URL an error', () => {
    const r = parse(
      variant((d) => (d.apis[0].url = 'http://example.com/openapi.json')),
      LOCAL_CTX,
    );
    expect(r.findings.filter((f) => f.code === 'not-https').map((f) => f.severity)).toEqual(['error']);
  });

  it('is strict about the same local URLs on a public site', () => {
    const r = parse(localDoc(), CTX);
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([
      ['not-https', 'error'],
      ['not-https', 'error'],
      ['not-https', 'error'],
    ]);
  });

  it('matches a local domain exactly', () => {
    const r = parse(
      variant((d) => (d.organization.domain = 'localhost')),
      LOCAL_CTX,
    );
    expect(r.findings).toEqual([]);
    expect(r.model.organization.domainMatches).toBe(true);
  });
});

describe('parsePoppy: scope descriptions (1.0: agents show them to people)', () => {
  it('names each undescribed scope once, where first offered; the protocol scopes need none', () => {
    const r = parse(
      variant((d) => {
        d.auth.direct.scopes.push('orders:cancel', 'gift cards');
        d.auth.device.scopes.push('orders:cancel', 'loyalty:read');
        d.auth.custom_scopes['loyalty:read'] = '   ';
      }),
    );
    const found = r.findings.filter((f) => f.code === 'scope-undescribed');
    expect(found.map((f) => [f.path, f.severity, english(f.message)])).toEqual([
      [
        '$.auth.direct.scopes',
        'warning',
        'The scopes "orders:cancel" and "gift cards" offered in `auth.direct.scopes` have no description people can read.',
      ],
      ['$.auth.device.scopes', 'warning', 'The scope "loyalty:read" offered in `auth.device.scopes` has no description people can read.'],
    ]);
    expect(english(found[0]!.hint)).toBe(
      'Describe it in `auth.custom_scopes`: agents show that text when they ask the person for the scope.',
    );
  });

  it('a hostile list of scopes makes one finding naming ten and counting the rest', () => {
    const r = parse(variant((d) => (d.auth.direct.scopes = Array.from({ length: 150 }, (_, i) => `s${i}`))));
    const found = r.findings.filter((f) => f.code === 'scope-undescribed');
    expect(found).toHaveLength(1);
    expect(english(found[0]!.message)).toMatch(/^The scopes "s0", "s1", .* and "s9" \(and 140 more\) offered in `auth.direct.scopes`/);
  });
});
