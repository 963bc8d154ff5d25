#!/usr/bin/env node
// The command line, bundled into dist/cli/ by `npm run build:cli` (and by `npm ci`, `npm pack`).
let main;
try {
  ({ main } = await import('../dist/cli/main.mjs'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write('poppy-inspector: the command line is not built; run `npm run build:cli` in this checkout.\n');
  process.exit(2);
}
process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
