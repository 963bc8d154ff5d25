// The real-world corpus's poppy.json documents (docs/real-world-corpus.md, the poppy.json part),
// each served under its own host name with the issuer metadata its server publishes, checked as an
// agent would check them (checkSite over the command line's Node transport, other hosts allowed).
// Every row is what a careful agent of the document's protocol version reaches under D10 (revised:
// for 0.1–0.3 the company's own /.well-known/oauth-protected-resource is not required), with the
// reason in `why`, taken from docs/spec/poppy-json.md and D1–D13, not from the engine's output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSite } from '../../../utils/engine/check';
import type { Report } from '../../../utils/engine/report/report';
import type { SkillStatus, Verdict } from '../../../utils/engine/spec';
import type { TrustLink, TrustReport } from '../../../utils/engine/trust/types';
import { POPPY_CORPUS } from '../../fixtures/real-world/corpus';
import { startCorpusServer, type CorpusServer } from '../../fixtures/real-world/corpus-server';

interface Expected {
  protocolVersion: string;
  verdict: Verdict;
  /** Every skill's status, by name (no 0.1 document has a skill index). */
  skills: Record<string, SkillStatus>;
  /** The whole sign-in trust chain (D10). */
  trust: TrustReport['status'];
  /** The issuer's RFC 8414 metadata link alone: this holds for every version today. */
  issuerMetadata: TrustLink['status'];
  /** Each listed API's RFC 9728 protected-resource link (MCP APIs, §3.2 check 16), in order. */
  apiMetadata: TrustLink['status'][];
  /** The warning and error codes the verdict rests on (info findings left out). */
  codes: string[];
  /** How many trust-chain documents an agent of this version refuses the company over: each is
   *  one error finding (a company protected-resource document 0.x does not need is none, D10). */
  trustErrors: number;
  /** Fields the document has that poppy-json.md §4.3 does not know: info, agents ignore them (D2). */
  unknownFields: string[];
  /** The site is a local development host (D5, D8). */
  local: boolean;
  /** Where poppy.json was read after redirects (D1), when not at the requested address. */
  servedFrom?: string;
  why: string;
}

const EXPECTED: Record<string, Expected> = {
  ilmer: {
    protocolVersion: '0.1',
    verdict: 'ok',
    skills: {},
    trust: 'verified',
    issuerMetadata: 'verified',
    apiMetadata: [],
    codes: [],
    trustErrors: 0,
    unknownFields: ['$.description', '$.organization.url', '$.web.url'],
    local: false,
    why:
      'a signed-out 0.1 receiver: its issuer, on its own host, lists poppy.ilmer.org in poppy_domains with https token and ' +
      'revocation endpoints, and no sign-in type asks for more; 0.1 needs no company protected-resource metadata (D10 revised)',
  },
  flightsector: {
    protocolVersion: '0.1',
    verdict: 'ok',
    skills: {},
    trust: 'verified',
    issuerMetadata: 'verified',
    apiMetadata: [],
    codes: [],
    trustErrors: 0,
    unknownFields: [],
    local: true,
    why:
      'a 0.1 demo company on a .localhost host (local, D8): Direct Sign-In, and its issuer metadata has the ' +
      'authorization endpoint that needs (§3.2 check 15); 0.1 needs no company protected-resource metadata (D10 revised)',
  },
  ghost: {
    protocolVersion: '0.1',
    verdict: 'ok',
    skills: {},
    trust: 'verified',
    issuerMetadata: 'verified',
    apiMetadata: ['verified'],
    codes: [],
    trustErrors: 0,
    unknownFields: [],
    local: false,
    why:
      'a guest MCP API whose RFC 9728 metadata, at the path-inserted address, names the issuer (§3.2 check 16), and ' +
      'issuer metadata vouching for the domain; 0.1 needs no company protected-resource metadata (D10 revised)',
  },
  'datalayer-shop': {
    protocolVersion: '0.1',
    verdict: 'errors',
    skills: {},
    trust: 'broken',
    issuerMetadata: 'unreachable',
    apiMetadata: [],
    codes: ['trust-unreachable'],
    trustErrors: 1,
    unknownFields: [],
    local: false,
    why:
      'a well-formed 0.1 fixture (Direct Sign-In, an a2a agent, an OpenAPI API, the operations extension) whose issuer ' +
      'auth.shop.example publishes no metadata: fail closed, agents refuse it (§3.2 check 17, D10)',
  },
  'datalayer-northstar': {
    protocolVersion: '0.1',
    verdict: 'errors',
    skills: {},
    trust: 'broken',
    issuerMetadata: 'unreachable',
    apiMetadata: [],
    codes: ['scope-undescribed', 'trust-unreachable'],
    trustErrors: 1,
    unknownFields: [],
    local: false,
    why:
      'Direct Sign-In offering orders:read and orders:return with an empty custom_scopes, so no description to show ' +
      '(warning); its issuer auth.northstar.example publishes no metadata: fail closed (§3.2 check 17, D10)',
  },
  'datalayer-northstar-wire': {
    protocolVersion: '0.1',
    verdict: 'errors',
    skills: {},
    trust: 'broken',
    issuerMetadata: 'unreachable',
    apiMetadata: [],
    codes: ['missing-field', 'trust-unreachable'],
    trustErrors: 1,
    unknownFields: [],
    local: false,
    why:
      'the wire example as the walkthrough prints it: no organization.domain (§3.1 check 3) and a poppy protocol without ' +
      'its endpoint, and an issuer that publishes no metadata (fail closed, D10)',
  },
  'authkit-acme': {
    protocolVersion: '0.1',
    verdict: 'errors',
    skills: {},
    trust: 'broken',
    issuerMetadata: 'verified',
    apiMetadata: ['unreachable'],
    codes: ['trust-unreachable'],
    trustErrors: 1,
    unknownFields: [],
    local: false,
    why:
      'Direct, Device and Mediated Sign-In with described custom scopes, and path issuer metadata (acme.com/poppy) that ' +
      'vouches for the domain with every endpoint those need (§3.2 checks 12-15); its MCP API publishes no RFC 9728 ' +
      'metadata naming the issuer: fail closed (§3.2 checks 16-17, D10)',
  },
  'authkit-shop': {
    protocolVersion: '0.1',
    verdict: 'errors',
    skills: {},
    trust: 'broken',
    issuerMetadata: 'verified',
    apiMetadata: ['unreachable'],
    codes: ['trust-unreachable'],
    trustErrors: 1,
    unknownFields: [],
    local: false,
    why:
      'AuthKit with its test configuration: Direct and Device Sign-In over every scope, issuer metadata at the ' +
      'path-inserted address vouching for shop.example (§3.2 checks 12-15); its MCP API publishes no RFC 9728 metadata ' +
      'naming the issuer: fail closed (§3.2 checks 16-17, D10)',
  },
  'poppy-agent-ex': {
    protocolVersion: '0.1',
    verdict: 'ok',
    skills: {},
    trust: 'verified',
    issuerMetadata: 'verified',
    apiMetadata: [],
    codes: [],
    trustErrors: 0,
    unknownFields: ['$.future'],
    local: false,
    why:
      'an issuer on another host (auth.example.com) whose metadata, at the root well-known address, lists example.com ' +
      'and has the authorization endpoint Direct Sign-In needs (§3.2 checks 12-15); an unknown field is ignored (D2)',
  },
  'poppy-agent-redirect': {
    protocolVersion: '0.1',
    verdict: 'ok',
    skills: {},
    trust: 'verified',
    issuerMetadata: 'verified',
    apiMetadata: [],
    codes: [],
    trustErrors: 0,
    unknownFields: [],
    local: false,
    servedFrom: 'https://cdn.provider.net/ex/poppy.json',
    why:
      'example.com redirects its poppy.json to a hosting provider over https: allowed, and the document still speaks ' +
      'for the requested domain (poppy-json.md §2, §3.1 check 4, D2); its issuer on auth.example.com vouches for it (§3.2)',
  },
};

