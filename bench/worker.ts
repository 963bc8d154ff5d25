// The extension's worker on the 200-skill site (docs/benchmarks.md): a page visit until the tab's badge
// shows the result, against the command line's engine checking the same site in this process;
// and memory over ten checks of fresh 200-skill sites, without and with the panel opened.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createNodeTransport } from '../cli/http/transport';
import { launchChromium, type ChromiumSession } from '../tests/e2e/harness/chromium';
import { SETTLED } from '../tests/e2e/harness/panel';
import { checkSite } from '../utils/engine/check';
import { STORAGE_KEYS } from '../utils/extension/platform/storage';
import { cliCheck } from './cli';
import { cliEngineDeps } from './cli-engine';
import { NEARBY_SERVER_MS, unverified } from './engine';
import { productionBuild } from './extension';
import { extensionRendererPid, processCpuMs, rssBytes, serviceWorker, type WorkerHandle } from './extension-process';
import { serveMany } from './sites-process';
import { bareWorkerLoop } from './worker-floor';
import { floorVariants, floorVariantSites } from './worker-floor-variants';
import { workerStartReads } from './worker-start';
import { interleaved, mib, ms, msFigure, ratioFigure, timeBoth, verdict, x, type PairedTimings, type Timing } from './stats';

const SKILLS = 200;
/** Within 10 % of the size after the first check (docs/benchmarks.md). */
const FLAT = 1.1;
/** Rounds of each floor variant (worker-floor-variants.ts): with 8, two runs differed by ±10 %. */
const VARIANT_ROUNDS = 16;

/**
 * Runs in the worker: resolves with the worker's clock when a tab on `origin` shows a result on
 * its badge (not empty, not "checking"). The badge is painted as the result is stored, so the
 * badge is read only once the result's key changes: polling it all through the check (two
 * browser calls every 5 ms) took CPU from the check it timed: the bare loop took 8 % longer
 * beside such a poller in a scratch A/B. The key's change wakes the probe at once (a 20 ms nap
 * between looks added 0–20 ms to a 3-skill visit of about 90). The stored result is read once,
 * after, to say what the check found.
 */
export const awaitBadge = (origin: string) => `(async () => {
  const origin = ${JSON.stringify(origin)};
  const key = ${JSON.stringify(STORAGE_KEYS.resultPrefix)} + origin;
  let stored = false;
  let wake = () => {};
  const onChanged = (changes) => {
    if (!(key in changes)) return;
    stored = true;
    wake();
  };
  chrome.storage.session.onChanged.addListener(onChanged);
  // The tabs on the origin, looked for once the result is stored; then only their badges are
  // read: the probe runs in the worker it measures, so each look costs the extension's thread.
  let tabIds = null;
  try {
    for (;;) {
      if (stored) {
        tabIds ??= (await chrome.tabs.query({})).filter((tab) => tab.url && tab.url.startsWith(origin + '/')).map((tab) => tab.id);
        for (const tabId of tabIds) {
          const text = await chrome.action.getBadgeText({ tabId });
          if (text !== '' && text !== '\u2026') return { at: Date.now(), text };
        }
      }
      await new Promise((resolve) => {
        wake = resolve;
        setTimeout(resolve, stored ? 1 : 20);
      });
    }
  } finally {
    chrome.storage.session.onChanged.removeListener(onChanged);
  }
})()`;

/** Runs in the worker: true once the skill-body index names the origin's files, false after 10 s. */
const bodiesKept = (origin: string) => `(async () => {
  const key = ${JSON.stringify(STORAGE_KEYS.bodyIndex)};
  for (let waited = 0; waited < 10000; waited += 20) {
    const packed = (await chrome.storage.local.get(key))[key];
    if (typeof packed === 'string' && packed.includes(${JSON.stringify(origin + '/')})) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
})()`;

export const storedOutcome = (origin: string) => `(async () => {
  const key = ${JSON.stringify(STORAGE_KEYS.resultPrefix + origin)};
  const stored = (await chrome.storage.session.get(key))[key];
  if (!stored) return null;
  const result = JSON.parse(stored);
  return { verdict: result.report.verdict, verified: result.report.skills.filter((s) => s.status === 'verified').length };
})()`;

