/**
 * The e2e suites test the built extension. `npm test` builds before running them; a developer
 * running `npm run test:e2e` alone after an edit would otherwise test a stale build, so the
 * global setup rebuilds whenever a source file is newer than the build's manifest.
 * `POPPY_E2E_OUTPUT=<dir>` points the suites at another build (`<dir>/chrome-mv3`, ...) and
 * skips building, e.g. to test a build made from a clean checkout.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type BuildTarget = 'chrome-mv3' | 'firefox-mv3';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUTPUT_OVERRIDE = process.env.POPPY_E2E_OUTPUT;
const SOURCES = ['entrypoints', 'components', 'utils', 'public', 'wxt.config.ts', 'package.json'];
const BUILD_ARGS: Record<BuildTarget, string[]> = {
  'chrome-mv3': ['wxt', 'build'],
  'firefox-mv3': ['wxt', 'build', '-b', 'firefox', '--mv3'],
};

export function buildDir(target: BuildTarget): string {
  return join(OUTPUT_OVERRIDE ? resolve(OUTPUT_OVERRIDE) : join(ROOT, '.output'), target);
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Builds `target` when its manifest is missing or older than any source; returns the build dir. */
export function ensureBuilt(target: BuildTarget): string {
  const dir = buildDir(target);
  const manifest = join(dir, 'manifest.json');
  if (OUTPUT_OVERRIDE) {
    if (!existsSync(manifest)) throw new Error(`POPPY_E2E_OUTPUT: no build at ${dir}`);
    return dir;
  }
  const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  if (built < sources) {
    console.log(`e2e: building ${target} (${built ? 'sources changed' : 'no build yet'})`);
    // Vitest sets NODE_ENV=test, which would give Preact's development JSX: test what ships.
    execFileSync('npx', BUILD_ARGS[target], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  return dir;
}
