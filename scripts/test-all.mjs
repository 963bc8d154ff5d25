#!/usr/bin/env node
// `npm test`: every suite, each closing with a line "<suite>: N passed, N failed", then a summary.
// A suite that cannot run counts as one failure, so nothing fails silently. Suites that share a
// `together` group run side by side (their output printed whole as each ends): they are single
// processes that leave the second core idle, and CI's budget is 15 minutes.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.slice(2);
const artifacts = 'tests/.artifacts';
mkdirSync(artifacts, { recursive: true });

const vitest = (...args) => ['npx', 'vitest', ...args];
const suites = [
  { name: 'typecheck', together: 'static', run: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', together: 'static', run: ['sh', '-c', 'npx eslint --max-warnings 0 . && npx prettier --check .'] },
  // `wxt zip` builds each browser's extension into .output/<target> and then zips it: the e2e
  // suites test those builds, so building and zipping are one step.
  { name: 'build', run: ['sh', '-c', 'node scripts/build-cli.mjs && npx wxt zip && npx wxt zip -b firefox --mv3'] },
  { name: 'unit', vitest: ['run', '--project', 'unit', '--project', 'wiring', '--project', 'components'] },
  { name: 'pack', together: 'package', vitest: ['run', '--project', 'pack'] },
  { name: 'firefox-lint', together: 'package', run: ['node', 'scripts/web-ext-lint.mjs'] },
  { name: 'e2e-chromium', browsers: true, vitest: ['run', '-c', 'vitest.e2e.config.ts', '--project', 'chromium'] },
  { name: 'e2e-firefox', browsers: true, vitest: ['run', '-c', 'vitest.e2e.config.ts', '--project', 'firefox'] },
].filter((s) => only.length === 0 || only.includes(s.name));

// Browser suites from several checkouts on one machine (worktrees) take turns: side by side they
// starve each other's browsers of CPU until their timeouts fire. `flock` queues them when present.
const flock = (() => {
  try {
    return execFileSync('sh', ['-c', 'command -v flock'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
})();
const lockFile = join(tmpdir(), 'poppy-inspector-browser-suites.lock');

/** The command line of a suite: vitest with a JSON report to count from, queued when it needs a browser. */
function commandOf(suite) {
  const argv = suite.vitest
    ? vitest(...suite.vitest, '--reporter=default', '--reporter=json', `--outputFile.json=${artifacts}/${suite.name}.json`)
    : suite.run;
  return suite.browsers && flock ? [flock, lockFile, ...argv] : argv;
}

/** Passed and failed counts: a vitest suite's from its JSON report, a command's from its exit code. */
function tally(suite, status) {
  if (!suite.vitest) return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  const out = `${artifacts}/${suite.name}.json`;
  if (!existsSync(out)) return { passed: 0, failed: 1 };
  const json = JSON.parse(readFileSync(out, 'utf8'));
  let failed = json.numFailedTests + (json.numTotalTestSuites > 0 && json.success === false && json.numFailedTests === 0 ? 1 : 0);
  if (status !== 0 && failed === 0) failed = 1;
  return { passed: json.numPassedTests, failed };
}

/** Runs one suite; `buffered` keeps its output and prints it whole when it ends. */
function runSuite(suite, buffered) {
  return new Promise((done) => {
    const started = Date.now();
    if (suite.vitest) rmSync(`${artifacts}/${suite.name}.json`, { force: true });
    if (!buffered) console.log(`\n=== ${suite.name} ===`);
    const [bin, ...args] = commandOf(suite);
    const child = spawn(bin, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    let ended = false;
    const end = (status) => {
      if (ended) return;
      ended = true;
      const { passed, failed } = tally(suite, status);
      const line = `${suite.name}: ${passed} passed, ${failed} failed`;
      if (buffered) console.log(`\n=== ${suite.name} ===\n${Buffer.concat(output).toString()}`);
      console.log(`${line}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      done({ line, failed });
    };
    child.on('error', () => end(1));
    child.on('close', (code) => end(code ?? 1));
  });
}

const started = Date.now();
const results = [];
for (let i = 0; i < suites.length;) {
  const group = suites[i].together;
  const members = [suites[i++]];
  while (group && i < suites.length && suites[i].together === group) members.push(suites[i++]);
  results.push(...(await Promise.all(members.map((s) => runSuite(s, members.length > 1)))));
}

console.log('\n=== summary ===');
for (const r of results) console.log(r.line);
console.log(`all suites: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exitCode = results.some((r) => r.failed > 0) ? 1 : 0;
