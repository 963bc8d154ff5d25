// Bundles the command line (engine included) into one ESM file for Node 20.
import { readFileSync, renameSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['cli/main.ts'],
  // Written aside, then renamed: a CLI started while another build runs never reads half a file.
  outfile: `dist/cli.${process.pid}.tmp.mjs`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  define: { __VERSION__: JSON.stringify(version) },
  // Bundled CommonJS dependencies may call require(); give them one.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
renameSync(`dist/cli.${process.pid}.tmp.mjs`, 'dist/cli.mjs');