interface Memory {
  workerHeap: number;
  /** As the system sees it, garbage of closed pages included. */
  rendererRss: number;
  /** After a full collection of the pages' heap: what the renderer keeps. */
  rendererRssAfterGc: number;
}

interface Pass {
  label: string;
  timings: PairedTimings;
  memory: Memory[];
  problems: string[];
  /** The bare loop in the worker, one per round, when the pass measures the floor. */
  floor: Timing[];
  /** The same while the tab loads a page of an origin checked already (a visit, no check). */
  floorWithVisit: Timing[];
  /** A whole `poppy-inspector check --json` process of the round's site, when the pass has floors. */
  cli: Timing[];
}

interface Session {
  browser: ChromiumSession;
  worker: WorkerHandle;
  tab: Page;
  extensionDir: string;
  engineCheck: (origin: string) => Promise<void>;
  /** The command line as a user runs it, on the same sites (pinned to loopback, the test CA). */
  cliCheck: (origin: string) => Promise<Timing>;
  /** A full collection of the heap the extension's pages share (closed panels' garbage). */
  collectPages: () => Promise<void>;
}

/**
 * Playwright turns on the DevTools Network domain in every service worker it sees, and the
 * renderer then keeps each response the worker fetched for `Network.getResponseBody`: about
 * 1.8 MiB more RSS per 200-skill check, our code or a bare fetch + digest loop alike (measured:
 * 1.15x over ten checks with it, 1.02x without). No user's browser has DevTools attached to the
 * worker, so the memory figures are taken without it. Read when Playwright meets a worker.
 */
const NO_WORKER_NETWORK_INSPECTION = 'PLAYWRIGHT_DISABLE_SERVICE_WORKER_NETWORK';

