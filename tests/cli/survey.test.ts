// `survey`: many sites, one JSON line each on stdout, progress and a summary on stderr; resumable,
// mergeable, and bounded by a per-site deadline.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveyLine } from '../../cli/survey/result';
import { dropPartialLine } from '../../cli/survey/lines';
import { buildCli, cli, run, BIN } from './cli-process';
import { silent } from '../fixtures/hostile/slow';
import { startFixtureServer, type FixtureServer } from '../fixtures/server';
import { legacyOnly } from '../fixtures/sites/legacy-only';
import { noPoppy } from '../fixtures/sites/no-poppy';
import { northlight } from '../fixtures/sites/northlight';
import { northlightStale } from '../fixtures/sites/northlight-stale';
import { wellKnownOnly } from '../fixtures/sites/well-known-only';

let server: FixtureServer;
let closedPort: number;
let list: string;
let sites: string[];
const work = mkdtempSync(join(tmpdir(), 'poppy-survey-'));

beforeAll(async () => {
  await buildCli();
  server = await startFixtureServer({ sites: [northlight, northlightStale, wellKnownOnly, noPoppy, legacyOnly, silent], https: false });
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => probe.once('listening', r));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  sites = [northlight, northlightStale, wellKnownOnly, noPoppy, legacyOnly].map((s) => server.origin(s.name));
  sites.push(`127.0.0.1:${closedPort}`, 'ftp://not-a-site');
  list = join(work, 'sites.txt');
  writeFileSync(list, ['# a survey', '', ...sites.map((s) => `  ${s}  `)].join('\n'));
}, 60_000);
afterAll(() => server.close());

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SurveyLine);
const bySite = (ls: SurveyLine[]) => Object.fromEntries(ls.map((l) => [l.site, l]));

