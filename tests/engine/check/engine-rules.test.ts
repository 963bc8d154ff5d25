// Engine rules that need a server of their own: a body that is not JSON (D8), a local site's
// redirect from https to http (D8), why a listed entry was not checked, and the one limit on a
// check's requests (D5). Real servers on 127.0.0.1, the command line's transport.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite } from '../../../utils/engine/check';
import type { Transport } from '../../../utils/engine/net/fetch-bounded';
import { SKILL_INDEX_SCHEMAS, WELL_KNOWN } from '../../../utils/engine/spec';
import { makeTestCert, startServer, type TestServer } from '../../fixtures/test-server';
import { english } from '../../helpers/english';

type Reply = (req: IncomingMessage, res: ServerResponse) => void;

const SCHEMA = SKILL_INDEX_SCHEMAS[0]!;
const skillMd = (name: string) => `---\nname: ${name}\ndescription: About ${name}.\n---\n\n# ${name}\n`;
const digestOf = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;
const entry = (name: string, url: string) => ({
  name,
  description: `About ${name}.`,
  type: 'skill-md',
  url,
  digest: digestOf(skillMd(name)),
});
const json =
  (value: unknown): Reply =>
  (_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
const text =
  (body: string, type = 'text/plain'): Reply =>
  (_req, res) =>
    res.writeHead(200, { 'content-type': type }).end(body);
const redirect =
  (to: () => string): Reply =>
  (_req, res) =>
    res.writeHead(302, { location: to() }).end();
const poppyJson = (host: string) => ({ protocol_version: '0.3', organization: { name: 'Shop', domain: host } });

/** One router for both servers: each test sets the routes it needs. */
let routes: Record<string, Reply> = {};
const route: Reply = (req, res) => {
  const reply = routes[(req.url ?? '').split('?')[0]!];
  if (reply) reply(req, res);
  else res.writeHead(404).end();
};

const tls = makeTestCert();
let http: TestServer;
let https: TestServer;
let transport: Transport;
beforeAll(async () => {
  http = await startServer(route);
  https = await startServer(route, tls);
  transport = createNodeTransport({ ca: tls.cert });
});
afterEach(() => (routes = {}));
afterAll(() => Promise.all([http.close(), https.close()]));

const local = () => `http://127.0.0.1:${http.port}`;

describe('a public site asked for over http', () => {
  it('is checked over https, and an info finding says so', async () => {
    routes = { [WELL_KNOWN.poppy]: json(poppyJson('shop.poppy.test')) };
    const pinned = createNodeTransport({ ca: tls.cert, resolve: { 'shop.poppy.test': '127.0.0.1' } });
    const { report } = await checkSite(`http://shop.poppy.test:${https.port}`, { transport: pinned });
    expect(report.target).toBe(`https://shop.poppy.test:${https.port}`);
    expect(report.findings.filter((f) => f.code === 'checked-over-https').map((f) => f.severity)).toEqual(['info']);
    expect(report.documents[0]).toMatchObject({ kind: 'poppy', httpStatus: 200, published: true });
  });
});

describe('a body that is not JSON (D8)', () => {
  it.each([
    ['an empty body', '', 'application/json', /an empty body/],
    ['"Not Found" as text/plain', 'Not Found', 'text/plain', /text \("Not Found"\)/],
    ['an XML error page', '<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>', 'application/xml', /XML/],
  ])('%s: not published, a warning, never ok', async (_label, body, type, says) => {
    routes = { [WELL_KNOWN.poppy]: text(body, type), [WELL_KNOWN.skillIndex]: text(body, type) };
    const { report, rawPoppy } = await checkSite(local(), { transport });
    expect(report.verdict).toBe('warnings');
    expect(report.documents.slice(0, 2).map((d) => [d.kind, d.published])).toEqual([
      ['poppy', false],
      ['index', false],
    ]);
    const notJson = report.findings.filter((f) => f.code === 'not-json');
    expect(notJson.map((f) => [f.severity, f.document])).toEqual([
      ['warning', `${local()}${WELL_KNOWN.poppy}`],
      ['warning', `${local()}${WELL_KNOWN.skillIndex}`],
    ]);
    for (const f of notJson) expect(english(f.message)).toMatch(says);
    // Headers of something that is not the document are not worth a finding.
    expect(report.findings.map((f) => f.code)).not.toContain('missing-cors');
    expect(report.findings.map((f) => f.code)).not.toContain('invalid-json');
    expect(rawPoppy).toBeNull();
  });

  it('a body that starts like JSON and breaks stays the owner’s error', async () => {
    routes = { [WELL_KNOWN.poppy]: text('{"protocol_version": "0.3",', 'application/json') };
    const { report } = await checkSite(local(), { transport });
    expect(report.verdict).toBe('errors');
    expect(report.findings.find((f) => f.code === 'invalid-json')?.severity).toBe('error');
  });
});

describe('a local site’s redirect from https to http (D8)', () => {
  // http → https → http: the policy lets a local site use http, so the hop arrives; in
  // production the same redirect is refused.
  const viaHttps = (finalPath: string) => redirect(() => `https://127.0.0.1:${https.port}/bounce${finalPath}`);
  const back = (finalPath: string) => redirect(() => `${local()}${finalPath}`);

  it('is info, "would fail in production", for documents and skill files alike', async () => {
    routes = {
      [WELL_KNOWN.poppy]: viaHttps('/real/poppy.json'),
      '/bounce/real/poppy.json': back('/real/poppy.json'),
      '/real/poppy.json': json(poppyJson('127.0.0.1')),
      [WELL_KNOWN.skillIndex]: json({ $schema: SCHEMA, skills: [entry('a', '/skills/a/SKILL.md')] }),
      '/skills/a/SKILL.md': viaHttps('/real/a/SKILL.md'),
      '/bounce/real/a/SKILL.md': back('/real/a/SKILL.md'),
      '/real/a/SKILL.md': text(skillMd('a'), 'text/markdown'),
    };
    // The https hop is another origin (another port): asked as with the panel open (D5).
    const { report } = await checkSite(local(), { transport, mayContact: () => true });
    expect(report.local).toBe(true);
    expect(report.skills.map((s) => [s.name, s.status])).toEqual([['a', 'verified']]);
    const insecure = report.findings.filter((f) => f.code === 'insecure-redirect');
    expect(insecure.map((f) => [f.severity, f.skill ?? null])).toEqual([
      ['info', null],
      ['info', 'a'],
    ]);
    expect(english(insecure[0]!.message)).toBe(
      `Would fail in production: https://127.0.0.1:${https.port}/bounce/real/poppy.json redirected to ${local()}/real/poppy.json, leaving https.`,
    );
    expect(english(insecure[1]!.message)).toMatch(/^Would fail in production: .*\/bounce\/real\/a\/SKILL\.md redirected to http:/);
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('says nothing about redirects that stay on http or on https', async () => {
    routes = {
      [WELL_KNOWN.poppy]: back('/real/poppy.json'),
      '/real/poppy.json': json(poppyJson('127.0.0.1')),
    };
    const { report } = await checkSite(local(), { transport });
    expect(report.findings.map((f) => f.code)).toContain('document-redirected');
    expect(report.findings.map((f) => f.code)).not.toContain('insecure-redirect');
  });
});

describe('why a listed entry was not checked', () => {
  it('over the cap: the URL resolved against the index, `notChecked: over-cap`', async () => {
    routes = {
      [WELL_KNOWN.skillIndex]: json({ $schema: SCHEMA, skills: ['a', 'b', 'c'].map((n) => entry(n, `${n}/SKILL.md`)) }),
      ...Object.fromEntries(['a', 'b', 'c'].map((n) => [`/.well-known/agent-skills/${n}/SKILL.md`, text(skillMd(n), 'text/markdown')])),
    };
    const { report } = await checkSite(local(), { transport, limits: { maxSkills: 1 } });
    expect(report.skills.map((s) => [s.name, s.status, s.notChecked ?? null, s.url])).toEqual([
      ['a', 'verified', null, `${local()}/.well-known/agent-skills/a/SKILL.md`],
      ['b', 'not-checked', 'over-cap', `${local()}/.well-known/agent-skills/b/SKILL.md`],
      ['c', 'not-checked', 'over-cap', `${local()}/.well-known/agent-skills/c/SKILL.md`],
    ]);
    // Not one of the "other sites" the panel offers to check.
    expect(report.findings.map((f) => f.code)).not.toContain('skill-not-checked');
  });

  it('on another host: `notChecked: other-host`, and one finding that names the host', async () => {
    const elsewhere = `http://localhost:${http.port}/skills/a/SKILL.md`;
    routes = { [WELL_KNOWN.skillIndex]: json({ $schema: SCHEMA, skills: [entry('a', elsewhere)] }) };
    const { report } = await checkSite(local(), { transport });
    expect(report.skills.map((s) => [s.status, s.notChecked, s.url])).toEqual([['not-checked', 'other-host', elsewhere]]);
    const summary = report.findings.find((f) => f.code === 'skill-not-checked');
    expect(english(summary?.message)).toBe(`1 skill on another site (localhost:${http.port}) was not checked yet.`);
  });

  it('in a format we list but do not verify: `notChecked: format`', async () => {
    routes = {
      [WELL_KNOWN.skillIndex]: json({ $schema: SCHEMA, skills: [entry('a', '/a'), { ...entry('b', '/b'), type: 'plugin' }] }),
      '/a': text(skillMd('a'), 'text/markdown'),
    };
    const { report } = await checkSite(local(), { transport });
    expect(report.skills.map((s) => [s.name, s.status, s.notChecked ?? null])).toEqual([
      ['a', 'verified', null],
      ['b', 'skipped', 'format'],
    ]);
    routes[WELL_KNOWN.skillIndex] = json({ $schema: `${SCHEMA}?v=2`, skills: [entry('a', '/a')] });
    const unknownSchema = await checkSite(local(), { transport });
    expect(unknownSchema.report.skills.map((s) => [s.status, s.notChecked])).toEqual([['skipped', 'format']]);
  });
});

describe('one limit on a check’s requests (D5)', () => {
  it.each([1, 3])('never more than %i request(s) in flight, documents and skill files together', async (concurrency) => {
    let inFlight = 0;
    let peak = 0;
    const slow =
      (reply: Reply): Reply =>
      (req, res) => {
        peak = Math.max(peak, ++inFlight);
        setTimeout(() => {
          inFlight--;
          reply(req, res);
        }, 15);
      };
    const names = Array.from({ length: 8 }, (_, i) => `s${i}`);
    routes = {
      [WELL_KNOWN.poppy]: slow(
        json({ ...poppyJson('127.0.0.1'), skill_index: { $schema: SCHEMA, skills: names.map((n) => entry(n, `/${n}`)) } }),
      ),
      [WELL_KNOWN.skillIndex]: slow(json({ $schema: SCHEMA, skills: names.map((n) => entry(n, `/${n}`)) })),
      ...Object.fromEntries(names.map((n) => [`/${n}`, slow(text(skillMd(n), 'text/markdown'))])),
    };
    const { report } = await checkSite(local(), { transport, limits: { concurrency } });
    expect(report.skills.map((s) => s.status)).toEqual(names.map(() => 'verified'));
    expect(peak).toBe(Math.min(concurrency, names.length));
  });
});

describe('the hash the caller injects (CheckDeps.sha256)', () => {
  const names = ['alpha', 'beta', 'gamma'];
  const site = () => ({
    [WELL_KNOWN.skillIndex]: json({ $schema: SCHEMA, skills: names.map((n) => entry(n, `/${n}`)) }),
    ...Object.fromEntries(names.map((n) => [`/${n}`, text(skillMd(n), 'text/markdown')])),
  });

  it('hashes every fetched file with it, once, and verifies by what it says', async () => {
    routes = site();
    const hashed: string[] = [];
    const sha256 = (bytes: Uint8Array) => {
      hashed.push(new TextDecoder().decode(bytes));
      return createHash('sha256').update(bytes).digest('hex');
    };
    const { report } = await checkSite(local(), { transport, sha256 });
    expect(report.skills.map((s) => s.status)).toEqual(['verified', 'verified', 'verified']);
    expect(hashed.sort()).toEqual(names.map(skillMd).sort());
  });

  it('a hash that disagrees with the index is a mismatch, not a verified skill', async () => {
    routes = site();
    const { report } = await checkSite(local(), { transport, sha256: async () => '0'.repeat(64) });
    expect(report.skills.map((s) => [s.status, s.actualDigest])).toEqual(names.map(() => ['mismatch', `sha256:${'0'.repeat(64)}`]));
  });

  it('every hex digit of the digest counts: one differing anywhere (first, middle, last) is a mismatch', async () => {
    const real = digestOf(skillMd('alpha')).slice('sha256:'.length);
    const flip = (at: number) => `${real.slice(0, at)}${real[at] === '0' ? '1' : '0'}${real.slice(at + 1)}`;
    const cases = [0, 31, 32, 63].map((at) => ({ name: `alpha-${at}`, digest: `sha256:${flip(at)}` }));
    routes = {
      [WELL_KNOWN.skillIndex]: json({
        $schema: SCHEMA,
        skills: cases.map(({ name, digest }) => ({ ...entry('alpha', `/alpha`), name, digest })),
      }),
      '/alpha': text(skillMd('alpha'), 'text/markdown'),
    };
    const { report } = await checkSite(local(), { transport });
    expect(report.skills.map((s) => [s.name, s.status])).toEqual(cases.map(({ name }) => [name, 'mismatch']));
    expect(report.verdict).toBe('errors');
  });
});