export async function benchWorker(rounds = 10): Promise<string[]> {
  const extensionDir = productionBuild();
  // bench0 warms the command line's engine; every visit, and every bare loop of the first pass,
  // then gets a site never seen before; then the checked origin the floor's visits load, and the
  // floor variants' fresh sites.
  const sites = await serveMany(SKILLS, 4096, 2 + 5 * rounds + floorVariantSites(VARIANT_ROUNDS));
  // The second server and the browser start inside the try: whatever fails to start stops what
  // had started before it.
  let stopNearby: (() => Promise<void>) | null = null;
  let closeBrowser: (() => Promise<void>) | null = null;
  const inspection = process.env[NO_WORKER_NETWORK_INSPECTION];
  process.env[NO_WORKER_NETWORK_INSPECTION] = '1';
  // The test CA for the command line's --cacert, removed with the sites.
  const caDir = mkdtempSync(join(tmpdir(), 'poppy-bench-ca-'));
  try {
    // The same on a server a little way off (every file's answer waits): a visit, and the floor's
    // two loops, per round; named after the loopback ones, so no site is met twice.
    const nearby = await serveMany(SKILLS, 4096, 3 * rounds, { first: sites.names.length, latencyMs: NEARBY_SERVER_MS });
    stopNearby = () => nearby.stop();
    const resolve = { ...sites.resolve, ...nearby.resolve };
    const browser = await launchChromium();
    closeBrowser = () => browser.close();
    const deps = cliEngineDeps(createNodeTransport({ resolve, ca: sites.caPem }));
    const engineCheck = async (origin: string) => {
      const { report } = await checkSite(origin, deps);
      const failed = unverified(report);
      if (failed.length > 0) throw new Error(`engine on ${origin}: ${failed.join('; ')}`);
    };
    for (let i = 0; i < 10; i++) await engineCheck(sites.publicOrigin(sites.names[0]!));

    const control = browser.context.pages()[0] ?? (await browser.context.newPage());
    const worker = serviceWorker(await browser.context.newCDPSession(control), browser.extensionId);
    // The extension's pages share one JavaScript heap in its renderer: a page of ours with no
    // code, open through every pass, is the handle to collect it through.
    const handle = await browser.context.newPage();
    await handle.goto(`chrome-extension://${browser.extensionId}/manifest.json`);
    const pages = await browser.context.newCDPSession(handle);
    const collectPages = async () => {
      // Twice, as for the worker: the first can leave what finalizers free for the next.
      await pages.send('HeapProfiler.collectGarbage');
      await pages.send('HeapProfiler.collectGarbage');
    };
    const caFile = join(caDir, 'ca.pem');
    writeFileSync(caFile, sites.caPem);
    const pins = Object.keys(resolve).flatMap((host) => ['--resolve', `${host}:127.0.0.1`]);
    const cli = cliCheck(SKILLS, [...pins, '--cacert', caFile]);
    const session: Session = {
      browser,
      worker,
      tab: await browser.context.newPage(),
      extensionDir,
      engineCheck,
      cliCheck: cli,
      collectPages,
    };
    const origins = sites.names.slice(1).map((name) => sites.publicOrigin(name));
    const floorOrigins = { alone: origins.slice(3 * rounds, 4 * rounds), withVisit: origins.slice(4 * rounds, 5 * rounds) };
    const checked = origins[5 * rounds]!;
    const variantOrigins = origins.slice(5 * rounds + 1);
    await visitUntilBadge(checked, session, []);
    const passes = [
      await runPass('page visits only', origins.slice(0, rounds), session, 'none', { ...floorOrigins, checked }),
      await runPass('each visit followed by opening and closing the panel', origins.slice(rounds, 2 * rounds), session, 'panel'),
      // The control for the panel pass: the same page opened and closed by Playwright in the
      // extension's renderer, a static file of ours with no code. What grows here is the harness.
      await runPass(
        'control: each visit followed by opening and closing a page with no code',
        origins.slice(2 * rounds, 3 * rounds),
        session,
        'plain',
      ),
    ];
    const far = nearby.names.map((name) => nearby.publicOrigin(name));
    const nearbyPass = await runPass(
      `page visits only, every file's answer ${NEARBY_SERVER_MS} ms away (a server a little way off, not loopback)`,
      far.slice(0, rounds),
      session,
      'none',
      { alone: far.slice(rounds, 2 * rounds), withVisit: far.slice(2 * rounds), checked },
    );
    return [
      `the same ${SKILLS}-skill site, each round a site never visited (https, public URL policy), ${rounds} rounds per pass;`,
      `no DevTools network inspection in the worker (${NO_WORKER_NETWORK_INSPECTION}: it keeps every response in the renderer);`,
      "memory read after each check has written its skill bodies, and after a full collection (worker heap; the pages' heap for the renderer RSS):",
      ...passes.flatMap(passLines),
      ...summaryLines(passes),
      ...passLines(nearbyPass),
      ...(await floorVariants(worker, () => browser.worker(), variantOrigins, SKILLS)),
      ...(await workerStartReads(worker)),
    ];
  } finally {
    await closeBrowser?.();
    await Promise.all([sites.stop(), stopNearby?.()]);
    rmSync(caDir, { recursive: true, force: true });
    if (inspection === undefined) delete process.env[NO_WORKER_NETWORK_INSPECTION];
    else process.env[NO_WORKER_NETWORK_INSPECTION] = inspection;
  }
}

/** What follows each visit: nothing, the panel, or the control page. */
type AfterVisit = 'none' | 'panel' | 'plain';

/** Sites for the floor's bare loops, one per round, and the checked origin its visits load. */
interface FloorSites {
  alone: string[];
  withVisit: string[];
  checked: string;
}

