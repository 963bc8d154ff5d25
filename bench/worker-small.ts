// A page visit to a 3-skill site until its tab's badge settles, against Chromium's floor for it
// (docs/benchmarks.md): the page's own load, from the navigation to `document.readyState`
// complete as the page sees it (the content script runs at document_idle, no earlier), plus the
// bare fetch-and-hash loop in the same worker for the same requests on another fresh site.
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/e2e/harness/chromium';
import { productionBuild } from './extension';
import { serviceWorker, type WorkerHandle } from './extension-process';
import { serveMany } from './sites-process';
import { awaitBadge, storedOutcome } from './worker';
import { bareWorkerLoop, type FloorVariant } from './worker-floor';
import { interleaved, median, ms, msFigure, ratioFigure, verdict, type Timing } from './stats';

const SKILLS = 3;
/** About the size of a real SKILL.md (Northlight's are 0.6–1.5 KB). */
const BODY_BYTES = 1024;

/** Runs in the page: the wall clock when the document was complete (its load event ended). */
const LOADED_AT = `(() => {
  const [navigation] = performance.getEntriesByType('navigation');
  return performance.timeOrigin + navigation.loadEventEnd;
})()`;

interface Visit {
  /** Navigation → settled badge. */
  wall: number;
  /** Navigation → the page's load event ended: the part of the floor the page costs. */
  pageLoad: number;
}

export async function benchSmallSite(rounds = 40): Promise<string[]> {
  productionBuild();
  // One fresh site per visit and per bare loop, and one to warm each before the rounds.
  const sites = await serveMany(SKILLS, BODY_BYTES, 3 * rounds + 2);
  let closeBrowser: (() => Promise<void>) | null = null;
  try {
    const browser = await launchChromium();
    closeBrowser = () => browser.close();
    const control = browser.context.pages()[0] ?? (await browser.context.newPage());
    const worker = serviceWorker(await browser.context.newCDPSession(control), browser.extensionId);
    const tab = await browser.context.newPage();
    const origins = sites.names.map((name) => sites.publicOrigin(name));
    const problems: string[] = [];
    const ready = () => browser.worker();
    // A first visit and loop: the worker's code compiled, the tab's renderer started.
    await visit(origins[0]!, tab, worker, ready, problems);
    await bareLoop(origins[1]!, tab, worker, ready, problems);
    const visits: Visit[] = [];
    // The loop as the floor asks it, and with poppy.json and the index asked together, as a check
    // asks them: one after the other on alternate rounds, so neither always goes first.
    const paired: number[] = [];
    const { wall } = await interleaved(
      rounds,
      async (round) => {
        const one = await visit(origins[2 + 3 * round]!, tab, worker, ready, problems);
        visits.push(one);
        return { wall: one.wall, cpu: 0 };
      },
      async (round) => {
        const pair = () => bareLoop(origins[4 + 3 * round]!, tab, worker, ready, problems, 'pair-first');
        const first = round % 2 === 0 ? await pair() : null;
        const asked = await bareLoop(origins[3 + 3 * round]!, tab, worker, ready, problems);
        paired.push((first ?? (await pair())).wall);
        return asked;
      },
    );
    // `interleaved` keeps the rounds in order on both sides: round i's visit and loop pair up.
    const pageLoads = visits.map((v) => v.pageLoad);
    const floors = wall.reference.map((loop, i) => pageLoads[i]! + loop);
    const ratios = wall.subject.map((w, i) => w / floors[i]!);
    const shares = pageLoads.map((p, i) => p / floors[i]!);
    return [
      `a ${SKILLS}-skill site (${BODY_BYTES} bytes per SKILL.md), each round a site never visited (https, public URL policy), ${rounds} interleaved rounds:`,
      `  worker, page visit → settled badge: ${msFigure(wall.subject)}`,
      `  the page's own load, navigation → document complete (as the page sees it): ${msFigure(pageLoads)}`,
      `  bare fetch + digest loop in the same worker, the same requests, a fresh site: ${msFigure(wall.reference)}`,
      `  floor = page load + loop: ${msFigure(floors)}; page load's share of it: median ${(median(shares) * 100).toFixed(0)} %`,
      `  ratio worker / floor: ${ratioFigure(ratios)}, ${verdict(ratios, 1.5)}`,
      `  what the extension adds (visit − floor): median ${ms(median(wall.subject.map((w, i) => w - floors[i]!)))}`,
      `  the loop with poppy.json and the index asked together, as a check asks them: ${msFigure(paired)}`,
      `  ratio worker / (page load + that loop): ${ratioFigure(wall.subject.map((w, i) => w / (pageLoads[i]! + paired[i]!)))}`,
      ...problems.map((p) => `  PROBLEM: ${p}`),
    ];
  } finally {
    await closeBrowser?.();
    await sites.stop();
  }
}

async function visit(origin: string, tab: Page, worker: WorkerHandle, ready: () => Promise<unknown>, problems: string[]): Promise<Visit> {
  // From a blank page, so that the badge the tab showed for the last site is gone.
  await tab.goto('about:blank');
  // Chrome stops a worker idle for 30 s; a visit would start it, but the probe needs it first.
  await ready();
  const settled = worker.evaluate(awaitBadge(origin)) as Promise<{ at: number; text: string }>;
  settled.catch(() => undefined);
  const start = Date.now();
  // The page's load is read once the badge has settled: the navigation's timing stays, and a
  // DevTools call into the page while the check runs would cost the browser what the floor's
  // loop never pays.
  const navigated = tab.goto(`${origin}/`);
  const { at, text } = await settled;
  await navigated;
  const loadedAt = (await tab.evaluate(LOADED_AT)) as number;
  const outcome = (await worker.evaluate(storedOutcome(origin))) as { verdict: string; verified: number } | null;
  if (!outcome || outcome.verified !== SKILLS) {
    const found = outcome ? `${outcome.verified} of ${SKILLS} verified (${outcome.verdict})` : 'no stored result';
    problems.push(`${origin}: badge "${text}", ${found}`);
  }
  return { wall: at - start, pageLoad: loadedAt - start };
}

/** The bare loop, timed by the worker's clock, with the tab on a blank page as for a visit. */
async function bareLoop(
  origin: string,
  tab: Page,
  worker: WorkerHandle,
  ready: () => Promise<unknown>,
  problems: string[],
  variant: FloorVariant = 'as-asked',
): Promise<Timing> {
  await tab.goto('about:blank');
  await ready();
  const { ms: wall, verified } = (await worker.evaluate(bareWorkerLoop(origin, variant))) as { ms: number; verified: number };
  if (verified !== SKILLS) problems.push(`bare loop on ${origin}: ${verified} of ${SKILLS} bodies matched`);
  return { wall, cpu: 0 };
}
