#!/usr/bin/env node
// `npm test`: every suite in turn, each closing with a line "<suite>: N passed, N failed".
// A suite that cannot run counts as one failure, so nothing fails silently.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

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
  { name: 'e2e-chromium', vitest: ['run', '-c', 'vitest.e2e.config.ts', '--project', 'chromium'] },
  { name: 'e2e-firefox', vitest: ['run', '-c', 'vitest.e2e.config.ts', '--project', 'firefox'] },
  { name: 'zip', run: ['sh', '-c', 'npx wxt zip && npx wxt zip -b firefox --mv3'] },
].filter((s) => only.length === 0 || only.includes(s.name));

const results = [];
for (const suite of suites) {
  const started = Date.now();
  console.log(`\n=== ${suite.name} ===`);
  let passed = 0;
  let failed = 0;
  if (suite.vitest) {
    const out = `${artifacts}/${suite.name}.json`;
    rmSync(out, { force: true });
    const r = spawnSync('npx', ['vitest', ...suite.vitest, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
      stdio: 'inherit',
    });
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
  results.push({ line, failed });
}

console.log('\n=== summary ===');
for (const r of results) console.log(r.line);
process.exitCode = results.some((r) => r.failed > 0) ? 1 : 0;
