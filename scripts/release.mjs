// `npm run release`: every file a release needs, in release/ (CONTRIBUTING.md, "Releasing"):
// the Chrome zip, the Firefox zip and its sources zip, the command-line tarball, SHA256SUMS; and
// CHANGELOG.md's "Unreleased" section turned into the version's entry. `--no-stamp` leaves
// CHANGELOG.md alone (it must then have the version's entry or Unreleased notes already).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'release');
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const stamp = !process.argv.includes('--no-stamp');
const started = Date.now();

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) fail(`${command} ${args.join(' ')} exited with ${r.status}`);
}

// 1. The changelog: the version's entry exists, or Unreleased has notes to become it.
const changelogPath = join(root, 'CHANGELOG.md');
const changelog = readFileSync(changelogPath, 'utf8');
const UNRELEASED = /^## \[Unreleased\]\n([\s\S]*?)(?=^## |(?![\s\S]))/m;
const hasEntry = changelog.includes(`## [${version}]`);
const notes = UNRELEASED.exec(changelog)?.[1]?.trim() ?? '';
if (!hasEntry && notes === '') fail(`CHANGELOG.md has no entry for ${version} and no notes under "## [Unreleased]"`);
if (!hasEntry && stamp) {
  const day = new Date().toISOString().slice(0, 10);
  writeFileSync(changelogPath, changelog.replace(UNRELEASED, `## [Unreleased]\n\n## [${version}] - ${day}\n\n${notes}\n\n`));
  console.log(`CHANGELOG.md: "Unreleased" is now ${version} (${day})`);
}

// 2. The files. The zips come from WXT (the Firefox build also writes its sources zip).
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
run('npx', ['wxt', 'zip']);
run('npx', ['wxt', 'zip', '-b', 'firefox', '--mv3']);
run('npm', ['pack', '--pack-destination', out, '--silent']);

const files = {
  chrome: `${name}-${version}-chrome.zip`,
  firefox: `${name}-${version}-firefox.zip`,
  sources: `${name}-${version}-sources.zip`,
};
for (const file of Object.values(files)) {
  const built = join(root, '.output', file);
  if (!existsSync(built)) fail(`${file} was not built`);
  copyFileSync(built, join(out, file));
}
const tarball = `${name}-${version}.tgz`;
if (!existsSync(join(out, tarball))) fail(`${tarball} was not packed`);

// 3. Nothing stray in the sources zip: reviewers rebuild from it, and it is public.
const STRAY = [
  /(^|\/)node_modules\//,
  /^\.output\//,
  /^release\//,
  /^dist\//,
  /\.tgz$/,
  /(^|\/)\.env/,
  /^tests\/\.artifacts\//,
  /^coverage\//,
  /\.log$/,
];
const entries = [];
// The filter sees every entry's name; returning false skips inflating it.
unzipSync(readFileSync(join(out, files.sources)), { filter: (file) => void entries.push(file.name) ?? false });
const stray = entries.filter((e) => STRAY.some((re) => re.test(e)));
if (stray.length > 0) fail(`the sources zip holds files it must not: ${stray.join(', ')}`);
for (const needed of ['package.json', 'package-lock.json', 'wxt.config.ts', 'README.md'])
  if (!entries.includes(needed)) fail(`the sources zip lacks ${needed}`);

// 4. Checksums, in the format `sha256sum -c` reads.
const listed = readdirSync(out)
  .filter((f) => f !== 'SHA256SUMS')
  .sort();
const sums = listed.map(
  (f) =>
    `${createHash('sha256')
      .update(readFileSync(join(out, f)))
      .digest('hex')}  ${f}`,
);
writeFileSync(join(out, 'SHA256SUMS'), `${sums.join('\n')}\n`);

console.log(`\nrelease/ (${((Date.now() - started) / 1000).toFixed(1)} s):`);
for (const f of [...listed, 'SHA256SUMS']) console.log(`  ${f.padEnd(44)} ${(statSync(join(out, f)).size / 1024).toFixed(1)} KiB`);
// WXT 0.20's zip lists each folder as an entry of its own (a name ending in `/`): not a file.
console.log(`The sources zip holds ${entries.filter((e) => !e.endsWith('/')).length} files, none stray.`);
