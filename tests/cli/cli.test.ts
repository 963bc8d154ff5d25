// The command line as users run it: the bundled bin, real processes, real fixture sites.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, buildCli, caFileFor, cli, run } from './cli-process';
import type { Report } from '../../utils/engine/report/report';
import type { ReportJson } from '../../utils/engine/report/report-json';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { ARCHIVE_BOOKS_FILES } from '../fixtures/sites/archive-books';
import { ALL_SITES } from '../fixtures/sites/index';

let server: FixtureServer;
let caFile: string;

beforeAll(async () => {
  await buildCli();
  server = await startFixtureServer();
  caFile = caFileFor(server.caPem);
}, 60_000);
afterAll(() => server.close());

const publicArgs = () => [...Object.keys(server.resolveMap).flatMap((h) => ['--resolve', `${h}:127.0.0.1`]), '--cacert', caFile];
const exitFor = (verdict: string) => (verdict === 'errors' ? 1 : 0);

describe('poppy-inspector check --json', () => {
  const sites = ALL_SITES.filter((s) => !s.name.startsWith('skills-cdn'));
  it.each(sites.map((s) => [s.name, s] as const))('%s over https: verdict, statuses and exit code', async (_n, site) => {
    const r = await cli('check', server.publicOrigin(site.name), '--json', ...publicArgs());
    const report = JSON.parse(r.stdout) as Report;
    expect(report.verdict).toBe(site.expect.verdict);
    expect(Object.fromEntries(report.skills.map((s) => [s.name, s.status]))).toEqual(site.expect.skills);
    expect(r.code).toBe(exitFor(site.expect.verdict));
  });

  it('prints the documented JSON shape', async () => {
    const r = await cli('check', server.publicOrigin('northlight-stale'), '--json', ...publicArgs());
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['target', 'checkedAt', 'verdict', 'state', 'poppy', 'skills', 'findings']));
    // The one report state (utils/engine/report/state.ts): a digest mismatch is an error.
    expect([report.verdict, report.state]).toEqual(['errors', 'errors']);
    expect(Object.keys(report.poppy)).toEqual(
      expect.arrayContaining(['url', 'protocolVersion', 'organization', 'signInTypes', 'apis', 'excludedTasks']),
    );
    expect(report.poppy.url).toBe(`${server.publicOrigin('northlight-stale')}/.well-known/poppy.json`);
    for (const s of report.skills)
      expect(Object.keys(s)).toEqual(expect.arrayContaining(['name', 'type', 'source', 'url', 'status', 'expectedDigest', 'actualDigest']));
    for (const f of report.findings) {
      expect(Object.keys(f)).toEqual(
        expect.arrayContaining([
          'severity',
          'code',
          'document',
          'path',
          'message',
          'hint',
          'messageKey',
          'params',
          'hintKey',
          'hintParams',
        ]),
      );
      expect(f.messageKey).toMatch(/^finding_/);
      expect(f.hintKey).toMatch(/^hint_/);
    }
    // The words are rendered in English; the values they name stay as data.
    const mismatch = report.findings.find((f: { code: string }) => f.code === 'digest-mismatch');
    expect(mismatch.message).toMatch(/^Skill change-flower-delivery does not match its digest: the index says sha256:/);
    expect(mismatch.params.slice(0, 1)).toEqual(['change-flower-delivery']);
    expect(mismatch.params[2]).toBe(report.skills.find((s: { name: string }) => s.name === 'change-flower-delivery').actualDigest);
    expect(Number.isNaN(Date.parse(report.checkedAt))).toBe(false);
  });

  it('--strict turns warnings into exit 1', async () => {
    const origin = server.origin('legacy-only');
    expect((await cli('check', origin, '--json')).code).toBe(0);
    expect((await cli('check', origin, '--json', '--strict')).code).toBe(1);
  });

  it('--strict also fails a check that left skills unchecked (other hosts, past --max-skills), and --help says so', async () => {
    const origin = server.origin('second-origin');
    const [plain, strict] = await Promise.all([
      cli('check', origin, '--json', '--same-origin-only'),
      cli('check', origin, '--json', '--same-origin-only', '--strict'),
    ]);
    expect((JSON.parse(plain.stdout) as Report).verdict).not.toBe('errors');
    expect([plain.code, strict.code]).toEqual([0, 1]);
    const capped = server.origin('northlight');
    const [all, cut] = await Promise.all([
      cli('check', capped, '--json', '--max-skills', '1', '--strict', '--same-origin-only'),
      cli('check', capped, '--json', '--max-skills', '1', '--same-origin-only'),
    ]);
    expect([cut.code, all.code]).toEqual([0, 1]);
    const help = (await cli('check', '--help')).stdout;
    expect(help).toMatch(/--strict {13}exit 1 on warnings too, and when anything was left\n\s+unchecked/);
  });

  it('an unreachable site prints a report and exits 2', async () => {
    const r = await cli('check', 'http://127.0.0.1:9', '--json');
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).findings[0].code).toBe('site-unreachable');
  });

  it('--same-origin-only leaves skills on other hosts not-checked', async () => {
    const r = await cli('check', server.origin('second-origin'), '--json', '--same-origin-only');
    const report = JSON.parse(r.stdout) as Report;
    expect(report.skills.map((s) => s.status)).toEqual(['not-checked', 'not-checked', 'not-checked']);
  });

  describe('redirects to another host (D5, D10: every hop obeys the contact rule)', () => {
    const atHop = () => server.requests.filter((q) => q.site === 'skills-cdn-hop').map((q) => q.url);
    const hop = () => new URL(server.publicOrigin('skills-cdn-hop')).host;
    const check = async (site: string, ...flags: string[]) => {
      server.clearRequests();
      return cli('check', server.publicOrigin(site), ...publicArgs(), ...flags);
    };

    it('--same-origin-only: a skill or sign-in hop is not made; not-checked in JSON, text and Markdown', async () => {
      const json = await check('redirect-away', '--json', '--same-origin-only');
      expect(atHop()).toEqual([]);
      const report = JSON.parse(json.stdout) as ReportJson;
      expect(report.skills.map((s) => [s.status, s.notChecked, s.reason])).toEqual([
        ['not-checked', 'other-host', `redirects to ${hop()}; not checked yet`],
        ['not-checked', 'other-host', `redirects to ${hop()}; not checked yet`],
      ]);
      expect(report.trust?.status).toBe('not-checked');
      expect([report.verdict, report.state, json.code]).toEqual(['ok', 'unverified', 0]);
      const text = await check('redirect-away', '--same-origin-only');
      expect(atHop()).toEqual([]);
      expect(text.stdout).toContain(`redirects to ${hop()}; not checked yet`);
      expect(text.stdout).toContain('2 of 2 skills could not be checked yet.');
      const markdown = await check('redirect-away', '--format', 'markdown', '--same-origin-only');
      expect(atHop()).toEqual([]);
      // In Markdown a site's host is code, never a link a renderer could make of it.
      expect(markdown.stdout).toContain(`redirects to \`${hop()}\`; not checked yet`);
    });

    it('--same-origin-only: poppy.json redirecting away is not followed, and the report says so', async () => {
      const r = await check('redirect-away-docs', '--json', '--same-origin-only');
      expect(atHop()).toEqual([]);
      const report = JSON.parse(r.stdout) as ReportJson;
      expect(report.findings.map((f) => f.code)).toContain('redirect-not-followed');
      expect([report.state, r.code]).toEqual(['unverified', 0]);
    });

    it('by default: the hops are followed and everything verifies', async () => {
      const away = JSON.parse((await check('redirect-away', '--json')).stdout) as ReportJson;
      expect(atHop()).toEqual(
        expect.arrayContaining([
          '/moved/find-plants/SKILL.md',
          '/moved/book-garden-visit/SKILL.md',
          '/moved/redirect-away/oauth-protected-resource',
        ]),
      );
      expect([away.skills.map((s) => s.status), away.trust?.status, away.state]).toEqual([
        ['verified', 'verified'],
        'verified',
        'verified',
      ]);
      const docs = JSON.parse((await check('redirect-away-docs', '--json')).stdout) as ReportJson;
      expect(atHop()).toContain('/moved/redirect-away-docs/poppy.json');
      expect([docs.skills.map((s) => s.status), docs.state]).toEqual([['verified', 'verified'], 'verified']);
    });
  });
});

