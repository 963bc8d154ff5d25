// Bundles the command line (engine included) for Node 20 into dist/cli/: minified, and split so
// that each command loads only what it needs (`--help` and `digest` never load the fetch stack).
// Everything is bundled: the published package has no dependencies to install.
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const out = 'dist/cli';
// Built aside, then swapped in: a CLI started while another build runs never reads half a tree.
const staging = `dist/.cli-${process.pid}`;
const previous = `dist/.cli-old-${process.pid}`;
mkdirSync('dist', { recursive: true });

const result = await build({
  entryPoints: { main: 'cli/main.ts' },
  outdir: staging,
  bundle: true,
  splitting: true,
  minify: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // ES modules first: jsonc-parser's `main` is a UMD build whose require() calls esbuild cannot follow.
  mainFields: ['module', 'main'],
  outExtension: { '.js': '.mjs' },
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  metafile: true,
  define: { __VERSION__: JSON.stringify(version) },
  // Bundled CommonJS dependencies may call require(); give them one.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
});
rmSync(previous, { recursive: true, force: true });
try {
  renameSync(out, previous);
} catch {
  // First build: nothing to move aside.
}
renameSync(staging, out);
rmSync(previous, { recursive: true, force: true });
rmSync('dist/cli.mjs', { force: true }); // the single-file bundle of earlier versions

if (process.argv.includes('--sizes')) {
  for (const [file, { bytes }] of Object.entries(result.metafile.outputs))
    console.log(`${(bytes / 1024).toFixed(1).padStart(8)} KiB  ${file.replace(staging, out)}`);
}
