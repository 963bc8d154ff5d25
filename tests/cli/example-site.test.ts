// examples/site/ is the folder the README and docs/cli.md tell newcomers to try `check` and
// `index` on: it must stay a site that checks out, with every digest current.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, cli } from './cli-process';

beforeAll(() => buildCli(), 60_000);

describe('examples/site', () => {
  it('checks out with `check --same-origin-only`: both skills verified, no error or warning', async () => {
    const r = await cli('check', 'examples/site', '--same-origin-only', '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { verdict: string; skills: { status: string }[] };
    expect(report.verdict).toBe('ok');
    expect(report.skills.map((s) => s.status)).toEqual(['verified', 'verified']);
  });

  it('has every digest current for `index`', async () => {
    const r = await cli('index', 'examples/site');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('All 4 digests match their files.\n');
  });
});