/** One fresh site per round: the worker's visit and the engine's check of it, in turn. */
async function runPass(label: string, origins: string[], session: Session, after: AfterVisit, floorSites?: FloorSites): Promise<Pass> {
  const memory: Memory[] = [];
  const problems: string[] = [];
  const floor: Timing[] = [];
  const floorWithVisit: Timing[] = [];
  const cli: Timing[] = [];
  let renderer: string | null = null;
  const visit = async (round: number): Promise<Timing> => {
    const timing = await visitUntilBadge(origins[round]!, session, problems);
    if (after === 'panel') await openAndClosePanel(session, problems);
    if (after === 'plain') await openAndClosePlainPage(session, problems);
    const pid = extensionRendererPid(session.extensionDir);
    // A new process starts from nothing: its figures are not growth, and must be said so.
    if (renderer !== null && pid !== renderer) problems.push(`the extension renderer was restarted before check ${round + 1}`);
    renderer = pid;
    // The check's last write (the skill bodies, after the badge) holds its bodies until it ends.
    if (!(await session.worker.evaluate(bodiesKept(origins[round]!))))
      problems.push(`${origins[round]}: skill bodies not kept within 10 s`);
    const workerHeap = await session.worker.heapAfterGc();
    const rendererRss = rssBytes(pid);
    await session.collectPages();
    memory.push({ workerHeap, rendererRss, rendererRssAfterGc: rssBytes(pid) });
    return timing;
  };
  const reference = async (round: number) => {
    const timing = await timeBoth(() => session.engineCheck(origins[round]!));
    if (floorSites) {
      cli.push(await session.cliCheck(origins[round]!));
      floor.push(await bareLoop(floorSites.alone[round]!, session, problems));
      floorWithVisit.push(await bareLoop(floorSites.withVisit[round]!, session, problems, `${floorSites.checked}/?round-${round}`));
    }
    return timing;
  };
  const timings = await interleaved(origins.length, visit, reference);
  return { label, timings, memory, problems, floor, floorWithVisit, cli };
}

async function visitUntilBadge(origin: string, session: Session, problems: string[]): Promise<Timing> {
  // From a blank page, so that the badge the tab showed for the last site is gone.
  await session.tab.goto('about:blank');
  // Chrome stops a worker idle for 30 s; a visit would start it, but the probes need it first.
  await session.browser.worker();
  const settled = session.worker.evaluate(awaitBadge(origin)) as Promise<{ at: number; text: string }>;
  // Closing the browser on an error elsewhere rejects it: that is not the error to report.
  settled.catch(() => undefined);
  const pid = extensionRendererPid(session.extensionDir);
  const cpu = processCpuMs(pid);
  const start = Date.now();
  await session.tab.goto(`${origin}/`);
  const { at, text } = await settled;
  const timing = { wall: at - start, cpu: processCpuMs(pid) - cpu };
  const outcome = (await session.worker.evaluate(storedOutcome(origin))) as { verdict: string; verified: number } | null;
  if (!outcome || outcome.verified !== SKILLS) {
    const found = outcome ? `${outcome.verified} of ${SKILLS} verified (${outcome.verdict})` : 'no stored result';
    problems.push(`${origin}: badge "${text}", ${found}`);
  }
  return timing;
}

/**
 * The floor: the bare loop in the worker, timed by the worker's clock; with `visit`, started as
 * the tab loads that page of an origin checked already, so the visit costs the browser what a
 * visit costs (a navigation, the content script, a badge from the stored result) and no check.
 */
async function bareLoop(origin: string, session: Session, problems: string[], visit?: string): Promise<Timing> {
  await session.tab.goto('about:blank');
  const pid = extensionRendererPid(session.extensionDir);
  const cpu = processCpuMs(pid);
  const loop = session.worker.evaluate(bareWorkerLoop(origin)) as Promise<{ ms: number; verified: number }>;
  if (visit) await session.tab.goto(visit);
  const { ms: wall, verified } = await loop;
  if (verified !== SKILLS) problems.push(`bare loop on ${origin}: ${verified} of ${SKILLS} bodies matched`);
  return { wall, cpu: processCpuMs(pid) - cpu };
}

async function openAndClosePanel(session: Session, problems: string[]): Promise<void> {
  const tabId = await session.browser.tabIdOf(session.tab);
  const panel = await session.browser.openPanel(tabId);
  try {
    await panel.waitForSelector(SETTLED, { timeout: 30_000 });
  } catch {
    problems.push(`the panel of tab ${tabId} did not settle`);
  }
  await panel.close();
}

/** A file of the extension with no script (its manifest), opened as the panel is: same process,
 *  same Playwright page lifecycle, none of our code. */
async function openAndClosePlainPage(session: Session, problems: string[]): Promise<void> {
  const page = await session.browser.context.newPage();
  try {
    await page.goto(`chrome-extension://${session.browser.extensionId}/manifest.json`);
  } catch {
    problems.push('the control page did not load');
  }
  await page.close();
}