// One server per document: some share a host (northstar.example, shop.example, example.com).
const servers: CorpusServer[] = [];
const reports = new Map<string, Report>();
beforeAll(async () => {
  await Promise.all(
    POPPY_CORPUS.map(async (site) => {
      const server = await startCorpusServer([site]);
      servers.push(server);
      const { report } = await checkSite(`https://${site.host}/`, { transport: server.transport(), mayContact: () => true });
      reports.set(site.slug, report);
    }),
  );
});
afterAll(() => Promise.all(servers.map((server) => server.close())));

const issuerLink = (report: Report) => report.trust?.links.find((link) => link.kind === 'issuer-metadata')?.status;
const apiLinks = (report: Report) =>
  report.trust?.links.filter((link) => link.api !== null && link.kind === 'protected-resource').map((link) => link.status) ?? [];

describe('the real-world corpus of poppy.json documents', () => {
  it('has an expectation for every document and a document for every expectation', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(POPPY_CORPUS.map((s) => s.slug).sort());
  });

  for (const site of POPPY_CORPUS) {
    const expected = EXPECTED[site.slug];
    if (!expected) continue;

    // What the engine meets today whatever D10's version rule: the document is read, and its issuer vouches for it.
    it(`${site.slug}: read as ${expected.protocolVersion}, issuer metadata ${expected.issuerMetadata}, APIs' [${expected.apiMetadata.join(', ')}]`, () => {
      const report = reports.get(site.slug)!;
      expect(report.poppy?.protocolVersion).toBe(expected.protocolVersion);
      expect(report.poppy?.url).toBe(expected.servedFrom ?? `https://${site.host}/.well-known/poppy.json`);
      expect(report.local).toBe(expected.local);
      expect(issuerLink(report)).toBe(expected.issuerMetadata);
      expect(apiLinks(report)).toEqual(expected.apiMetadata);
      const unknown = report.findings.filter((f) => f.code === 'unknown-field').map((f) => f.path);
      expect(unknown.sort()).toEqual(expected.unknownFields);
    });

    it(`${site.slug}: ${expected.why}`, () => {
      const report = reports.get(site.slug)!;
      expect(report.verdict).toBe(expected.verdict);
      expect(Object.fromEntries(report.skills.map((s) => [s.name, s.status]))).toEqual(expected.skills);
      expect(report.trust?.status).toBe(expected.trust);
      expect([...new Set(report.findings.filter((f) => f.severity !== 'info').map((f) => f.code))].sort()).toEqual(expected.codes);
      expect(report.findings.filter((f) => f.severity === 'error' && f.code.startsWith('trust-')).length).toBe(expected.trustErrors);
    });
  }
});
