/**
 * `npm start`: build the extension, serve the sandbox stores on *.localhost, and open Chromium
 * with the extension on Northlight Flowers. With no display, say so and print what to open.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startOrExplain } from '../tests/fixtures/busy-port';
import { ALL_SITES } from '../tests/fixtures/sites/index';

const PORT_BASE = Number(process.env.POPPY_DEMO_PORT ?? 5170);
const EXTENSION = resolve('.output/chrome-mv3');
// Branded Google Chrome ignores --load-extension since version 137; Chromium honours it.
const BROWSERS = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

console.log('Building the extension (Chrome MV3)…');
const build = spawnSync('npx', ['wxt', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startOrExplain(
  { httpsPort: PORT_BASE, ports: Object.fromEntries(ALL_SITES.map((site, i) => [site.name, PORT_BASE + 1 + i])) },
  `Choose other ports: POPPY_DEMO_PORT=${PORT_BASE + 100} npm start (it uses ${ALL_SITES.length + 1} ports from there).`,
);
const start = `${server.localhostOrigin('northlight')}/`;

console.log('\nSandbox stores (Ctrl-C stops them):');
for (const site of ALL_SITES) console.log(`  ${server.localhostOrigin(site.name).padEnd(42)} ${site.summary}`);

const browser = BROWSERS.find((path) => existsSync(path));
const display = process.env.DISPLAY || process.env.WAYLAND_DISPLAY || process.platform === 'darwin';
if (!browser || !display) {
  console.log(`
${!display ? 'No display found' : 'No Chromium found'}: open a browser yourself.
  1. chrome://extensions → Developer mode → "Load unpacked" → ${EXTENSION}
     (Firefox: about:debugging → "Load Temporary Add-on" → .output/firefox-mv3/manifest.json,
      after \`npm run build:firefox\`)
  2. Pin the extension: the puzzle piece in the toolbar → the pin beside Poppy Inspector.
  3. Visit ${start} and click the poppy in the toolbar.
  Try also ${server.localhostOrigin('northlight-stale')}/ (a stale digest) and ${server.localhostOrigin('no-poppy')}/ (nothing published).`);
} else {
  const profile = mkdtempSync(join(tmpdir(), 'poppy-demo-'));
  // Chromium refuses to start as root with its sandbox: run it without, and say so.
  const asRoot = process.getuid?.() === 0;
  const chromium = spawn(
    browser,
    [
      ...(asRoot ? ['--no-sandbox'] : []),
      `--user-data-dir=${profile}`,
      `--disable-extensions-except=${EXTENSION}`,
      `--load-extension=${EXTENSION}`,
      '--no-first-run',
      '--no-default-browser-check',
      start,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  chromium.stderr.on('data', (chunk: Buffer) => void (errors = (errors + chunk.toString()).slice(-2000)));
  const opened = Date.now();
  chromium.on('error', (error) => {
    console.error(`Chromium could not start (${browser}): ${error.message}`);
    void server.close().then(() => process.exit(1));
  });
  chromium.on('exit', (code) => {
    // Gone within seconds is a failed start, not the user closing the window: show why.
    if (Date.now() - opened < 5000) console.error(`Chromium exited at once (code ${code}):\n${errors.trim()}`);
    void server.close().then(() => process.exit(0));
  });
  console.log(`
Chromium is starting on ${start} with Poppy Inspector loaded${asRoot ? ' (as root: without its sandbox, --no-sandbox)' : ''}.
Chromium hides a new extension's icon: click the puzzle piece in the toolbar, pin Poppy Inspector,
then click the poppy to open the panel.`);
}

process.once('SIGINT', () => void server.close().then(() => process.exit(0)));
