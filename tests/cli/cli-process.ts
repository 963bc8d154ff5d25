// Running the command line as users do: the bundled bin in a real process.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { assertReport } from '../helpers/report-schema';

export const BIN = resolvePath('bin/poppy-inspector.mjs');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Working directory (default: this checkout). */
  cwd?: string;
  /** Written to the child's stdin, which is then closed. */
  stdin?: string;
}

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, options: RunOptions = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, NO_COLOR: '1', ...env }, cwd: options.cwd });
    child.stdin.end(options.stdin ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A JSON report on stdout (`--json`, `--format json`, a survey's `--full` lines) must match the schema. */
function checkReports(args: readonly string[], r: Run): Run {
  const json = args.includes('--json') || args.some((a, i) => a === '--format' && args[i + 1] === 'json');
  if (json && r.stdout.trimStart().startsWith('{')) assertReport(JSON.parse(r.stdout), `check ${args.join(' ')}`);
  if (args[0] === 'survey' && args.includes('--full'))
    for (const line of r.stdout.split('\n').filter((l) => l.startsWith('{'))) {
      const { report } = JSON.parse(line) as { report?: unknown };
      if (report !== undefined && report !== null) assertReport(report, `survey ${args.join(' ')}`);
    }
  return r;
}

export const cli = async (...args: string[]) => checkReports(args, await run('node', [BIN, ...args]));

/** The bin run from another directory (paths in its output are relative to it). */
export const cliIn = async (cwd: string, ...args: string[]) => checkReports(args, await run('node', [BIN, ...args], {}, { cwd }));

/** Rebuilds the bundle: the tests must exercise the current source, not a stale build. */
export async function buildCli(): Promise<void> {
  const build = await run('node', ['scripts/build-cli.mjs']);
  if (build.code !== 0) throw new Error(build.stderr);
}

/** Writes the fixture server's CA to a file for `--cacert`. */
export function caFileFor(pem: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'poppy-cli-')), 'ca.pem');
  writeFileSync(file, pem);
  return file;
}
