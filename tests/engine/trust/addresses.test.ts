// Where the trust chain's documents live: RFC 8414 §3.1 / RFC 9728 §3.1 path insertion.
import { describe, expect, it } from 'vitest';
import type { PoppyModel } from '../../../utils/engine/report/report';
import { TRUST_WELL_KNOWN } from '../../../utils/engine/spec';
import { pathInserted, planTrust } from '../../../utils/engine/trust';

const AS = TRUST_WELL_KNOWN.issuerMetadata;
const PR = TRUST_WELL_KNOWN.protectedResource;

describe('pathInserted', () => {
  it.each([
    ['https://auth.example.com/t1', `https://auth.example.com${AS}/t1`],
    ['https://auth.example.com', `https://auth.example.com${AS}`],
    ['https://auth.example.com/', `https://auth.example.com${AS}`],
    ['https://auth.example.com/t1/', `https://auth.example.com${AS}/t1`],
    ['https://auth.example.com:8443/a/b', `https://auth.example.com:8443${AS}/a/b`],
    ['https://auth.example.com/a?tenant=1', `https://auth.example.com${AS}/a?tenant=1`],
    ['HTTPS://Auth.Example.COM/T1', `https://auth.example.com${AS}/T1`],
  ])('%s → %s', (issuer, address) => {
    expect(pathInserted(issuer, AS)).toBe(address);
  });

  it.each(['auth.example.com/t1', 'https://auth.example.com/a#frag', 'https://auth.example.com/#', 'ftp://auth.example.com', 'not a url'])(
    'gives no address for %s',
    (identifier) => expect(pathInserted(identifier, AS)).toBeNull(),
  );
});

const poppy = (apis: PoppyModel['apis'], issuer: string | null = 'https://auth.example.com/t1'): PoppyModel => ({
  url: 'https://shop.example/.well-known/poppy.json',
  requestedUrl: 'https://shop.example/.well-known/poppy.json',
  redirected: false,
  protocolVersion: '0.3',
  organization: { name: 'Shop', domain: 'shop.example', domainMatches: true },
  issuer,
  signInTypes: [],
  agentProtocols: [],
  apis,
  browserSessionEndpoint: null,
  extensions: [],
  excludedTasks: [],
  excludedTasksRaw: null,
  hasSkillIndex: false,
});

describe('planTrust', () => {
  it('the issuer metadata, the company origin, each API resource and an MCP server without one; each address once', () => {
    const plans = planTrust(
      poppy([
        { type: 'openapi', url: 'https://shop.example/openapi.json', description: null, resource: null },
        { type: 'openapi', url: 'https://api.shop.example/v1', description: null, resource: 'https://api.shop.example/v1' },
        { type: 'mcp', url: 'https://shop.example/mcp', description: null, resource: null },
        { type: 'mcp', url: 'https://shop.example/mcp', description: null, resource: 'https://shop.example/mcp' },
        { type: 'openapi', url: 'https://shop.example/', description: null, resource: 'https://shop.example' },
      ]),
      'https://shop.example',
    );
    expect(plans.map((p) => [p.kind, p.subject, p.url, p.api?.position ?? null])).toEqual([
      ['issuer-metadata', 'https://auth.example.com/t1', `https://auth.example.com${AS}/t1`, null],
      ['protected-resource', 'https://shop.example', `https://shop.example${PR}`, null],
      ['protected-resource', 'https://api.shop.example/v1', `https://api.shop.example${PR}/v1`, 1],
      ['protected-resource', 'https://shop.example/mcp', `https://shop.example${PR}/mcp`, 2],
    ]);
    expect(plans[1]!.resourceIds).toEqual(['https://shop.example', 'https://shop.example/']);
  });

  it('nothing to follow without an issuer', () => {
    expect(planTrust(poppy([], null), 'https://shop.example')).toEqual([]);
  });
});
