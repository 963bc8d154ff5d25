#!/usr/bin/env node
// `npm test`: every suite in turn, each closing with a line "<suite>: N passed, N failed".
// A suite that cannot run counts as one failure, so nothing fails silently.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2);
const artifacts = 'tests/.artifacts';
mkdirSync(artifacts, { recursive: true });

/** Each suite: a name and how to run it; `count` reads its pass/fail tally. */
const suites = [
  // Static checks side by side: each is one process on one core, and CI's budget is 15 minutes.
  { name: 'typecheck', together: 'static', run: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', together: 'static', run: ['sh', '-c', 'npx eslint --max-warnings 0 . && npx prettier --check .'] },
  { name: 'build', run: ['sh', '-c', 'node scripts/build-cli.mjs && npx wxt build && npx wxt build -b firefox --mv3'] },
  { name: 'unit', vitest: ['run', '--project', 'unit', '--project', 'wiring', '--project', 'components'] },
  { name: 'pack', vitest: ['run', '--project', 'pack'] },
  { name: 'firefox-lint', run: ['node', 'scripts/web-ext-lint.mjs'] },
  { name: 'e2e-chromium', browsers: true, vitest: ['run', '-c', 'vitest.e2e.config.ts', '--project', 'chromium'] },
  { name: 'e2e-firefox', browsers: true, vitest: ['run', '-c', 'vitest.e2e.config.ts', '--project', 'firefox'] },
  { name: 'zip', run: ['sh', '-c', 'npx wxt zip && npx wxt zip -b firefox --mv3'] },
].filter((s) => only.length === 0 || only.includes(s.name));

// Browser suites from several checkouts on one machine (worktrees) take turns: side by side they
// starve each other's browsers of CPU until their timeouts fire. `flock` queues them when present.
const flock = spawnSync('sh', ['-c', 'command -v flock'], { encoding: 'utf8' }).stdout.trim();
const lockFile = join(tmpdir(), 'poppy-inspector-browser-suites.lock');
/** The command line of a suite, queued behind other checkouts' browser suites when it needs one. */
const command = (suite, argv) => (suite.browsers && flock ? [flock, lockFile, ...argv] : argv);

/** Runs a plain command with its output kept, printed whole when it ends (suites run side by side). */
function runBuffered(suite) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(suite.run[0], suite.run.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      const failed = code === 0 ? 0 : 1;
      const line = `${suite.name}: ${1 - failed} passed, ${failed} failed`;
      console.log(`\n=== ${suite.name} ===\n${Buffer.concat(out).toString()}${line}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      done({ line, failed });
    });
  });
}

/** Runs one suite in the foreground; a vitest suite's tally is read from its JSON report. */
function runSuite(suite) {
  const started = Date.now();
  console.log(`\n=== ${suite.name} ===`);
  let passed = 0;
  let failed = 0;
  if (suite.vitest) {
    const out = `${artifacts}/${suite.name}.json`;
    rmSync(out, { force: true });
    const [bin, ...args] = command(suite, [
      'npx',
      'vitest',
      ...suite.vitest,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ]);
    const r = spawnSync(bin, args, { stdio: 'inherit' });
    if (existsSync(out)) {
      const json = JSON.parse(readFileSync(out, 'utf8'));
      passed = json.numPassedTests;
      failed = json.numFailedTests + (json.numTotalTestSuites > 0 && json.success === false && json.numFailedTests === 0 ? 1 : 0);
    } else failed = 1;
    if (r.status !== 0 && failed === 0) failed = 1;
  } else {
    const r = spawnSync(suite.run[0], suite.run.slice(1), { stdio: 'inherit' });
    if (r.status === 0) passed = 1;
    else failed = 1;
  }
  const line = `${suite.name}: ${passed} passed, ${failed} failed`;
  console.log(`${line}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { line, failed };
}

const started = Date.now();
const results = [];
for (let i = 0; i < suites.length;) {
  const group = suites[i].together;
  if (!group) {
    results.push(runSuite(suites[i++]));
    continue;
  }
  const members = [];
  while (i < suites.length && suites[i].together === group) members.push(suites[i++]);
  results.push(...(await Promise.all(members.map(runBuffered))));
}

console.log('\n=== summary ===');
for (const r of results) console.log(r.line);
console.log(`all suites: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exitCode = results.some((r) => r.failed > 0) ? 1 : 0;
