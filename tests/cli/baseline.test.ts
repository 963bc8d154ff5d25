// `check --baseline`: what changed since an earlier `--json` report (D13), in every format, and
// `--fail-on-change` for a scheduled job. Real processes over a site's files on disk.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cliIn } from './cli-process';
import { writeSiteDir } from '../fixtures/site-files';
import { northlight } from '../fixtures/sites/northlight';
import { BASELINE_BYTES_MAX } from '../../utils/engine/spec';

beforeAll(() => buildCli(), 60_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function site() {
  const dir = await writeSiteDir(northlight);
  const check = (...args: string[]) => cliIn(dirname(dir), 'check', basename(dir), '--same-origin-only', ...args);
  const first = await check('--json');
  expect(first.code).toBe(0);
  const baseline = join(dirname(dir), `${basename(dir)}-baseline.json`);
  writeFileSync(baseline, first.stdout);
  const edit = (path: string, change: (text: string) => string) => {
    const file = join(dir, path);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  };
  return { dir, check, baseline, first: JSON.parse(first.stdout) as Json, edit };
}

/** Rewrites find-flowers and its digest in both indexes, as a site owner's deploy does. */
async function rewriteSkill(s: Awaited<ReturnType<typeof site>>) {
  s.edit('.well-known/agent-skills/find-flowers/SKILL.md', (t) => `${t}\nAlso pay for the bouquet.\n`);
  const index = await cliIn(dirname(s.dir), 'index', basename(s.dir), '--write');
  expect(index.code).toBe(0);
}

describe('poppy-inspector check --baseline', () => {
  it('says nothing changed, and --fail-on-change exits 0', async () => {
    const s = await site();
    const r = await s.check('--json', '--baseline', s.baseline, '--fail-on-change');
    expect([r.code, JSON.parse(r.stdout).changes]).toEqual([0, []]);
    const text = await s.check('--baseline', s.baseline);
    expect(text.stdout).toContain(`Changed since the baseline (${s.first.checkedAt})\n  Nothing changed.`);
  });

  it('a rewritten skill whose new digest verifies is news: exit 0, or 1 with --fail-on-change', async () => {
    const s = await site();
    await rewriteSkill(s);
    const r = await s.check('--json', '--baseline', s.baseline);
    const report = JSON.parse(r.stdout) as Json;
    expect(r.code).toBe(0);
    expect(report.verdict).toBe('ok');
    const before = s.first.skills.find((x: Json) => x.name === 'find-flowers').expectedDigest;
    const after = report.skills.find((x: Json) => x.name === 'find-flowers').expectedDigest;
    expect(after).not.toBe(before);
    expect(report.baseline).toEqual({ checkedAt: s.first.checkedAt });
    expect(report.changes).toEqual([
      expect.objectContaining({
        kind: 'skill-changed',
        skill: 'find-flowers',
        before: expect.objectContaining({ digest: before }),
        after: expect.objectContaining({ digest: after, status: 'verified' }),
        messageKey: 'changeSkillChanged',
        message: `Skill find-flowers was rewritten: its digest went from \`${before}\` to \`${after}\``,
      }),
    ]);
    expect((await s.check('--baseline', s.baseline, '--fail-on-change')).code).toBe(1);
  });

  it('tells every kind of change, the issuer first, in JSON, text, Markdown and SARIF', async () => {
    const s = await site();
    await rewriteSkill(s);
    s.edit('.well-known/poppy.json', (t) => {
      const p = JSON.parse(t) as Json;
      p.auth.issuer = 'https://id.northlight.poppy.test';
      p.auth.direct.scopes.push('payments:write');
      p.auth.device.scopes = [];
      p.apis[0].url = 'https://northlight.poppy.test/v2/openapi.json';
      p.apis.splice(1, 1);
      p.apis.push({
        type: 'mcp',
        url: 'https://northlight.poppy.test/mcp2',
        description: 'MCP',
        resource: 'https://northlight.poppy.test/mcp2',
      });
      p.apis.push({ type: 'mcp', url: 'https://northlight.poppy.test/mcp3', description: 'More MCP' });
      p.excluded_tasks = ['Close the account'];
      return JSON.stringify(p, null, 2);
    });
    // The baseline as an older report would have it: another domain, a skill since removed, one
    // not yet listed, and an excluded task since dropped.
    const earlier = structuredClone(s.first);
    earlier.poppy.organization.domain = 'northlight.example';
    earlier.poppy.excludedTasks = ['Pay with a stored card'];
    earlier.poppy.apis.push({ type: 'openapi', url: 'https://northlight.poppy.test/legacy.json', resource: null });
    earlier.skills = earlier.skills.filter((x: Json) => x.name !== 'check-flower-order');
    earlier.skills.push({
      name: 'old-skill',
      url: 'https://northlight.poppy.test/old/SKILL.md',
      status: 'verified',
      expectedDigest: `sha256:${'0'.repeat(64)}`,
    });
    writeFileSync(s.baseline, JSON.stringify(earlier));

    const r = await s.check('--json', '--baseline', s.baseline, '--fail-on-change');
    const changes = JSON.parse(r.stdout).changes as Json[];
    expect(changes.map((c) => c.kind)).toEqual([
      'issuer-changed',
      'domain-changed',
      'scopes-removed',
      'scopes-added',
      'excluded-task-removed',
      'excluded-task-added',
      'api-moved',
      'api-moved',
      'api-removed',
      'api-added',
      'skill-added',
      'skill-changed',
      'skill-removed',
    ]);
    expect(changes[0]).toMatchObject({ loud: true, before: 'https://northlight.poppy.test', after: 'https://id.northlight.poppy.test' });
    expect(r.code).toBe(1);

    const text = (await s.check('--baseline', s.baseline)).stdout;
    const section = text.slice(text.indexOf('Changed since the baseline'));
    expect(section.split('\n')[1]).toBe(
      '  ! The sign-in issuer changed from https://northlight.poppy.test to https://id.northlight.poppy.test. That signs every user out, and it is the change an impersonator would make: trust it only if the company announced it.',
    );
    expect(section).toContain('  ~ Sign-in type `direct` now offers more scopes: payments:write');
    expect(text.indexOf('Changed since the baseline')).toBeLessThan(text.indexOf('Skills ('));

    const md = (await s.check('--format', 'markdown', '--baseline', s.baseline)).stdout;
    expect(md).toContain(`## Changed since the baseline (${s.first.checkedAt})\n\n- **!** The sign-in issuer changed`);
    expect(md).toContain('- No longer excluded: Pay with a stored card');

    const sarif = JSON.parse((await s.check('--format', 'sarif', '--baseline', s.baseline)).stdout) as Json;
    const results = (sarif.runs[0].results as Json[]).filter((x) => String(x.ruleId).startsWith('change/'));
    expect(results).toHaveLength(changes.length);
    expect(results[0]).toMatchObject({ ruleId: 'change/issuer-changed', kind: 'informational', level: 'none' });
    const rules = (sarif.runs[0].tool.driver.rules as Json[]).map((x) => x.id);
    for (const x of results) expect(rules).toContain(x.ruleId);
  });

  it.each([
    ['a missing file', () => '/nonexistent/baseline.json', /^poppy-inspector: cannot read \/nonexistent\/baseline\.json: ENOENT\n$/],
    ['a file that is not JSON', (f: string) => (writeFileSync(f, 'not json'), f), /is not JSON/],
    ['JSON that is no report', (f: string) => (writeFileSync(f, '{"hello": 1}'), f), /is not a report written by check --json/],
    ['a file over the cap', (f: string) => (writeFileSync(f, Buffer.alloc(BASELINE_BYTES_MAX + 1, 32)), f), /is over 64 MB/],
  ])('%s as the baseline: one line, exit 2', async (_n, make, message) => {
    const s = await site();
    const r = await s.check('--baseline', make(s.baseline));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--fail-on-change without --baseline is a usage error', async () => {
    const s = await site();
    expect((await s.check('--fail-on-change')).code).toBe(2);
  });
});
