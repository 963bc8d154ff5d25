// The sign-in trust chain (D10) against the real fixture server: Northlight holds up, each broken
// store fails in its own way (codes, documents, JSON paths, the values compared), other hosts
// wait for permission, private targets are blocked before any request, and a local dev site's
// http endpoints are only "would fail in production".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite } from '../../../utils/engine/check';
import type { Transport } from '../../../utils/engine/net/fetch-bounded';
import { coverage } from '../../../utils/engine/report/coverage';
import type { Report } from '../../../utils/engine/report/report';
import { TRUST_WELL_KNOWN, WELL_KNOWN } from '../../../utils/engine/spec';
import { startFixtureServer, type FixtureServer } from '../../fixtures/server';
import { json, publicDomain, type FixtureSite } from '../../fixtures/site';
import { ALL_SITES } from '../../fixtures/sites/index';
import { basicPoppy } from '../../fixtures/stores/basic';
import { allInEnglish, english } from '../../helpers/english';
import { reportState } from '../../../utils/engine/report/state';
import { stateSummary } from '../../../utils/extension/state-look';
import { TRUST_CODES } from '../../../utils/engine/trust';
import { trustRules } from '../../../utils/engine/trust/versions';

const AS = TRUST_WELL_KNOWN.issuerMetadata;
const PR = TRUST_WELL_KNOWN.protectedResource;

/** A public store naming an issuer on a private address: the URL policy must refuse it. */
const privateIssuer: FixtureSite = {
  name: 'trust-private-issuer',
  summary: 'poppy.json names an issuer at 10.0.0.7.',
  routes: {
    [WELL_KNOWN.poppy]: (ctx) =>
      json({ ...basicPoppy(ctx, 'trust-private-issuer', 'Private', []), auth: { issuer: 'https://10.0.0.7/t1' } }),
  },
  expect: { verdict: 'errors', poppy: true, source: null, skills: {} },
};

let server: FixtureServer;
let transport: Transport;
beforeAll(async () => {
  server = await startFixtureServer({ sites: [...ALL_SITES, privateIssuer] });
  transport = createNodeTransport({ resolve: server.resolveMap, ca: server.caPem });
});
afterAll(() => server.close());

const check = async (site: string, mayContact = true): Promise<Report> =>
  (await checkSite(server.publicOrigin(site), { transport, mayContact: () => mayContact })).report;
const trustFindings = (report: Report) => allInEnglish(report.findings).filter((f) => TRUST_CODE.test(f.code));
const TRUST_CODE =
  /^(trust-|issuer-|domain-not-listed|missing-endpoint|endpoint-not-https|resource-mismatch|company-resource-|scope-undescribed)/;

describe('Northlight: every link holds', () => {
  it('issuer metadata, the store and its MCP server all name each other, with the values compared', async () => {
    const origin = server.publicOrigin('northlight');
    const report = await check('northlight');
    expect(report.verdict).toBe('ok');
    expect(trustFindings(report)).toEqual([]);
    const trust = report.trust!;
    expect(trust).toMatchObject({ issuer: origin, domain: publicDomain('northlight'), status: 'verified' });
    expect(trust.links.map((l) => [l.kind, l.url, l.status])).toEqual([
      ['issuer-metadata', `${origin}${AS}`, 'verified'],
      ['protected-resource', `${origin}${PR}`, 'verified'],
      ['protected-resource', `${origin}${PR}/mcp`, 'verified'],
    ]);
    const [issuer, company, mcp] = trust.links;
    expect(issuer!.checks.map((c) => [c.field, c.rule, c.expected, c.actual, c.ok])).toEqual([
      ['issuer', 'equals', origin, origin, true],
      ['poppy_domains', 'contains', publicDomain('northlight'), [publicDomain('northlight')], true],
      ['token_endpoint', 'https', null, `${origin}/oauth/token`, true],
      ['revocation_endpoint', 'https', null, `${origin}/oauth/revoke`, true],
      ['authorization_endpoint', 'https', null, `${origin}/oauth/authorize`, true],
      ['device_authorization_endpoint', 'https', null, `${origin}/oauth/device`, true],
    ]);
    expect(company!.checks.map((c) => [c.field, c.actual, c.ok])).toEqual([
      ['resource', origin, true],
      ['authorization_servers', [origin], true],
    ]);
    expect(mcp).toMatchObject({ subject: `${origin}/mcp`, api: { type: 'mcp', position: 1 } });
  });

  it('signed out: no sign-in type, so only the two endpoints every issuer needs', async () => {
    const report = await check('northlight-signed-out');
    expect(report.trust!.status).toBe('verified');
    expect(report.trust!.links[0]!.checks.map((c) => c.field)).toEqual([
      'issuer',
      'poppy_domains',
      'token_endpoint',
      'revocation_endpoint',
    ]);
  });
});

