// `check <dir>`: a directory laid out like a site's root is checked as if it were served, with
// the same engine, and every finding names its file (and line and column for a JSON path).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, buildCli, cliIn, run } from './cli-process';
import type { Report } from '../../utils/engine/report/report';
import { filesOrigin, writeSiteDir } from '../fixtures/site-files';
import { longIndexStore } from '../fixtures/sites/long-index';
import { northlight } from '../fixtures/sites/northlight';
import { northlightStale } from '../fixtures/sites/northlight-stale';
import { secondOrigin } from '../fixtures/sites/second-origin';

type LocatedReport = Report & {
  directory: string;
  findings: (Report['findings'][number] & { file?: string; line?: number | null; column?: number | null })[];
};

beforeAll(() => buildCli(), 60_000);

const statuses = (r: Report) => Object.fromEntries(r.skills.map((s) => [s.name, s.status]));

describe('poppy-inspector check <dir>', () => {
  it.each([northlight, northlightStale].map((s) => [s.name, s] as const))(
    '%s: the verdict and statuses of the served store, and its exit code',
    async (_name, site) => {
      const dir = await writeSiteDir(site);
      const r = await cliIn(dirname(dir), 'check', basename(dir), '--json', '--same-origin-only');
      const report = JSON.parse(r.stdout) as LocatedReport;
      expect([report.verdict, statuses(report)]).toEqual([site.expect.verdict, site.expect.skills]);
      expect(report.target).toBe(`https://${site.name}.poppy.test`);
      expect(report.directory).toBe(basename(dir));
      expect(r.code).toBe(site.expect.verdict === 'errors' ? 1 : 0);
    },
  );

  it('names the file, line and column of a finding with a JSON path', async () => {
    const dir = await writeSiteDir(northlight);
    const poppy = join(dir, '.well-known/poppy.json');
    const text = readFileSync(poppy, 'utf8');
    // An unknown field, one edit from a known one, on a line of its own.
    writeFileSync(poppy, text.replace('"protocol_version"', '"protocol_versoin": "0.3",\n  "protocol_version"'));
    const r = await cliIn(dirname(dir), 'check', basename(dir), '--json', '--same-origin-only');
    const f = (JSON.parse(r.stdout) as LocatedReport).findings.find((x) => x.path === '$.protocol_versoin');
    expect(f).toMatchObject({ file: `${basename(dir)}/.well-known/poppy.json`, line: 2, column: 3 });
    const human = await cliIn(dirname(dir), 'check', basename(dir), '--same-origin-only');
    expect(human.stdout).toContain(`at:  ${basename(dir)}/.well-known/poppy.json:2:3 $.protocol_versoin`);
    expect(human.stdout).toContain(`Files in ${basename(dir)}, as served at https://northlight.poppy.test`);
  });

  it('a stale digest points at the digest to fix, in the index that lists it', async () => {
    const dir = await writeSiteDir(northlightStale);
    const r = await cliIn(dirname(dir), 'check', basename(dir), '--json', '--same-origin-only');
    const f = (JSON.parse(r.stdout) as LocatedReport).findings.find((x) => x.code === 'digest-mismatch')!;
    const text = readFileSync(join(dir, '.well-known/poppy.json'), 'utf8');
    const before = text.slice(0, text.indexOf('"digest": "sha256:fd87')).split('\n');
    expect(f).toMatchObject({
      file: `${basename(dir)}/.well-known/poppy.json`,
      path: '$.skill_index.skills[0].digest',
      line: before.length,
      column: before.at(-1)!.length + 1,
    });
  });

  it('--origin maps absolute URLs on that origin into the directory', async () => {
    const dir = await writeSiteDir(northlight, 'https://shop.example');
    const r = await cliIn(dir, 'check', '.', '--origin', 'https://shop.example', '--json', '--same-origin-only');
    const report = JSON.parse(r.stdout) as Report;
    expect(report.target).toBe('https://shop.example');
    expect(Object.values(statuses(report))).toEqual(['verified', 'verified', 'verified']);
    // organization.domain (northlight.poppy.test) is not the origin given: the binding error says so.
    expect(report.findings.map((f) => f.code)).toContain('domain-mismatch');
  });

  it('--same-origin-only leaves skills on other hosts not checked, and says so', async () => {
    const dir = await writeSiteDir(secondOrigin);
    const r = await cliIn(dir, 'check', '.', '--json', '--same-origin-only');
    expect((JSON.parse(r.stdout) as Report).skills.map((s) => s.status)).toEqual(['not-checked', 'not-checked', 'not-checked']);
  });

  it.each([
    ['a directory with nothing published', () => mkdtempSync(join(tmpdir(), 'poppy-empty-')), [], /nothing to check in/],
    [
      'a poppy.json without organization.domain',
      () => {
        const dir = mkdtempSync(join(tmpdir(), 'poppy-nodomain-'));
        mkdirSync(join(dir, '.well-known'));
        writeFileSync(join(dir, '.well-known/poppy.json'), '{"protocol_version": "0.3"}');
        return dir;
      },
      [],
      /pass --origin/,
    ],
    ['a bad --origin', () => writeSiteDir(northlight), ['--origin', 'ftp://x'], /--origin wants/],
    [
      'an index without poppy.json, and no --origin',
      () => {
        const dir = mkdtempSync(join(tmpdir(), 'poppy-indexonly-'));
        mkdirSync(join(dir, '.well-known/agent-skills'), { recursive: true });
        writeFileSync(join(dir, '.well-known/agent-skills/index.json'), '{"skills": []}');
        return dir;
      },
      [],
      /^poppy-inspector: no \.well-known\/poppy\.json in \. to take the site's origin from; pass --origin https:\/\/your\.site \(the origin these files are served at\)\.\n$/,
    ],
  ])('%s exits 2 with a message and no report', async (_what, make, extra, message) => {
    const dir = await make();
    const r = await cliIn(dir, 'check', '.', ...extra);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it.each(['./nonexistent', '../nonexistent', '/nonexistent-poppy-dir', '~/nonexistent'])(
    '%s that is no directory: "no such directory" in one line, exit 2, no request',
    async (path) => {
      const r = await cliIn(mkdtempSync(join(tmpdir(), 'poppy-cwd-')), 'check', path);
      expect([r.code, r.stderr, r.stdout]).toEqual([2, `poppy-inspector: no such directory: ${path}\n`, '']);
    },
  );

  it("--max-skills raises the index's byte cap with the skill cap", async () => {
    const site = longIndexStore('long-300', 300);
    const dir = await writeSiteDir(site);
    const cutAt = async (maxSkills: string) => {
      const r = await cliIn(dir, 'check', '.', '--origin', filesOrigin('long-300'), '--json', '--max-skills', maxSkills);
      const report = JSON.parse(r.stdout) as Report;
      return [r.code, report.verdict, report.findings.filter((f) => f.code === 'index-too-large').length];
    };
    // 100 entries' worth of bytes holds about 130 of these; 300 entries' worth holds them all.
    expect(await cutAt('100')).toEqual([0, 'ok', 1]);
    expect(await cutAt('300')).toEqual([0, 'ok', 0]);
  });

  it('reads the files without loading undici (no web Response, Headers or streams)', async () => {
    const dir = await writeSiteDir(northlight);
    const probe = join(mkdtempSync(join(tmpdir(), 'poppy-probe-')), 'probe.mjs');
    writeFileSync(
      probe,
      "process.on('exit', () => process.stderr.write(`undici:${process.moduleLoadList.some((m) => m.includes('undici'))}\\n`));\n",
    );
    const r = await run('node', ['--import', probe, BIN, 'check', '.', '--json', '--same-origin-only'], {}, { cwd: dir });
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: northlight.expect.verdict });
    expect(r.stderr).toContain('undici:false');
  });
});
