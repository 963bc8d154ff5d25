// `npm run bench`: figures and ratios, printed; never a pass/fail timing test. Each ratio is the
// median of interleaved rounds with its spread (bench/stats.ts). A section that fails prints why
// and the others still run.
import { benchCliBundle, benchCliCheck, benchCliDirCheck, benchCliStart } from './cli';
import { benchCompressionBombs } from './compression-bombs';
import { benchEngineMemory, benchEngineSpeed, benchLongIndexMemory } from './engine';
import { benchExtensionSize, benchPanelSpeed, benchRequestsPerVisit } from './extension';
import { benchFrontmatter } from './frontmatter';
import { benchLens } from './lens';
import { benchMarkdownGrowth } from './markdown';
import { benchRequestsPerHour } from './requests';
import { benchRevalidation } from './revalidation';
import { benchSurvey } from './survey';
import { benchWorker } from './worker';
import { benchSmallSite } from './worker-small';

const sections: [string, () => Promise<string[]> | string[]][] = [
  ['Worker: page visit → badge, against the command line', () => benchWorker()],
  ['3-skill site: page visit → badge, against the page load and the bare loop', () => benchSmallSite()],
  ['Engine in Node, warm', () => benchEngineSpeed()],
  ['Command line start and whole check', async () => [...(await benchCliStart()), ...(await benchCliCheck())]],
  ['Command line: check <dir> against the same check over loopback', () => benchCliDirCheck()],
  ['Command line bundle', () => benchCliBundle()],
  ['Requests per browsing hour', () => benchRequestsPerHour()],
  ['Requests per page visit (budgets)', () => benchRequestsPerVisit()],
  ['Engine memory', () => benchEngineMemory()],
  ['Index memory: entries of the largest valid size (D5)', () => benchLongIndexMemory()],
  ['SKILL.md preview: parse-time growth', () => benchMarkdownGrowth()],
  ['Re-checks with validators', () => benchRevalidation()],
  ['Extension size (budgets)', () => benchExtensionSize()],
  ['Panel speed (budgets)', () => benchPanelSpeed()],
  ['Command line survey', () => benchSurvey()],
  ['Frontmatter parse time by hostile family', () => Promise.resolve(benchFrontmatter())],
  ['Compression bombs in the command line', () => benchCompressionBombs()],
  ['Lens: what a skill asks, time per skill (D12)', () => Promise.resolve(benchLens())],
];

const only = process.argv.slice(2);
let failed = 0;
for (const [title, run] of sections) {
  if (only.length > 0 && !only.some((word) => title.toLowerCase().includes(word.toLowerCase()))) continue;
  console.log(`\n## ${title}`);
  try {
    for (const line of await run()) console.log(line);
  } catch (error) {
    failed++;
    console.log(`SECTION FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
if (failed > 0) {
  console.log(`\n${failed} section(s) failed (see above).`);
  process.exitCode = 1;
}