describe('each way the chain breaks', () => {
  const cases: [site: string, codes: string[], link: number, status: string, says: RegExp][] = [
    ['trust-issuer-mismatch', ['issuer-mismatch'], 0, 'failed', /differ at character \d+, and agents compare them character for character/],
    [
      'trust-domain-not-listed',
      ['domain-not-listed'],
      0,
      'failed',
      /lists "preview\.trust-domain-not-listed\.poppy\.test" in `poppy_domains`/,
    ],
    [
      'trust-missing-endpoint',
      ['missing-endpoint', 'missing-endpoint'],
      0,
      'failed',
      /no `device_authorization_endpoint`, which the sign-in type `auth.device` needs/,
    ],
    ['trust-metadata-unreachable', ['trust-unreachable'], 0, 'unreachable', /could not be read: HTTP 404\. Agents refuse/],
    [
      'trust-other-issuer',
      ['issuer-not-authorized'],
      1,
      'failed',
      /names "https:\/\/login\.other-issuer\.example" in `authorization_servers`, not the issuer/,
    ],
    [
      'trust-http-endpoint',
      ['endpoint-not-https'],
      0,
      'failed',
      /`token_endpoint` in the issuer's metadata is "http:\/\/trust-http-endpoint\.poppy\.test\/oauth\/token"/,
    ],
  ];
  it.each(cases)('%s: %j, an error with its document and path', async (site, codes, link, status, says) => {
    const report = await check(site);
    expect(report.verdict).toBe('errors');
    const found = trustFindings(report);
    expect(found.map((f) => f.code)).toEqual(codes);
    expect(found.every((f) => f.severity === 'error')).toBe(true);
    expect(found.map((f) => f.message).join('\n')).toMatch(says);
    expect(report.trust!.status).toBe('broken');
    expect(report.trust!.links[link]!.status).toBe(status);
    // Findings point into the document that broke the link.
    expect(new Set(found.map((f) => f.document))).toEqual(new Set([report.trust!.links[link]!.url]));
    // Only the broken link: every other one still holds.
    expect(report.trust!.links.filter((_, i) => i !== link).every((l) => l.status === 'verified')).toBe(true);
  });

  it('the issuer mismatch shows both values and where they differ', async () => {
    const origin = server.publicOrigin('trust-issuer-mismatch');
    const report = await check('trust-issuer-mismatch');
    const [f] = trustFindings(report);
    expect(f).toMatchObject({ path: '$.issuer', document: `${origin}${AS}` });
    expect(f!.message).toContain(`"${origin}/"`);
    expect(f!.message).toContain(`differ at character ${origin.length + 1}`);
    expect(report.trust!.links[0]!.checks[0]).toEqual({
      field: 'issuer',
      rule: 'equals',
      expected: origin,
      actual: `${origin}/`,
      ok: false,
    });
  });

  it('missing endpoints: one finding per endpoint, each at its JSON path', async () => {
    const found = trustFindings(await check('trust-missing-endpoint'));
    expect(found.map((f) => f.path)).toEqual(['$.revocation_endpoint', '$.device_authorization_endpoint']);
  });
});