const growth = (values: number[]) => values.at(-1)! / values[0]!;

function passLines({ label, timings, memory, problems, floor, floorWithVisit, cli }: Pass): string[] {
  const { wall, cpu } = timings;
  const n = memory.length;
  const flat = (name: string, values: number[]) => [
    `  ${name}: after check 1 ${mib(values[0]!)}, after check ${n} ${mib(values.at(-1)!)}: ${x(growth(values))} (target ≤ ${x(FLAT)}: ${growth(values) <= FLAT ? 'met' : 'NOT met'})`,
    `    per check: ${values.map((v) => mib(v).replace(' MiB', '')).join(', ')} MiB`,
  ];
  return [
    `${label}:`,
    `  worker, page visit → settled badge: ${msFigure(wall.subject)}; check 1 ${ms(wall.subject[0]!)}, check ${n} ${ms(wall.subject.at(-1)!)}`,
    `  command line's engine, same sites:  ${msFigure(wall.reference)}`,
    `  ratio worker / engine, wall time: ${ratioFigure(wall.ratios)}, ${verdict(wall.ratios, 1.5)}`,
    `  CPU: extension renderer ${msFigure(cpu.subject)} per visit; engine in Node ${msFigure(cpu.reference)}`,
    ...cliLines(wall, cli),
    ...floorLines(wall, floor, floorWithVisit),
    ...flat(
      'worker heap after GC',
      memory.map((m) => m.workerHeap),
    ),
    ...flat(
      'extension renderer RSS after a full GC of its pages',
      memory.map((m) => m.rendererRssAfterGc),
    ),
    `  extension renderer RSS as read, before that GC: ${memory.map((m) => mib(m.rendererRss).replace(' MiB', '')).join(', ')} MiB (${x(growth(memory.map((m) => m.rendererRss)))}; closed panels' garbage, collected when V8 gets to it)`,
    ...problems.map((p) => `  PROBLEM: ${p}`),
  ];
}

/** The command line as a user starts it (Node's start and module loading included), same sites. */
function cliLines(wall: PairedTimings['wall'], cli: Timing[]): string[] {
  if (cli.length !== wall.subject.length) return [];
  const whole = cli.map((c) => c.wall);
  return [
    `  the command line, whole process (\`poppy-inspector check --json\`), same sites: ${msFigure(whole)}`,
    `  ratio worker / the command line's whole process (a page visit to its badge against a command to its exit): ${ratioFigure(wall.subject.map((w, i) => w / whole[i]!))}`,
  ];
}

/** The browser's floor: what the bare loop costs in the same worker, against both sides. */
function floorLines(wall: PairedTimings['wall'], floor: Timing[], withVisit: Timing[]): string[] {
  if (floor.length !== wall.subject.length || withVisit.length !== floor.length) return [];
  const bare = floor.map((f) => f.wall);
  const visited = withVisit.map((f) => f.wall);
  return [
    `  bare fetch + digest loop in the same worker, a fresh site each round (no page visit, parsing, storage or badge): ${msFigure(bare)}, renderer CPU ${msFigure(floor.map((f) => f.cpu))}`,
    `  ratio bare worker loop / engine in Node (the browser's floor): ${ratioFigure(bare.map((b, i) => b / wall.reference[i]!))}`,
    `  ratio worker / bare worker loop (what the extension adds): ${ratioFigure(wall.subject.map((w, i) => w / bare[i]!))}`,
    `  the same loop while the tab loads a page of an origin checked already (what a page visit costs the browser, no check): ${msFigure(visited)}; ratio to the loop alone ${ratioFigure(visited.map((v, i) => v / bare[i]!))}`,
    `  ratio worker / that loop (what the extension adds to a page visit and the requests): ${ratioFigure(wall.subject.map((w, i) => w / visited[i]!))}`,
  ];
}

function summaryLines(passes: Pass[]): string[] {
  const ratios = passes.flatMap((p) => p.timings.wall.ratios);
  return [`ratio worker / engine over the ${passes.length} passes: ${ratioFigure(ratios)}, ${verdict(ratios, 1.5)}`];
}
