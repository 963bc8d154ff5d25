// Running the command line as users do: the bundled bin in a real process.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BIN = 'bin/poppy-inspector.mjs';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, NO_COLOR: '1', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export const cli = (...args: string[]) => run('node', [BIN, ...args]);

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