describe('rules by protocol version (D10)', () => {
  it('0.3 without the company document: info saying PAP 1.0 requires it, the chain holds, the verdict ok', async () => {
    const origin = server.publicOrigin('trust-company-missing');
    const report = await check('trust-company-missing');
    expect(report.verdict).toBe('ok');
    expect(reportState(report)).toBe('verified');
    const found = trustFindings(report);
    expect(found.map((f) => [f.code, f.severity, f.document])).toEqual([['company-resource-missing', 'info', `${origin}${PR}`]]);
    expect(found[0]!.message).toMatch(/HTTP 404\. Drafts 0\.1 to 0\.3 do not require it; PAP 1\.0 does\./);
    expect(found[0]!.hint).toMatch(/1\.0 requires it/);
    expect(report.trust).toMatchObject({ status: 'verified', rules: '0' });
    expect(report.trust!.links.map((l) => l.status)).toEqual(['verified', 'not-required']);
    // The panel's line: not "sign-in does not check out".
    expect(english(stateSummary(report, reportState(report)))).not.toMatch(/sign-in/i);
  });

  it("0.3 with Spot's layout (the company document names the MCP endpoint): a warning, the link holds", async () => {
    const origin = server.publicOrigin('trust-company-names-api');
    const report = await check('trust-company-names-api');
    expect(report.verdict).toBe('warnings');
    const found = trustFindings(report);
    expect(found.map((f) => [f.code, f.severity, f.path])).toEqual([['company-resource-names-api', 'warning', '$.resource']]);
    expect(found[0]!.message).toContain(`"${origin}/mcp", an API's resource, not the site "${origin}"`);
    expect(report.trust!.status).toBe('verified');
    expect(report.trust!.links.map((l) => [l.url, l.status])).toEqual([
      [`${origin}${AS}`, 'verified'],
      [`${origin}${PR}`, 'verified'],
      [`${origin}${PR}/mcp`, 'verified'],
    ]);
    expect(report.trust!.links[1]!.checks[0]).toMatchObject({ field: 'resource', ok: false, from1: true });
  });

  it('1.0 without the company document: an error, the chain fails closed', async () => {
    const report = await check('trust-company-missing-1');
    expect(report.verdict).toBe('errors');
    const found = trustFindings(report);
    expect(found.map((f) => [f.code, f.severity])).toEqual([['trust-unreachable', 'error']]);
    expect(found[0]!.hint).toMatch(/^PAP 1\.0 requires it/);
    expect(report.trust).toMatchObject({ status: 'broken', rules: '1' });
    expect(report.trust!.links[1]!.status).toBe('unreachable');
    expect(english(stateSummary(report, reportState(report)))).toMatch(/sign-in/i);
  });

  it('1.0 with the company document naming the MCP endpoint: resource-mismatch, an error', async () => {
    const report = await check('trust-company-names-api-1');
    expect(report.verdict).toBe('errors');
    expect(trustFindings(report).map((f) => [f.code, f.severity])).toEqual([['resource-mismatch', 'error']]);
    expect(report.trust!.links[1]!.status).toBe('failed');
  });

  it('an unknown major (2.0): checked as 1.0, and a note says so', async () => {
    const report = await check('trust-unknown-major');
    expect(report.verdict).toBe('errors');
    const found = trustFindings(report);
    expect(found.map((f) => [f.code, f.severity])).toEqual([
      ['trust-unreachable', 'error'],
      ['trust-rules-assumed', 'info'],
    ]);
    expect(found[1]!.message).toBe(
      'poppy.json says protocol_version is "2.0", newer than any version we know: the sign-in trust chain was checked by the rules of PAP 1.0, the latest we know.',
    );
    expect(report.trust).toMatchObject({ status: 'broken', rules: '1', rulesAssumed: true });
    expect(report.findings.some((f) => f.code === 'unsupported-protocol-version')).toBe(true);
  });

  it('trustRules: one table, by major', () => {
    expect(trustRules('0.1')).toEqual({ major: '0', companyRequired: false, assumed: false });
    expect(trustRules('0.3')).toEqual({ major: '0', companyRequired: false, assumed: false });
    expect(trustRules('1.0')).toEqual({ major: '1', companyRequired: true, assumed: false });
    expect(trustRules('1.7')).toEqual({ major: '1', companyRequired: true, assumed: false });
    expect(trustRules('2.0')).toEqual({ major: '1', companyRequired: true, assumed: true });
    expect(trustRules(null)).toEqual({ major: '1', companyRequired: true, assumed: true });
    expect(trustRules('one')).toEqual({ major: '1', companyRequired: true, assumed: true });
  });

  it('the trust codes say which protocol versions they apply to', () => {
    expect(TRUST_CODES['company-resource-missing'].versions).toBe('0.x');
    expect(TRUST_CODES['company-resource-names-api'].versions).toBe('0.x');
    expect(TRUST_CODES['issuer-mismatch'].versions).toBe('all');
    expect(TRUST_CODES['trust-rules-assumed'].versions).toBe('unknown');
  });
});

