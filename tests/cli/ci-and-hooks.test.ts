// The pre-commit hooks (.pre-commit-hooks.yaml) and the GitHub Action (action.yml) run commands
// the CLI has, and their command lines work on a site folder: real processes, the repo's bin.
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CHECK_HELP, INDEX_HELP, USAGE } from '../../cli/usage';
import { SARIF_SCHEMA } from '../../utils/engine/spec';
import { buildCli, run } from './cli-process';

beforeAll(() => buildCli(), 60_000);

interface Hook {
  id: string;
  entry: string;
  language: string;
  files: string;
  pass_filenames: boolean;
  args: string[];
}
interface Step {
  if?: string;
  shell: string;
  env: Record<string, string>;
  run: string;
}
interface Action {
  inputs: Record<string, { default: string; required: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const hooks = parse(readFileSync('.pre-commit-hooks.yaml', 'utf8')) as Hook[];
const action = parse(readFileSync('action.yml', 'utf8')) as Action;
const HELP: Record<string, string> = { index: INDEX_HELP, check: CHECK_HELP };

function siteCopy(shape: string): string {
  const dir = mkdtempSync(join(tmpdir(), `poppy-ci-${shape}-`));
  cpSync(join('tests/fixtures/index-shapes', shape), dir, { recursive: true });
  return dir;
}

describe('.pre-commit-hooks.yaml', () => {
  it('declares the index and check hooks over the site folder, which the CLI has', () => {
    expect(hooks.map((h) => [h.id, h.entry, h.language, h.pass_filenames, h.args])).toEqual([
      ['poppy-inspector-index', 'poppy-inspector index', 'node', false, ['.']],
      ['poppy-inspector-check', 'poppy-inspector check', 'node', false, ['.', '--same-origin-only']],
    ]);
    for (const h of hooks) {
      const [bin, command] = h.entry.split(' ');
      expect(bin).toBe(Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).bin)[0]);
      expect(USAGE).toContain(`poppy-inspector ${command} `);
      for (const option of h.args.filter((a) => a.startsWith('--'))) expect(HELP[command!]).toContain(option);
      expect(new RegExp(h.files).test('public/.well-known/agent-skills/index.json')).toBe(true);
      expect(new RegExp(h.files).test('src/app.ts')).toBe(false);
    }
  });

  it.each([
    ['stale-digest', 1, 1],
    ['invented-schema', 1, 0],
  ])('their command lines on %s exit as a commit gate should (index %i, check %i)', async (shape, indexCode, checkCode) => {
    const dir = siteCopy(shape);
    const codes = [];
    for (const h of hooks) {
      const [, command] = h.entry.split(' ');
      const r = await run(
        'node',
        [resolve('bin/poppy-inspector.mjs'), command!, ...h.args, '--origin', 'https://shop.example'],
        {},
        { cwd: dir },
      );
      codes.push(r.code);
    }
    expect(codes).toEqual([indexCode, checkCode]);
  });
});

describe('action.yml', () => {
  it('is a composite action with the documented inputs, running index then check to SARIF', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default]))).toEqual({
      directory: '.',
      origin: '',
      sarif: 'poppy-inspector.sarif',
      'same-origin-only': 'false',
      version: 'latest',
    });
    expect(action.outputs.sarif!.value).toBe('${{ inputs.sarif }}');
    const commands = action.runs.steps.map((s) => /"\$\{cli\[@\]\}" (\w+) (.*)$/m.exec(s.run)!.slice(1));
    expect(commands).toEqual([
      ['index', '"$POPPY_DIR" "${args[@]}"'],
      ['check', '"$POPPY_DIR" "${args[@]}" --format sarif --output "$POPPY_SARIF"'],
    ]);
    for (const [command] of commands) expect(USAGE).toContain(`poppy-inspector ${command} `);
    for (const option of ['--format', 'sarif', '--output', '--same-origin-only', '--origin']) expect(CHECK_HELP).toContain(option);
    expect(INDEX_HELP).toContain('--origin');
    expect(action.runs.steps[1]!.if).toBe('${{ !cancelled() }}');
  });

  /** Runs the action's steps as the runner does: bash -eo pipefail, inputs through env. */
  async function runAction(dir: string, inputs: Record<string, string>): Promise<{ codes: (number | null)[]; out: string }> {
    const values = { ...Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, v.default])), ...inputs };
    const codes: (number | null)[] = [];
    let out = '';
    for (const step of action.runs.steps) {
      const env = Object.fromEntries(
        Object.entries(step.env).map(([k, v]) => [k, v.replace(/\$\{\{ inputs\.([\w-]+) \}\}/, (_, name: string) => values[name]!)]),
      );
      const r = await run(
        'bash',
        ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run],
        { ...env, GITHUB_ACTION_PATH: resolve('.') },
        { cwd: dir },
      );
      codes.push(r.code);
      out += r.stdout + r.stderr;
    }
    return { codes, out };
  }

  it('runs on a repaired site folder: both steps pass and the SARIF report is written', async () => {
    const dir = siteCopy('no-schema');
    await run('node', [resolve('bin/poppy-inspector.mjs'), 'index', '.', '--origin', 'https://shop.example', '--write'], {}, { cwd: dir });
    const { codes, out } = await runAction(dir, { origin: 'https://shop.example', 'same-origin-only': 'true' });
    expect(codes, out).toEqual([0, 0]);
    const sarif = JSON.parse(readFileSync(join(dir, 'poppy-inspector.sarif'), 'utf8'));
    expect(sarif.$schema).toBe(SARIF_SCHEMA);
  });

  it('fails the index step on a stale digest, and still writes the SARIF report', async () => {
    const dir = siteCopy('stale-digest');
    const { codes } = await runAction(dir, { origin: 'https://shop.example', 'same-origin-only': 'true', sarif: 'out.sarif' });
    expect(codes).toEqual([1, 1]);
    expect(existsSync(join(dir, 'out.sarif'))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8')).runs[0].results.length).toBeGreaterThan(0);
  });
});
