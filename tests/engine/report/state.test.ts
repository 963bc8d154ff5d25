// The one report state (utils/engine/report/state.ts) that the badge, the panel, the exports and
// the command line all read, from what a real check of a real server reports.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTransport } from '../../../cli/http/transport';
import { checkSite } from '../../../utils/engine/check';
import type { Report } from '../../../utils/engine/report/report';
import { poppyAbsence, REPORT_STATES, reportState } from '../../../utils/engine/report/state';
import { SKILL_INDEX_SCHEMAS, WELL_KNOWN } from '../../../utils/engine/spec';
import { startServer, type TestServer } from '../../fixtures/test-server';

type Reply = (req: IncomingMessage, res: ServerResponse) => void;
const status =
  (code: number, body = '', type = 'text/plain'): Reply =>
  (_req, res) =>
    // Served as agents want them (CORS, caching), so only what a test sets up is a finding.
    res.writeHead(code, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'max-age=60' }).end(body);
const json = (value: unknown) => status(200, JSON.stringify(value), 'application/json');
const skillMd = '---\nname: a\ndescription: About a.\n---\n# a\n';
const entry = (url: string, digest = `sha256:${createHash('sha256').update(skillMd).digest('hex')}`) => ({
  name: 'a',
  description: 'About a.',
  type: 'skill-md',
  url,
  digest,
});
const html = status(200, '<!doctype html><p>app</p>', 'text/html');
const served = status(200, skillMd, 'text/markdown');
const ZERO = `sha256:${'0'.repeat(64)}`;
const index = (...skills: unknown[]) => json({ $schema: SKILL_INDEX_SCHEMAS[0], skills });

let routes: Record<string, Reply> = {};
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => (routes[(req.url ?? '').split('?')[0]!] ?? status(404))(req, res));
});
afterEach(() => (routes = {}));
afterAll(() => server.close());

const check = async (mayContact = false): Promise<Report> =>
  (await checkSite(`http://127.0.0.1:${server.port}`, { transport: createNodeTransport(), mayContact: () => mayContact })).report;

describe('reportState of a real check', () => {
  it.each<[string, string, () => Record<string, Reply>]>([
    ['nothing there at all (404)', 'nothing', () => ({})],
    ['410 Gone', 'nothing', () => ({ [WELL_KNOWN.poppy]: status(410), [WELL_KNOWN.skillIndex]: status(410) })],
    [
      'an SPA answering every path with its page (soft 404)',
      'nothing',
      () => ({ [WELL_KNOWN.poppy]: html, [WELL_KNOWN.skillIndex]: html }),
    ],
    ['a server error', 'unreadable', () => ({ [WELL_KNOWN.poppy]: status(503) })],
    ['a poppy.json that is not valid JSON', 'unreadable', () => ({ [WELL_KNOWN.poppy]: status(200, '{"a": ', 'application/json') })],
    ['a skill index with no skills', 'no-skills', () => ({ [WELL_KNOWN.skillIndex]: index() })],
    ['every skill verified', 'verified', () => ({ [WELL_KNOWN.skillIndex]: index(entry('/a/SKILL.md')), '/a/SKILL.md': served })],
    [
      'a skill that does not match its digest',
      'errors',
      () => ({ [WELL_KNOWN.skillIndex]: index(entry('/a/SKILL.md', ZERO)), '/a/SKILL.md': served }),
    ],
    [
      'a skill on another host, not contacted',
      'unverified',
      () => ({ [WELL_KNOWN.skillIndex]: index(entry('http://localhost:9/a/SKILL.md')) }),
    ],
  ])('%s → %s', async (_label, expected, make) => {
    routes = make();
    expect(reportState(await check())).toBe(expected);
  });

  it('a site that does not answer could not be checked', async () => {
    const { report } = await checkSite('http://127.0.0.1:9', { transport: createNodeTransport() });
    expect(reportState(report)).toBe('unreadable');
  });

  it('an address that is no web site could not be checked', async () => {
    const { report } = await checkSite('ftp://files.example', { transport: createNodeTransport() });
    expect(reportState(report)).toBe('unreadable');
  });

  it('warnings win over verified skills', async () => {
    routes = {
      [WELL_KNOWN.skillIndex]: index({ ...entry('/a/SKILL.md'), description: 'Not what SKILL.md says.' }),
      '/a/SKILL.md': status(200, skillMd, 'text/markdown'),
    };
    expect(reportState(await check())).toBe('warnings');
  });

  it('names every state a tab can be in, checking included', () => {
    expect(REPORT_STATES).toEqual(['checking', 'nothing', 'unreadable', 'errors', 'warnings', 'unverified', 'verified', 'no-skills']);
  });
});

describe('poppyAbsence', () => {
  it.each<[string, Record<string, Reply>, string]>([
    ['404', {}, 'none'],
    ['a soft 404', { [WELL_KNOWN.poppy]: status(200, '<html><body>Not here</body></html>', 'text/html') }, 'none'],
    ['a server error', { [WELL_KNOWN.poppy]: status(500) }, 'unreadable'],
    ['invalid JSON', { [WELL_KNOWN.poppy]: status(200, '{', 'application/json') }, 'unreadable'],
  ])('%s → %s', async (_label, make, expected) => {
    routes = { ...make, [WELL_KNOWN.skillIndex]: index() };
    expect(poppyAbsence(await check())).toBe(expected);
  });
});