describe('privacy and the URL policy', () => {
  it('an issuer on another host waits for permission: not-checked, ours to say, the verdict unmoved', async () => {
    server.clearRequests();
    const report = await check('trust-remote-issuer', false);
    expect(report.verdict).toBe('ok');
    expect(report.trust!.status).toBe('not-checked');
    expect(report.trust!.links[0]).toMatchObject({ status: 'not-checked', checks: [] });
    const waiting = allInEnglish(report.findings).find((f) => f.code === 'trust-not-checked')!;
    expect(waiting).toMatchObject({ severity: 'info', ourLimit: true });
    expect(waiting.message).toBe(`1 sign-in document on ${new URL(server.publicOrigin('trust-auth')).host} was not checked yet.`);
    expect(coverage(report).trustUnchecked).toBe(true);
    expect(new Set(server.requests.map((r) => r.host.split(':')[0]))).toEqual(new Set([publicDomain('trust-remote-issuer')]));
  });

  it('the same store with other hosts allowed: the remote issuer is asked and vouches for it', async () => {
    server.clearRequests();
    const report = await check('trust-remote-issuer', true);
    expect(report.trust!.status).toBe('verified');
    expect(coverage(report).trustUnchecked).toBe(false);
    expect(server.requests.some((r) => r.host.startsWith(publicDomain('trust-auth')) && r.url === AS)).toBe(true);
  });

  it('a public site naming a private issuer: blocked, no request made', async () => {
    server.clearRequests();
    const report = await check('trust-private-issuer');
    const link = report.trust!.links[0]!;
    expect(link).toMatchObject({ status: 'blocked', url: `https://10.0.0.7${AS}/t1` });
    const blocked = allInEnglish(report.findings).find((f) => f.code === 'trust-blocked')!;
    expect(blocked.severity).toBe('error');
    expect(blocked.message).toMatch(/private network/);
    expect(server.requests.some((r) => r.url.startsWith(AS))).toBe(false);
  });

  it('a local dev site: http endpoints are "would fail in production" (info) and the chain holds', async () => {
    const report = (await checkSite(server.origin('northlight'), { transport, mayContact: () => true })).report;
    expect(report.verdict).toBe('ok');
    expect(report.trust!.status).toBe('verified');
    const endpoints = report.trust!.links[0]!.checks.filter((c) => c.rule === 'https');
    expect(endpoints.every((c) => !c.ok && c.productionOnly)).toBe(true);
    const notes = allInEnglish(report.findings).filter((f) => f.code === 'endpoint-not-https');
    expect(notes).toHaveLength(endpoints.length);
    expect(notes.every((f) => f.severity === 'info' && f.message.startsWith('Would fail in production'))).toBe(true);
  });

  it('a local dev site with a public http endpoint still fails: production rules are not the only ones', async () => {
    const report = (await checkSite(server.origin('trust-http-endpoint'), { transport, mayContact: () => true })).report;
    const f = allInEnglish(report.findings).filter((x) => x.code === 'endpoint-not-https' && x.severity === 'error');
    expect(f).toHaveLength(1);
  });
});
