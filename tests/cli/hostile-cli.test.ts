// The command line over one hostile site per family: whatever a site serves, the bin prints a
// valid JSON report, exits as docs/cli.md says (0 no errors, 1 errors, 2 the site did not answer)
// and never shows a stack trace. Cases run concurrently: the silent site needs the CLI's own
// 10 s timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, caFileFor, cli } from './cli-process';
import type { Report } from '../../utils/engine/report/report';
import type { Verdict } from '../../utils/engine/spec';
import { archivesSite, buildArchives } from '../fixtures/hostile/archives';
import { HOSTILE_SITES } from '../fixtures/hostile/index';
import { HIDDEN } from '../fixtures/hostile/skill-content';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { ALL_SITES } from '../fixtures/sites/index';

let server: FixtureServer;
let caFile: string;

beforeAll(async () => {
  await buildCli();
  await buildArchives(Object.keys(archivesSite.expect.skills));
  server = await startFixtureServer({ sites: [...ALL_SITES, ...HOSTILE_SITES] });
  caFile = caFileFor(server.caPem);
}, 60_000);
afterAll(() => server.close());

const publicArgs = () => [...Object.keys(server.resolveMap).flatMap((h) => ['--resolve', `${h}:127.0.0.1`]), '--cacert', caFile];
const check = (site: string, ...flags: string[]) => cli('check', server.publicOrigin(site), ...flags, ...publicArgs());

/** A V8 stack frame line, or an uncaught error's header. */
const STACK_TRACE = /^\s+at .+|^\w*Error\b/m;

/** One site per family of tests/fixtures/hostile/, with the exit code docs/cli.md promises. */
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
  ['h-archives', 'errors', 1],
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

describe('poppy-inspector check on sites whose costs add up (docs/security.md)', () => {
  it('--timeout ends 200 dripping skills at the deadline: unreachable, one finding, report.cutShort', async () => {
    const r = await check('h-drip-many', '--json', '--timeout', '2');
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const report = JSON.parse(r.stdout) as Report & { findings: { code: string; message: string }[] };
    expect(report.cutShort).toMatchObject({ by: 'deadline', limit: 2000 });
    expect(new Set(report.skills.map((s) => s.status))).toEqual(new Set(['unreachable']));
    const cut = report.findings.filter((f) => f.code === 'check-cut-short');
    expect(cut.map((f) => f.message)).toEqual([expect.stringMatching(/^The check was cut short after 2 s: \d+ files were not read/)]);
    expect(r.code).toBe(1);
  });

  it('--timeout wants a number of seconds above 0', async () => {
    const r = await check('h-drip-many', '--timeout', '0');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--timeout wants seconds above 0');
  });

  it('reads a gzip bomb up to the cap and refuses brotli it did not ask for', async () => {
    const r = await check('h-compression-bombs', '--json');
    const report = JSON.parse(r.stdout) as { findings: { code: string; document: string; message: string }[] };
    const about = (path: string) => report.findings.filter((f) => f.document.endsWith(path)).map((f) => [f.code, f.message]);
    expect(about('/poppy.json')).toEqual([['document-too-large', 'The document is larger than 9 MiB.']]);
    expect(about('/agent-skills/index.json')).toEqual([
      ['document-unreachable', expect.stringContaining('the server sent Content-Encoding br, which was not asked for')],
    ]);
    expect(r.code).toBe(1);
  });
});

describe('poppy-inspector check (human output) on hostile archives', () => {
  it('names each archive finding with its fix, and a partial listing says so', async () => {
    const r = await check('h-archives');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/archive-skill-md-wrapped {2}SKILL\.md is inside the folder/);
    expect(r.stdout).toContain('fix: Archive the folder');
    expect(r.stdout).toMatch(/archive-name-dot-dot {2}Entry `\.\.\/escape\.txt` climbs out/);
    expect(r.stdout).toContain('Reading stopped early, so this list is incomplete');
  });
});

describe('poppy-inspector check (human output) on hostile text', () => {
  it('passes no escape, bidi or zero-width character from the site to the terminal', async () => {
    const r = await check('h-unicode');
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stdout).toContain('terminal-escapes');
    expect(r.stdout).toContain('⟨U+001B⟩');
    expect(r.stdout).not.toMatch(/(?![\n\t])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u);
  });

  it('spells out what a hand list missed: U+061C, U+2060, U+2062, U+00AD, U+180E, tags, C1', async () => {
    const r = await check('h-unicode');
    expect(r.stdout).toContain('hidden-characters');
    for (const shown of ['⟨U+061C⟩', '⟨U+2060⟩', '⟨U+2062⟩', '⟨U+00AD⟩', '⟨U+180E⟩', '⟨U+E0068⟩', '⟨U+009B⟩', '⟨U+009D⟩']) {
      expect(r.stdout).toContain(shown);
    }
  });

  it('--json escapes C1 controls and the other hidden characters, and still parses to the same text', async () => {
    const r = await check('h-unicode', '--json');
    expect(r.stdout).not.toMatch(/(?![\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.skills.find((s) => s.name === 'hidden-characters')?.description).toBe(HIDDEN);
  });
});
