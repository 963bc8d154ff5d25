#!/usr/bin/env node
// `web-ext lint` on the Firefox build (.output/firefox-mv3): fails on errors only, and prints
// every warning and notice so reviewers see them. Expected, and explained in docs/extension.md:
// (No DANGEROUS_EVAL: the extension uses zod/mini, which never compiles parsers.)
// - UNSAFE_VAR_ASSIGNMENT "innerHTML" in the Preact runtime: its `dangerouslySetInnerHTML`
//   support, which ESLint forbids in our code.
// Anything else is worth a look.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const source = process.argv[2] ?? '.output/firefox-mv3';
if (!existsSync(join(source, 'manifest.json'))) {
  console.error(`web-ext-lint: no build at ${source}; run \`npm run build:firefox\` first`);
  process.exit(1);
}

const run = spawnSync('npx', ['web-ext', 'lint', '--source-dir', source, '--output', 'json', '--no-config-discovery', '--no-input'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let result;
try {
  result = JSON.parse(run.stdout);
} catch {
  // Not a lint result: web-ext itself failed. Show what it said.
  process.stderr.write(run.stderr || run.stdout || `web-ext exited with ${run.status}\n`);
  process.exit(1);
}

const where = (m) => (m.file ? ` (${m.file}${m.line ? `:${m.line}` : ''}${m.column ? `:${m.column}` : ''})` : '');
for (const [kind, list] of [
  ['error', result.errors],
  ['warning', result.warnings],
  ['notice', result.notices],
]) {
  for (const m of list ?? []) console.log(`${kind}: ${m.code}: ${m.message}${where(m)}`);
}
const { errors = 0, warnings = 0, notices = 0 } = result.summary ?? {};
console.log(`web-ext lint: ${errors} errors, ${warnings} warnings, ${notices} notices`);
process.exitCode = errors > 0 ? 1 : 0;
