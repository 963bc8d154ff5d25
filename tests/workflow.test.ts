// .github/workflows/*.yml, read with the yaml package and checked for the structure CI and the
// release depend on (no network here for GitHub's own schema): triggers, jobs, steps that each
// use or run something, actions pinned by version or commit, and only the secrets
// CONTRIBUTING.md documents.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  container?: string;
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const DIR = resolve(process.cwd(), '.github/workflows');
const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f));
const read = (file: string) => readFileSync(resolve(DIR, file), 'utf8');
const ci = parse(read('ci.yml')) as Workflow;
const releaseSteps = () => ci.jobs.release!.steps;
const runs = (steps: Step[]) => steps.map((s) => s.run ?? '').join('\n');

describe('.github/workflows', () => {
  it.each(files)('%s parses, and every job runs somewhere with steps that use or run something', (file) => {
    const wf = parse(read(file), { strict: true, uniqueKeys: true }) as Workflow;
    expect(typeof wf.name).toBe('string');
    expect(Object.keys(wf.on).length).toBeGreaterThan(0);
    for (const [id, job] of Object.entries(wf.jobs)) {
      expect(job['runs-on'], id).toMatch(/^[a-z0-9.-]+$/);
      expect(job.steps.length, id).toBeGreaterThan(0);
      for (const step of job.steps) expect(Boolean(step.uses) !== Boolean(step.run), `${id}: ${JSON.stringify(step)}`).toBe(true);
      for (const need of [job.needs ?? []].flat()) expect(Object.keys(wf.jobs)).toContain(need);
    }
  });

  it.each(files)('%s pins every action by a version tag or a commit', (file) => {
    const wf = parse(read(file)) as Workflow;
    const uses = Object.values(wf.jobs).flatMap((job) => job.steps.flatMap((s) => (s.uses ? [s.uses] : [])));
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) expect(u).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
  });

  it.each(files)('%s names only the secrets CONTRIBUTING.md documents', (file) => {
    const documented = readFileSync('CONTRIBUTING.md', 'utf8');
    const secrets = [...read(file).matchAll(/secrets\.([A-Z0-9_]+)/g)].map((m) => m[1]!);
    for (const s of secrets) expect(documented, s).toContain(`\`${s}\``);
  });

  it("tests every push and pull request with the README's test command, on Node 20", () => {
    expect(ci.on).toHaveProperty('push');
    expect(ci.on).toHaveProperty('pull_request');
    const test = ci.jobs.test!;
    expect(test.container).toMatch(/^node:20\b/);
    expect(test.steps.some((s) => s.uses?.startsWith('actions/checkout@'))).toBe(true);
    expect(runs(test.steps)).toContain('.ci/run');
    expect(existsSync('.ci/run')).toBe(true);
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/\nnpm test\n/);
  });

  it("releases on a version tag, after the tests, with the ecosystem's own tools", () => {
    expect((ci.on.push as { tags: string[] }).tags).toEqual(['v*']);
    const release = ci.jobs.release!;
    expect(release.if).toContain("startsWith(github.ref, 'refs/tags/v')");
    expect(release.needs).toBe('test');
    expect(release.permissions).toEqual({ contents: 'write', 'id-token': 'write' });
    const commands = runs(releaseSteps());
    expect(commands).toContain('npm run release');
    expect(commands).toMatch(/chrome-webstore-upload-cli@\d+\.\d+\.\d+ upload/);
    expect(commands).toMatch(/web-ext sign .*--upload-source-code release\/poppy-inspector-\$\{GITHUB_REF_NAME#v\}-sources\.zip/s);
    expect(commands).toContain('npm publish --provenance');
    expect(releaseSteps().find((s) => s.uses?.startsWith('softprops/action-gh-release@'))?.with).toEqual({ files: 'release/*' });
    expect(releaseSteps().find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toMatchObject({ 'node-version': 20 });
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.release).toBe('node scripts/release.mjs');
  });
});