describe('poppy-inspector check (human output)', () => {
  it('summarises, lists each skill with its status, and groups findings with fix hints', async () => {
    const r = await cli('check', server.origin('northlight-stale'));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Northlight Flowers');
    expect(r.stdout).toMatch(/✗ mismatch\s+change-flower-delivery/);
    expect(r.stdout).toMatch(/✓ verified\s+find-flowers/);
    expect(r.stdout).toMatch(/Errors \(1\)\n\s+digest-mismatch/);
    expect(r.stdout).toContain(
      'fix: If you changed the file on purpose, publish its new digest: `poppy-inspector index --write <site folder>`',
    );
    expect(r.stdout).toMatch(/Verdict: errors/);
    expect(r.stdout).not.toContain('\u001b['); // NO_COLOR
  });

  it('lists an archive skill briefly under its row: format, entries, names and sizes', async () => {
    const r = await cli('check', server.origin('archive-books'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/✓ verified\s+reserve-a-book/);
    // Unpacked: the files' contents (a few hundred bytes), never the tar stream's headers and padding.
    const contents = ARCHIVE_BOOKS_FILES['reserve-a-book']!.reduce((sum, f) => sum + f.size, 0);
    expect(contents).toBeLessThan(1024);
    expect(r.stdout).toContain(`\n      tar.gz archive: 5 entries, ${contents} B unpacked\n`);
    expect(r.stdout).toMatch(/\n {6}tar\.gz archive: 5 entries, \d+ B unpacked\n {8}SKILL\.md {2}\d+ B\n/);
    // A script is marked: nothing from an archive is run, but an agent might be told to.
    expect(r.stdout).toMatch(/\n {8}scripts\/\n {8}scripts\/reserve\.sh {2}\d+ B {2}⚙ script \(starts with #!\)\n/);
    expect(r.stdout).toContain('      zip archive: 3 entries,');
    expect(r.stdout).not.toContain('incomplete');
  });

  it('colours the output when asked to', async () => {
    const r = await run('node', [BIN, 'check', server.origin('northlight')], { NO_COLOR: '', FORCE_COLOR: '1' });
    expect(r.stdout).toContain('\u001b[32m');
  });
});

describe('--resolve as the fixture server prints it', () => {
  it.each([
    ['a *.<domain> pin', () => ['*.poppy.test:127.0.0.1']],
    ["curl's <host>:<port>:<address>", (port: string) => [`northlight.poppy.test:${port}:127.0.0.1`]],
  ])('%s reaches the https store', async (_what, pins) => {
    const origin = server.publicOrigin('northlight');
    const r = await cli('check', origin, '--json', '--cacert', caFile, ...pins(new URL(origin).port).flatMap((p) => ['--resolve', p]));
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Report).skills.map((s) => s.status)).toEqual(['verified', 'verified', 'verified']);
  });
});

describe('poppy-inspector digest and arguments', () => {
  it('prints sha256 digests of local files (spec test vector)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'poppy-digest-'));
    const file = join(dir, 'SKILL.md');
    writeFileSync(file, '---\nname: my-skill\ndescription: A test skill\n---\n# My Skill\n');
    const r = await cli('digest', file);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`sha256:e196bb2cfeafcf469201433cae9c0fcbf17de1fa0dde77314c5472d1932358e0  ${file}\n`);
  });

  it.each([
    [['check'], 'exactly one site URL'],
    [['check', 'a', 'b'], 'exactly one site URL'],
    [['check', 'x', '--bogus'], 'unknown option --bogus.'],
    [['check', 'x', '--stict'], 'unknown option --stict. Did you mean --strict?'],
    [['survey', '-', '--concurency', '3'], 'unknown option --concurency. Did you mean --concurrency?'],
    [['chekc', 'x'], 'unknown command "chekc". Did you mean check?'],
    [['check', 'x', '--resolve', 'nocolon'], '--resolve wants'],
    [['check', 'x', '--resolve', 'shop.example:not-an-ip'], '--resolve wants'],
    [['check', 'x', '--resolve', 'shop.example:8080'], '--resolve wants'],
    [['survey', '-', '--resolve', 'a b:127.0.0.1'], '--resolve wants'],
    [['frobnicate'], 'unknown command "frobnicate"'],
    [['digest'], 'at least one file'],
  ])('%j is a usage error (exit 2, no report)', async (args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });

  it('a usage error shows one usage line and where the whole help is, not the whole help', async () => {
    const r = await cli('check', 'x', '--stict');
    expect(r.stderr.trim().split('\n')).toEqual([
      'poppy-inspector: unknown option --stict. Did you mean --strict?',
      'Usage: poppy-inspector check <site-url | directory> [options]',
      'Run `poppy-inspector check --help` for every option.',
    ]);
  });

  it('a missing file exits 2', async () => {
    const r = await cli('digest', '/nonexistent/SKILL.md');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('ENOENT');
  });

  it('--help exits 0 with usage', async () => {
    const r = await cli('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('poppy-inspector check <site-url | directory>');
  });
});