describe('poppy-inspector survey', () => {
  it('writes one JSON line per site with verdict, publications, skill counts and error codes', async () => {
    const r = await cli('survey', list, '--allow-local');
    expect(r.code).toBe(0);
    const out = bySite(lines(r.stdout));
    expect(Object.keys(out).sort()).toEqual([...sites].sort());
    const nl = out[server.origin('northlight')]!;
    expect(nl).toMatchObject({
      verdict: 'ok',
      state: 'verified',
      reachable: true,
      publishes: { poppy: true, skillIndex: true, standaloneIndex: true, legacyIndex: false },
    });
    expect([nl.skills.total, nl.skills.verified]).toEqual([3, 3]);
    const stale = out[server.origin('northlight-stale')]!;
    expect([stale.verdict, stale.skills.mismatch, stale.codes]).toEqual(['errors', 1, ['digest-mismatch']]);
    expect(out[server.origin('well-known-only')]!.publishes).toEqual({
      poppy: false,
      skillIndex: false,
      standaloneIndex: true,
      legacyIndex: false,
    });
    expect(out[server.origin('legacy-only')]!.publishes.legacyIndex).toBe(true);
    expect(out[server.origin('no-poppy')]!).toMatchObject({ verdict: 'none', state: 'nothing' });
    expect(out[`127.0.0.1:${closedPort}`]).toMatchObject({
      target: `http://127.0.0.1:${closedPort}`,
      reachable: false,
      state: 'unreadable',
      reason: expect.stringContaining('refused'),
    });
    expect(out['ftp://not-a-site']).toMatchObject({ verdict: null, state: null, error: expect.stringContaining('ftp:') });
    expect(nl.report).toBeUndefined();
  });

  it('closes with a summary table on stderr', async () => {
    const r = await cli('survey', list, '--allow-local');
    const row = (label: string) => Number(new RegExp(`^  ${label.replace(/[()]/g, '\\$&')}\\s+(\\d+)$`, 'm').exec(r.stderr)?.[1]);
    expect(r.stderr).toMatch(/^Survey: 7 sites, 7 checked in [\d.]+ s \([\d.]+ sites\/s\)$/m);
    expect([row('answered'), row('did not answer'), row('not a web address')]).toEqual([5, 1, 1]);
    expect([
      row('publish poppy.json'),
      row('  with skill_index'),
      row('publish agent-skills/index.json'),
      row('publish the legacy skills/index.json'),
    ]).toEqual([2, 2, 3, 1]);
    expect(r.stderr).toMatch(/^Skills: \d+ listed, \d+ verified, 1 mismatched, /m);
    expect(r.stderr).toMatch(/^ {2}digest-mismatch\s+1$/m);
    // The one report state: no-poppy publishes nothing, the closed port could not be checked.
    expect(r.stderr).toMatch(/^States: nothing 1, unreadable 1, errors \d+, .*, verified [1-9]/m);
  });

  it('reads the list from stdin with -, and --full carries each whole report', async () => {
    const r = await run('node', [BIN, 'survey', '-', '--full', '--allow-local'], {}, { stdin: `${server.origin('northlight')}\n` });
    const [line] = lines(r.stdout);
    expect(line!.report!.skills.map((s) => s.status)).toEqual(['verified', 'verified', 'verified']);
  });

  it('--baseline adds what changed per site since an earlier run', async () => {
    const two = join(work, 'two.txt');
    writeFileSync(two, [server.origin('northlight'), server.origin('northlight-stale')].join('\n'));
    const earlier = lines((await cli('survey', two, '--allow-local')).stdout);
    const nl = earlier.find((l) => l.site === server.origin('northlight'))!;
    // The earlier run saw another issuer and another digest for find-flowers.
    nl.fingerprint!.issuer = 'https://id.elsewhere.example';
    nl.fingerprint!.skills['find-flowers']!.digest = `sha256:${'0'.repeat(64)}`;
    const file = join(work, 'baseline.jsonl');
    writeFileSync(file, `${earlier.map((l) => JSON.stringify(l)).join('\n')}\nnot json\n`);
    const r = await cli('survey', two, '--allow-local', '--baseline', file);
    expect(r.code).toBe(0);
    const out = bySite(lines(r.stdout));
    expect(out[server.origin('northlight')]!.changes!.map((c) => [c.kind, 'skill' in c ? c.skill : null])).toEqual([
      ['issuer-changed', null],
      ['skill-changed', 'find-flowers'],
    ]);
    expect(out[server.origin('northlight')]!.baseline).toEqual({ checkedAt: nl.checkedAt });
    expect(out[server.origin('northlight-stale')]!.changes).toEqual([]);
    const bad = await cli('survey', two, '--baseline', join(work, 'missing.jsonl'));
    expect([bad.code, bad.stderr.trim().split('\n').length]).toEqual([2, 1]);
  });

  it('--resume skips sites already in the output, --output appends, and the summary covers both runs', async () => {
    const out = join(work, 'resume.jsonl');
    const half = join(work, 'half.txt');
    writeFileSync(half, sites.slice(0, 3).join('\n'));
    await cli('survey', half, '--output', out, '--allow-local');
    expect(lines(readFileSync(out, 'utf8'))).toHaveLength(3);
    const r = await cli('survey', list, '--output', out, '--resume', out, '--allow-local');
    expect(r.stdout).toBe('');
    const all = lines(readFileSync(out, 'utf8'));
    expect(all.map((l) => l.site).sort()).toEqual([...sites].sort());
    expect(r.stderr).toMatch(/^Survey: 7 sites, 4 checked in /m);
    const again = await cli('survey', list, '--output', out, '--resume', out, '--allow-local');
    expect(lines(readFileSync(out, 'utf8'))).toHaveLength(7);
    expect(again.stderr).toContain('Nothing left to check.');
  });

  it('--summarize merges the parts of a split run, each site once', async () => {
    const whole = await cli('survey', list, '--allow-local');
    const parts = lines(whole.stdout).map((l) => JSON.stringify(l));
    const a = join(work, 'a.jsonl');
    const b = join(work, 'b.jsonl');
    writeFileSync(a, `${parts.slice(0, 4).join('\n')}\n`);
    writeFileSync(b, `${parts.slice(3).join('\n')}\nnot json\n`);
    const r = await cli('survey', '--summarize', a, b);
    expect(r.code).toBe(0);
    const table = (s: string) => s.slice(s.indexOf('\n'));
    expect(table(r.stdout)).toBe(table(whole.stderr.slice(whole.stderr.lastIndexOf('Survey:'))));
    expect(r.stderr).toContain('1 repeated site counted once.');
    expect(r.stderr).toContain('1 line that is not survey results was skipped.');
  });

  it('--deadline cuts a site that never answers short', async () => {
    const r = await run('node', [BIN, 'survey', '-', '--deadline', '1', '--allow-local'], {}, { stdin: server.origin('h-silent') });
    const [line] = lines(r.stdout);
    expect(line).toMatchObject({ deadline: true, verdict: 'errors' });
    expect(line!.elapsedMs).toBeLessThan(5000);
  });

  it.each([
    [['survey'], 'one file of sites'],
    [['survey', 'x', '--concurrency', '0'], 'whole numbers above 0'],
    [['survey', '/nonexistent/sites.txt'], 'cannot read /nonexistent/sites.txt'],
    [['survey', '--summarize'], 'needs the JSON-line results'],
  ])('%j is a usage error', async (args, message) => {
    const r = await cli(...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});

describe('survey: a list is untrusted input', () => {
  it('refuses loopback and private targets in any spelling, without a connection, unless --allow-local', async () => {
    // A server on 127.0.0.1 that counts connections: the refused spellings must not reach it.
    let connections = 0;
    const probe = createServer((socket) => {
      connections++;
      socket.destroy();
    }).listen(0, '127.0.0.1');
    await new Promise((r) => probe.once('listening', r));
    const port = (probe.address() as { port: number }).port;
    try {
      const local = [`http://2130706433:${port}/`, `https://0x7f.1:${port}/`, `http://127.1:${port}/`, `localhost:${port}`];
      const refused = [
        ...local,
        'https://10.0.0.1/',
        'https://192.168.1.1',
        'https://[::1]/',
        'https://169.254.169.254/',
        'https://intranet',
      ];
      const r = await run('node', [BIN, 'survey', '-'], {}, { stdin: refused.join('\n') });
      expect(r.code).toBe(0);
      const out = bySite(lines(r.stdout));
      expect(Object.keys(out).sort()).toEqual([...refused].sort());
      for (const site of refused) {
        expect(out[site], site).toMatchObject({ reachable: false, verdict: null, refused: expect.any(String) });
        expect(out[site]!.reason, site).toMatch(/^not checked: /);
        expect(out[site]!.error, site).toBeUndefined();
      }
      expect(out[`http://2130706433:${port}/`]).toMatchObject({ target: `http://127.0.0.1:${port}`, refused: 'loopback' });
      expect(out[`https://0x7f.1:${port}/`]).toMatchObject({ target: `https://127.0.0.1:${port}`, refused: 'loopback' });
      expect(out['https://10.0.0.1/']!.refused).toBe('private');
      // Only this computer can be let through, so only its lines name --allow-local.
      for (const site of refused)
        expect(out[site]!.reason!.includes('--allow-local'), site).toBe(local.includes(site) || site === 'https://[::1]/');
      expect(connections).toBe(0);
      expect(r.stderr).toMatch(/^ {2}refused: local or private \(--allow-local\)\s+9$/m);
      expect(r.stderr).toMatch(/^ {2}did not answer\s+0$/m);

      // The same spellings with --allow-local are checked as this computer's sites.
      const allowed = await run('node', [BIN, 'survey', '-', '--allow-local', '--deadline', '5'], {}, { stdin: local.join('\n') });
      const checked = bySite(lines(allowed.stdout));
      for (const site of local) expect(checked[site]!.refused, site).toBeUndefined();
      expect(connections).toBeGreaterThan(0);
    } finally {
      probe.close();
    }
  });

  it('a target the engine refuses says reachable: false and why', async () => {
    // --allow-local lets the line through; the engine still may not fetch a private address
    // for a site that is not this computer (D5), and no answer means not reachable.
    const r = await run('node', [BIN, 'survey', '-', '--allow-local'], {}, { stdin: 'https://10.0.0.1/' });
    const [line] = lines(r.stdout);
    expect(line).toMatchObject({ reachable: false, state: 'unreadable' });
    expect(line!.refused).toBeUndefined();
    expect(line!.reason).toContain('private network address');
  });
});

describe('survey: a run killed mid-write', () => {
  it('resumes into a repaired file: every line parses, every site once', async () => {
    const out = join(work, 'killed.jsonl');
    const list4 = join(work, 'four.txt');
    const four = [...sites.slice(0, 4), server.origin('h-silent')];
    writeFileSync(list4, four.join('\n'));
    // A real run, killed once some lines are written and the silent site holds the rest back.
    const child = spawn('node', [BIN, 'survey', list4, '--output', out, '--allow-local', '--concurrency', '1', '--deadline', '30'], {
      env: { ...process.env, NO_COLOR: '1' },
      stdio: 'ignore',
    });
    const written = () => (existsSync(out) ? readFileSync(out, 'utf8').split('\n').filter(Boolean).length : 0);
    const until = Date.now() + 20_000;
    while (written() < 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(written()).toBe(4);
    // Killed while writing the silent site's line: the state SIGKILL mid-write leaves.
    const silentLine = JSON.stringify({ site: server.origin('h-silent'), target: server.origin('h-silent'), verdict: 'errors' });
    appendFileSync(out, silentLine.slice(0, 40));

    const r = await run('node', [BIN, 'survey', list4, '--output', out, '--resume', out, '--allow-local', '--deadline', '1']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('dropped an unfinished last line');
    const text = readFileSync(out, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const all = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as SurveyLine);
    expect(all.map((l) => l.site).sort()).toEqual([...four].sort());
    expect(r.stderr).toMatch(/^Survey: 5 sites, 1 checked in /m);
  }, 60_000);
});

describe('dropPartialLine', () => {
  it.each([
    ['a clean file', 'a\nb\n', 'a\nb\n'],
    ['an unfinished last line', 'a\nb\n{"site":"x', 'a\nb\n'],
    ['only an unfinished line', '{"site":"x', ''],
    ['an empty file', '', ''],
    ['an unfinished line longer than one read', `a\n${'x'.repeat(200_000)}`, 'a\n'],
    ['a long clean line', `${'x'.repeat(200_000)}\n`, `${'x'.repeat(200_000)}\n`],
  ])('%s', async (_label, before, after) => {
    const file = join(work, 'partial.jsonl');
    writeFileSync(file, before);
    expect(await dropPartialLine(file)).toBe(before.length - after.length);
    expect(readFileSync(file, 'utf8')).toBe(after);
  });
});
