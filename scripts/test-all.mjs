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
  { name: 'typecheck', run: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', run: ['sh', '-c', 'npx eslint --max-warnings 0 . && npx prettier --check .'] },
  { name: 'build', run: ['sh', '-c', 'node scripts/build-cli.mjs && npx wxt build && npx wxt build -b firefox --mv3'] },
  { name: 'unit', vitest: ['run', '--project', 'unit', '--project', 'wiring', '--project', 'components'] },
  { name: 'pack', vitest: ['run', '--project', 'pack'] },
  { name: 'firefox-lint', run: ['node', 'scripts/web-ext-lint.mjs'] },
  { name: 'e2e-chromium', browsers: 'chromium', vitest: ['run', '-c', 'vitest.e2e.config.ts', '--project', 'chromium'] },
  { name: 'e2e-firefox', browsers: 'firefox', vitest: ['run', '-c', 'vitest.e2e.config.ts', '--project', 'firefox'] },
  { name: 'zip', run: ['sh', '-c', 'npx wxt zip && npx wxt zip -b firefox --mv3'] },
].filter((s) => only.length === 0 || only.includes(s.name));

// Browser suites from several checkouts on one machine (worktrees) take turns, one lock per
// browser: side by side, two runs of one browser's suite starve each other's browsers of CPU until
// their timeouts fire. `flock` queues them when present. Within one run the Chromium and Firefox
// suites run side by side (they mostly wait on browsers and servers), which keeps CI within its
// 15 minutes; their output is printed whole, one suite after the other.
const flock = spawnSync('sh', ['-c', 'command -v flock'], { encoding: 'utf8' }).stdout.trim();
const lockFile = (browser) => join(tmpdir(), `poppy-inspector-browser-suites-${browser}.lock`);
/** The command line of a suite, queued behind other checkouts' runs of it when it needs a browser. */
const command = (suite, argv) => (suite.browsers && flock ? [flock, lockFile(suite.browsers), ...argv] : argv);

/** Runs a suite; its output goes to the terminal, or is collected when it runs beside another. */
async function runSuite(suite, collect) {
  const started = Date.now();
  let output = '';
  const run = ([bin, ...args]) =>
    new Promise((resolve) => {
      const child = spawn(bin, args, { stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
      if (collect) {
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
      }
      child.on('error', () => resolve(1));
      child.on('close', (code) => resolve(code ?? 1));
    });
  let passed = 0;
  let failed = 0;
  if (suite.vitest) {
    const out = `${artifacts}/${suite.name}.json`;
    rmSync(out, { force: true });
    const status = await run(
      command(suite, ['npx', 'vitest', ...suite.vitest, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]),
    );
    if (existsSync(out)) {
      const json = JSON.parse(readFileSync(out, 'utf8'));
      passed = json.numPassedTests;
      failed = json.numFailedTests + (json.numTotalTestSuites > 0 && json.success === false && json.numFailedTests === 0 ? 1 : 0);
    } else failed = 1;
    if (status !== 0 && failed === 0) failed = 1;
  } else {
    const status = await run(suite.run);
    if (status === 0) passed = 1;
    else failed = 1;
  }
  const line = `${suite.name}: ${passed} passed, ${failed} failed`;
  return { line, failed, output, took: `${((Date.now() - started) / 1000).toFixed(1)} s` };
}

const results = [];
const browserSuites = suites.filter((s) => s.browsers);
for (const suite of suites) {
  if (suite.browsers && suite !== browserSuites[0]) continue;
  const batch = suite.browsers ? browserSuites : [suite];
  const collect = batch.length > 1;
  if (collect) console.log(`\n=== ${batch.map((s) => s.name).join(' + ')} (side by side) ===`);
  const done = await Promise.all(
    batch.map((s) => {
      if (!collect) console.log(`\n=== ${s.name} ===`);
      return runSuite(s, collect);
    }),
  );
  done.forEach((r, i) => {
    if (collect) process.stdout.write(`\n=== ${batch[i].name} ===\n${r.output}`);
    console.log(`${r.line}  (${r.took})`);
    results.push(r);
  });
}

console.log('\n=== summary ===');
for (const r of results) console.log(r.line);
process.exitCode = results.some((r) => r.failed > 0) ? 1 : 0;
