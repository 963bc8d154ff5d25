// Reports for CI: --format text|json|markdown|sarif, --output beside the text summary, and SARIF
// that the official 2.1.0 schema accepts (tests/fixtures/sarif/, no network).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type * as Sarif from 'sarif';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli, caFileFor, cli, cliIn } from './cli-process';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { writeSiteDir } from '../fixtures/site-files';
import { northlightStale } from '../fixtures/sites/northlight-stale';

const schema = JSON.parse(readFileSync(new URL('../fixtures/sarif/sarif-schema-2.1.0.json', import.meta.url), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validSarif = ajv.compile(schema);

let server: FixtureServer;
let caFile: string;
beforeAll(async () => {
  await buildCli();
  server = await startFixtureServer({ sites: [northlightStale] });
  caFile = caFileFor(server.caPem);
}, 60_000);
afterAll(() => server.close());

const publicCheck = (...flags: string[]) =>
  cli('check', server.publicOrigin('northlight-stale'), '--resolve', 'northlight-stale.poppy.test:127.0.0.1', '--cacert', caFile, ...flags);

describe('--format sarif', () => {
  it('the schema itself rejects a log that breaks it (the validator is live)', () => {
    expect(
      validSarif({ version: '2.1.0', runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }] }),
    ).toBe(false);
  });

  it('a URL check: valid SARIF 2.1.0, one rule per code with its fix, results at the document URL', async () => {
    const r = await publicCheck('--format', 'sarif');
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout) as Sarif.Log;
    expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true);
    const run = log.runs[0]!;
    const rules = run.tool.driver.rules!;
    expect(new Set(rules.map((x) => x.id)).size).toBe(rules.length);
    const mismatch = run.results!.find((x) => x.ruleId === 'digest-mismatch')!;
    expect(mismatch.level).toBe('error');
    expect(rules[mismatch.ruleIndex!]!.help!.text).toMatch(/poppy-inspector index --write/);
    expect(mismatch.locations![0]!.physicalLocation!.artifactLocation!.uri).toMatch(/^https:\/\/northlight-stale\.poppy\.test:\d+\//);
    expect(run.results!.length).toBe((JSON.parse((await publicCheck('--json')).stdout) as { findings: unknown[] }).findings.length);
  });

  it('a directory check: results carry the file, line and column', async () => {
    const dir = await writeSiteDir(northlightStale);
    const poppy = join(dir, '.well-known/poppy.json');
    writeFileSync(poppy, readFileSync(poppy, 'utf8').replace('"protocol_version"', '"protocol_versoin": "0.3",\n  "protocol_version"'));
    const r = await cliIn(dirname(dir), 'check', basename(dir), '--format', 'sarif', '--same-origin-only');
    const log = JSON.parse(r.stdout) as Sarif.Log;
    expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true);
    const unknown = log.runs[0]!.results!.find(
      (x) => x.locations?.[0]?.logicalLocations?.[0]?.fullyQualifiedName === '$.protocol_versoin',
    )!;
    expect(unknown.level).toBe('note');
    expect(unknown.locations![0]!.physicalLocation).toEqual({
      artifactLocation: { uri: `${basename(dir)}/.well-known/poppy.json` },
      region: { startLine: 2, startColumn: 3 },
    });
  });
});

describe('--format markdown, --output', () => {
  it('markdown is the panel export', async () => {
    const r = await publicCheck('--format', 'markdown');
    expect(r.stdout).toMatch(/^# /);
    expect(r.stdout).toContain('change-flower-delivery');
    expect(r.stdout).not.toContain('Verdict: errors —');
  });

  it('--output writes the report to a file and still prints the text summary', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'poppy-out-')), 'report.sarif');
    const r = await publicCheck('--format', 'sarif', '--output', out);
    expect(r.code).toBe(1);
    expect(validSarif(JSON.parse(readFileSync(out, 'utf8')))).toBe(true);
    expect(r.stdout).toMatch(/Verdict: errors — 1 error, /);
  });

  it('--json is --format json', async () => {
    const [a, b] = await Promise.all([publicCheck('--json'), publicCheck('--format', 'json')]);
    const strip = (s: string) => ({ ...JSON.parse(s), checkedAt: null });
    expect(strip(a.stdout)).toEqual(strip(b.stdout));
  });

  it.each([[['--format', 'xml']], [['--json', '--format', 'sarif']]])('%j is a usage error', async (flags) => {
    const r = await publicCheck(...flags);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toContain('--format wants one of text, json, markdown, sarif');
  });

  it('an --output that cannot be written exits 2', async () => {
    const r = await publicCheck('--json', '--output', '/nonexistent/dir/report.json');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot write --output /nonexistent/dir/report.json');
  });
});
