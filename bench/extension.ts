// The extension's budgets: what each page makes the browser load, how fast the panel shows a
// cached result, and how many requests a page visit causes. Measured on the built Chrome
// extension (built first when a source is newer), in headless Chromium against the fixture sites.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { ensureBuilt } from '../tests/e2e/harness/build';
import { launchChromium, type ChromiumSession } from '../tests/e2e/harness/chromium';
import { settledPanel, SETTLED } from '../tests/e2e/harness/panel';
import { median, READ_SETTLED, RECORD_SETTLED, type SettledAt } from '../tests/e2e/harness/timing';
import { waitFor } from '../tests/e2e/harness/wait';
import { startFixtureServer, type FixtureServer, type RecordedRequest } from '../tests/fixtures/server';
import { northlight } from '../tests/fixtures/sites/northlight';
import { ALL_SITES } from '../tests/fixtures/sites/index';
import { manySkills, MANY_SKILLS_COUNT } from '../tests/e2e/harness/panel-sites';
import { WELL_KNOWN } from '../utils/engine/spec';
import { toolbarPopupTimes } from './toolbar-popup';
import { bundleSize, frameworksIn, FRAMEWORK_MARKERS, pageClosure, scriptClosure, type BundleSize } from './bundle-size';

const KB = 1024;
const CONTENT_SCRIPT_MAX_GZIP = 2 * KB;
const POPUP_MAX_GZIP = 40 * KB;
const CACHED_PANEL_MAX_MS = 50;
/** The site whose panel is timed and visited: a full poppy.json and three skills on its origin. */
const SITE = northlight.name;
/** The big site, timed too: a cached result of 200 skills must paint within the same budget. */
const MANY = manySkills();

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** What Preact's development JSX transform writes into every element it creates. */
const DEV_JSX_MARKER = 'lineNumber:';

/**
 * The built Chrome extension, as it ships. The e2e setup builds under Vitest, whose NODE_ENV=test
 * gives a build with development JSX (about half again as big): such a build is made again.
 */
