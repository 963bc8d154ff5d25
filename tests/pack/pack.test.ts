// The package as a new user gets it: `npm pack`, installed from the tarball into an empty prefix
// with no network (an empty npm cache, --offline, and a registry address where nothing listens),
// then every command run from another directory against a fixture store and a site's files.
// A file missing from the package, a dependency left to download or an install script fails here.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../utils/engine/report/report';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { writeSiteDir } from '../fixtures/site-files';
import { northlight } from '../fixtures/sites/northlight';
import { northlightStale } from '../fixtures/sites/northlight-stale';
import { assertReport } from '../helpers/report-schema';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A child process with npm's own variables removed, so an outer `npm test` cannot steer it. */
function run(cmd: string, args: string[], cwd: string): Promise<Run> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}

interface PackEntry {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string }[];
}

const repo = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'poppy-pack-'));
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
let packed: PackEntry;
let tarball: string;
let server: FixtureServer;
let caFile: string;

beforeAll(async () => {
  const r = await run('npm', ['pack', '--json', '--pack-destination', work], repo);
  expect(r.code, r.stderr).toBe(0);
  // prepack's build output shares stdout with npm's JSON: the JSON is the last top-level array.
  packed = (JSON.parse(r.stdout.slice(r.stdout.lastIndexOf('\n[') + 1)) as PackEntry[])[0]!;
  tarball = join(work, packed.filename);
  server = await startFixtureServer({ sites: [northlight] });
  caFile = join(work, 'ca.pem');
  writeFileSync(caFile, server.caPem);
}, 120_000);
afterAll(() => server?.close());

const storeArgs = () => ['--resolve', 'northlight.poppy.test:127.0.0.1', '--cacert', caFile, '--json'];

describe('npm pack', () => {
  it('ships the bundled command line, its bin, README and license, and nothing else', () => {
    const paths = packed.files.map((f) => f.path).sort();
    expect(paths.filter((p) => !/^dist\/cli\/[\w-]+\.mjs$/.test(p))).toEqual([
      'LICENSE',
      'README.md',
      'bin/poppy-inspector.mjs',
      'package.json',
    ]);
    expect(paths).toContain('dist/cli/main.mjs');
    console.log(
      `pack: tarball ${(packed.size / 1024).toFixed(0)} KiB, unpacked ${(packed.unpackedSize / 1024).toFixed(0)} KiB, ${paths.length} files`,
    );
    expect(packed.size).toBeLessThan(600 * 1024);
  });

  it('is publishable and installs nothing but itself: no dependencies, no install scripts', async () => {
    const r = await run('tar', ['-xzOf', tarball, 'package/package.json'], work);
    const manifest = JSON.parse(r.stdout) as Record<string, unknown> & { scripts?: Record<string, string> };
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.optionalDependencies ?? {}).toEqual({});
    expect(manifest.peerDependencies ?? {}).toEqual({});
    const scripts = Object.keys(manifest.scripts ?? {});
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) expect(scripts).not.toContain(hook);
    expect(manifest).toMatchObject({
      license: 'MIT',
      bin: { 'poppy-inspector': 'bin/poppy-inspector.mjs' },
      engines: { node: expect.stringMatching(/^>=20/) },
    });
    expect(manifest.repository).toMatchObject({ type: 'git', url: expect.stringMatching(/^git\+https:\/\//) });
  });
});

describe('installed from the tarball, offline, into an empty prefix', () => {
  const prefix = join(work, 'prefix');
  const bin = join(prefix, 'bin', 'poppy-inspector');
  const elsewhere = mkdtempSync(join(tmpdir(), 'poppy-user-'));

  beforeAll(async () => {
    const r = await run(
      'npm',
      // Nothing listens on port 9: any request npm tried to make would fail the install.
      ['install', '-g', '--prefix', prefix, '--cache', join(work, 'cache'), '--offline', '--registry', 'http://127.0.0.1:9/'].concat([
        '--no-audit',
        '--no-fund',
        tarball,
      ]),
      work,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/install-scripts|EBADENGINE/);
    console.log(`pack: npm install -g from the tarball (offline, empty cache) took ${(r.ms / 1000).toFixed(2)} s`);
  }, 120_000);

  it('poppy-inspector --version and --help work from any directory', async () => {
    expect(await run(bin, ['--version'], elsewhere)).toMatchObject({ code: 0, stdout: `${version}\n` });
    const help = await run(bin, ['--help'], elsewhere);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('poppy-inspector check');
  });

  it('poppy-inspector check verifies a fixture store', async () => {
    const r = await run(bin, ['check', server.publicOrigin('northlight'), ...storeArgs()], elsewhere);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    assertReport(report, 'the installed check --json');
    expect(report.verdict).toBe(northlight.expect.verdict);
    expect(Object.fromEntries(report.skills.map((s) => [s.name, s.status]))).toEqual(northlight.expect.skills);
  });

  it('check <dir>, index and index --write work on the files of a site before it is deployed', async () => {
    const site = join(elsewhere, 'public');
    cpSync(await writeSiteDir(northlightStale), site, { recursive: true });
    const checked = await run(bin, ['check', 'public', '--same-origin-only', '--format', 'sarif', '--output', 'poppy.sarif'], elsewhere);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/digest-mismatch .*\n.*\n {6}at: {2}public\/\.well-known\/poppy\.json:\d+:\d+ /);
    const sarif = JSON.parse(readFileSync(join(elsewhere, 'poppy.sarif'), 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toContain('digest-mismatch');
    expect((await run(bin, ['index', 'public'], elsewhere)).code).toBe(1);
    const written = await run(bin, ['index', 'public', '--write'], elsewhere);
    expect([written.code, written.stdout.trim().split('\n').at(-1)]).toEqual([0, 'Updated 2 digests in 2 files.']);
    const after = await run(bin, ['check', 'public', '--same-origin-only', '--json'], elsewhere);
    expect([after.code, (JSON.parse(after.stdout) as Report).verdict]).toEqual([0, 'ok']);
  });

  it('survey checks a list of sites: one JSON line each, the summary on stderr', async () => {
    writeFileSync(join(elsewhere, 'sites.txt'), `${server.publicOrigin('northlight')}\n# a comment\nnot a site\n`);
    const r = await run(bin, ['survey', 'sites.txt', '--resolve', '*.poppy.test:127.0.0.1', '--cacert', caFile], elsewhere);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { site: string; verdict: string | null });
    expect(lines.map((l) => [l.site, l.verdict]).sort()).toEqual([
      [server.publicOrigin('northlight'), northlight.expect.verdict],
      ['not a site', null],
    ]);
    expect(r.stderr).toMatch(/Survey: 2 sites,/);
  });

  it('npx --package <tarball> poppy-inspector check works too', async () => {
    const npx = ['--yes', '--offline', '--cache', join(work, 'npx-cache'), '--package', tarball, 'poppy-inspector'];
    const r = await run('npx', [...npx, 'check', server.publicOrigin('northlight'), ...storeArgs()], elsewhere);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Report).verdict).toBe(northlight.expect.verdict);
  }, 60_000);
});
