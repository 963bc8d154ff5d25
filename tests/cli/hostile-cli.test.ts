// The command line over one hostile site per family: whatever a site serves, the bin prints a
// valid JSON report, exits as the README says (0 no errors, 1 errors, 2 the site did not answer)
// and never shows a stack trace. Cases run concurrently: the silent site needs the CLI's own
// 10 s timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, caFileFor, cli } from './cli-process';
import type { Report } from '../../utils/engine/report/report';
import type { Verdict } from '../../utils/engine/spec';
import { HOSTILE_SITES } from '../fixtures/hostile/index';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { ALL_SITES } from '../fixtures/sites/index';

let server: FixtureServer;
let caFile: string;

beforeAll(async () => {
  await buildCli();
  server = await startFixtureServer({ sites: [...ALL_SITES, ...HOSTILE_SITES] });
  caFile = caFileFor(server.caPem);
}, 60_000);
afterAll(() => server.close());

const publicArgs = () => [...Object.keys(server.resolveMap).flatMap((h) => ['--resolve', `${h}:127.0.0.1`]), '--cacert', caFile];
const check = (site: string, ...flags: string[]) => cli('check', server.publicOrigin(site), ...flags, ...publicArgs());

/** A V8 stack frame line, or an uncaught error's header. */
const STACK_TRACE = /^\s+at .+|^\w*Error\b/m;

/** One site per family of tests/fixtures/hostile/, with the exit code the README promises. */
const CASES: [site: string, verdict: Verdict, exit: 0 | 1 | 2][] = [
  ['h-huge-chunked', 'errors', 1],
  ['h-silent', 'errors', 2],
  ['h-soft-404', 'warnings', 0],
  ['h-deep', 'errors', 1],
  ['h-proto', 'errors', 1],
  ['h-blocked-urls', 'errors', 1],
  ['h-redirects', 'errors', 1],
  ['h-markup', 'ok', 0],
  ['h-unicode', 'errors', 1],
  ['h-frontmatter', 'errors', 1],
  ['h-answers', 'errors', 1],
];

describe.concurrent('poppy-inspector check --json on hostile sites', () => {
  it.each(CASES)('%s: verdict %s, exit %i, valid JSON, no stack trace', async (site, verdict, exit) => {
    const r = await check(site, '--json');
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.target).toBe(server.publicOrigin(site));
    expect(report.verdict).toBe(verdict);
    const expected = HOSTILE_SITES.find((s) => s.name === site)!.expect;
    expect(report.verdict).toBe(expected.verdict);
    if (Object.keys(expected.skills).length > 0) {
      expect(Object.fromEntries(report.skills.map((s) => [s.name, s.status]))).toEqual(expected.skills);
    }
    expect(r.code).toBe(exit);
  });
});

describe('poppy-inspector check (human output) on hostile text', () => {
  it('passes no escape, bidi or zero-width character from the site to the terminal', async () => {
    const r = await check('h-unicode');
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stdout).toContain('terminal-escapes');
    expect(r.stdout).toContain('\\u001b');
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/);
  });
});