export function productionBuild(): string {
  const dir = ensureBuilt('chrome-mv3');
  if (!pageClosure(dir, 'popup.html').some((file) => readFileSync(join(dir, file), 'utf8').includes(DEV_JSX_MARKER))) return dir;
  if (process.env.POPPY_E2E_OUTPUT) throw new Error(`POPPY_E2E_OUTPUT: ${dir} holds a development build; measure a production one`);
  console.log('bench: rebuilding chrome-mv3 for production (the build found has development JSX)');
  execFileSync('npx', ['wxt', 'build'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return dir;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ratio = (value: number, target: number) => `ratio ${(value / target).toFixed(2)}x`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Manifest {
  content_scripts?: { js?: string[] }[];
  action?: { default_popup?: string };
  options_ui?: { page?: string };
  background?: { service_worker?: string };
}

function sizeLine(label: string, size: BundleSize, budget?: number): string {
  const target = budget === undefined ? '(for information)' : `(target < ${kb(budget)} gzip, ${ratio(size.gzip, budget)})`;
  return `${label}: ${kb(size.raw)} raw, ${kb(size.gzip)} gzip in ${size.files.length} file(s) ${target}`;
}

export async function benchExtensionSize(): Promise<string[]> {
  const dir = productionBuild();
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const contentFiles = scriptClosure(dir, manifest.content_scripts?.flatMap((c) => c.js ?? []) ?? []);
  const popupFiles = pageClosure(dir, manifest.action?.default_popup ?? 'popup.html');
  const optionsFiles = pageClosure(dir, manifest.options_ui?.page ?? 'options.html');
  const backgroundFiles = scriptClosure(dir, [manifest.background?.service_worker ?? 'background.js']);
  const popup = bundleSize(dir, popupFiles);
  const inContent = frameworksIn(dir, contentFiles);
  return [
    sizeLine(`content script (${contentFiles.join(', ')})`, bundleSize(dir, contentFiles), CONTENT_SCRIPT_MAX_GZIP),
    inContent.length === 0
      ? `  no framework in it: none of ${Object.keys(FRAMEWORK_MARKERS).join(', ')}`
      : `  FRAMEWORK IN THE CONTENT SCRIPT: ${inContent.join(', ')} (target: none)`,
    sizeLine('popup (popup.html and what it loads)', popup, POPUP_MAX_GZIP),
    ...popup.files.map((f) => `  ${f.path}: ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`),
    `  libraries in it: ${frameworksIn(dir, popupFiles).join(', ') || 'none'}`,
    sizeLine('options page', bundleSize(dir, optionsFiles)),
    sizeLine('background worker', bundleSize(dir, backgroundFiles)),
  ];
}

/** Starts the fixture sites and Chromium with the built extension; stops both after `use`. */
async function withChromium<T>(use: (server: FixtureServer, browser: ChromiumSession) => Promise<T>): Promise<T> {
  productionBuild();
  const server = await startFixtureServer({ sites: [...ALL_SITES, MANY] });
  try {
    const browser = await launchChromium();
    try {
      return await use(server, browser);
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

/**
 * Opening the panel for a site checked moments ago, timed inside the page from the start of its
 * navigation to the first settled verdict, as tests/e2e/chromium/screenshots.test.ts does.
 */
export function benchPanelSpeed(runs = 15): Promise<string[]> {
  return withChromium(async (server, browser) => [
    `${SITE} (3 skills):`,
    ...(await timePanel(server, browser, SITE, 'ok', runs)),
    `${MANY.name} (${MANY_SKILLS_COUNT} skills):`,
    ...(await timePanel(server, browser, MANY.name, MANY.expect.verdict, runs)),
  ]);
}

/** One site's cached panel, timed in the real toolbar popup and in a tab. */
async function timePanel(server: FixtureServer, browser: ChromiumSession, site: string, verdict: string, runs: number): Promise<string[]> {
  const { tabId } = await browser.visit(`${server.publicOrigin(site)}/`);
  // The first opening checks skills on every host; after it the result is fresh and complete.
  const warm = await browser.openPanel(tabId);
  await settledPanel(warm, 90_000);
  await warm.close();
  const settled: number[] = [];
  const parsed: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const page = await browser.context.newPage();
    await page.addInitScript(RECORD_SETTLED);
    await page.goto(browser.panelUrl(tabId));
    await page.waitForSelector(SETTLED);
    const at = (await page.evaluate(READ_SETTLED)) as SettledAt | null;
    if (at?.verdict !== verdict) throw new Error(`panel bench: expected a cached "${verdict}" verdict, got ${JSON.stringify(at)}`);
    settled.push(at.at);
    parsed.push((await page.evaluate(`performance.getEntriesByType('navigation')[0].domInteractive`)) as number);
    await page.close();
  }
  const mid = median(settled);
  const { page: sitePage } = await browser.visit(`${server.publicOrigin(site)}/`);
  const toolbar = await toolbarPopupTimes(browser, sitePage, runs);
  const real = median(toolbar);
  await sitePage.close();
  return [
    `toolbar popup open → cached verdict shown (chrome.action.openPopup, as a click): median ${ms(real)} over ${runs} runs, min ${ms(Math.min(...toolbar))}, max ${ms(Math.max(...toolbar))} (target < ${CACHED_PANEL_MAX_MS} ms, ${ratio(real, CACHED_PANEL_MAX_MS)})`,
    `  the same panel loaded in a new tab (popup.html?tabId=N, what the e2e tests open):`,
    `  panel in a tab → cached verdict shown: median ${ms(mid)} over ${runs} runs, min ${ms(Math.min(...settled))}, max ${ms(Math.max(...settled))}`,
    `  until popup.html is parsed (the browser's part, before any of our code runs): median ${ms(median(parsed))}`,
    `  from then to the verdict (our scripts, the reads, the render): median ${ms(median(settled.map((at, i) => at - parsed[i]!)))}`,
  ];
}

/** The extension's own requests: its worker's fetches carry no initiating site; the page's do. */
const byExtension = (r: RecordedRequest) => r.headers['sec-fetch-site'] === 'none' && r.headers['sec-fetch-dest'] === 'empty';

/**
 * Three page visits on one origin within the freshness window: a normal navigation, an SPA-style
 * `pushState` and another normal navigation. Only the first may cause requests (one check).
 */
export function benchRequestsPerVisit(quietMs = 1000): Promise<string[]> {
  return withChromium(async (server, browser) => {
    const origin = server.publicOrigin(SITE);
    const host = new URL(origin).host;
    // Settled = the tab's badge shows a result again (a navigation clears it; the visit report
    // sets it) and then no request arrives for `quietMs`: a check would have started by then.
    const settle = async (tabId: number | null) => {
      if (tabId !== null)
        await waitFor(
          () => browser.badge(tabId),
          (text) => text !== '' && text !== '…',
          { what: 'the badge to show a result' },
        );
      await waitFor(
        () => server.requests.at(-1)?.time ?? 0,
        (last) => Date.now() - last >= quietMs,
        { what: 'the requests to stop', intervalMs: 100 },
      );
    };
    let page: Page | undefined;
    let tabId: number | null = null;
    // One check: poppy.json, the stand-alone index and each skill (all on the site's own origin).
    const oneCheck = 2 + Object.keys(northlight.expect.skills).length;
    const visits: [string, () => Promise<unknown>, target: string][] = [
      [
        'normal navigation to /',
        async () => ({ page, tabId } = await browser.visit(`${origin}/`)),
        `${oneCheck}: poppy.json, the index and ${oneCheck - 2} skills, one check`,
      ],
      ['SPA navigation (pushState) to /account', () => page!.evaluate(`history.pushState(null, '', '/account')`), '0'],
      ['normal navigation to /account', () => page!.goto(`${origin}/account`), '0'],
    ];
    const lines: string[] = [];
    for (const [label, go, target] of visits) {
      const from = server.requests.length;
      await go();
      await settle(label.startsWith('SPA') ? null : tabId);
      const caused = server.requests.slice(from).filter(byExtension);
      const paths = caused.map((r) => (r.host === host ? r.url : `${r.host}${r.url}`));
      const versus = target === '0' ? '' : `, ${ratio(caused.length, oneCheck)}`;
      lines.push(
        `${label}: ${caused.length} request(s) by the extension (target ${target}${versus})${paths.length ? `\n    ${paths.join('\n    ')}` : ''}`,
      );
    }
    const poppyFetches = server.requests.filter((r) => byExtension(r) && r.host === host && r.url === WELL_KNOWN.poppy).length;
    lines.push(`poppy.json fetches for ${origin} over the three visits: ${poppyFetches} (target exactly 1, ${ratio(poppyFetches, 1)})`);
    return lines;
  });
}
