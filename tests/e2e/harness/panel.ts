/**
 * The panel's stable contract (data attributes), read the same way in Chromium and Firefox.
 * The reader is a plain JavaScript string, not a TypeScript function: the test transform may
 * add helpers to compiled functions that would not exist inside the page.
 */
import { VERDICTS } from '../../../utils/engine/spec';
import { waitFor } from './wait';

export interface SkillRow {
  name: string;
  status: string;
  /** The row's text, whitespace collapsed (digests, reasons, statements). */
  text: string;
}

export interface PanelSnapshot {
  verdict: string | null;
  skills: SkillRow[];
  signIns: string[];
  apis: string[];
  excludedTasks: string[];
}

/** A settled panel: a verdict, not `checking` (the loading view carries no verdict). */
export const SETTLED = VERDICTS.map((v) => `[data-verdict="${v}"]`).join(', ');

/**
 * A function (page side) that opens every `<details>` matching `selector` until none is left,
 * nested ones too, waiting for each folded body the panel builds on opening (components/
 * Disclosure.tsx: `data-lazy="waiting"` until built); resolves with the ones it opened.
 */
const OPEN_DETAILS = `async (selector) => {
  const opened = [];
  for (let round = 0; round < 20; round += 1) {
    const closed = Array.from(document.querySelectorAll(selector)).filter((d) => !d.open);
    if (closed.length === 0) break;
    for (const d of closed) {
      d.open = true;
      opened.push(d);
    }
    for (let wait = 0; wait < 200 && closed.some((d) => d.isConnected && d.getAttribute('data-lazy') === 'waiting'); wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return opened;
}`;

/** Opens every disclosure of the page, nested and folded ones too, as a person could. */
export async function openEverything(page: EvaluatingPage): Promise<void> {
  await page.evaluate(`(${OPEN_DETAILS})('details').then(() => true)`);
}

/**
 * Reads what the panel holds, its folded rows too: each body not built yet is opened (so it is
 * built), read, and closed again, so the page looks as it did.
 */
const READ_PANEL = `(async () => {
  const built = await (${OPEN_DETAILS})('details[data-lazy="waiting"]');
  const text = (el) => (el.textContent || '').replace(/\\s+/g, ' ').trim();
  const all = (selector) => Array.from(document.querySelectorAll(selector));
  const root = document.querySelector('[data-verdict]');
  const read = {
    verdict: root ? root.getAttribute('data-verdict') : null,
    skills: all('[data-skill]').map((el) => ({
      name: el.getAttribute('data-skill'),
      status: el.getAttribute('data-status'),
      text: text(el),
    })),
    signIns: all('[data-sign-in]').map((el) => el.getAttribute('data-sign-in')),
    apis: all('[data-api]').map((el) => el.getAttribute('data-api')),
    excludedTasks: all('[data-excluded-task]').map(text),
  };
  for (const d of built.reverse()) d.open = false;
  return read;
})()`;

/** What both drivers offer: Playwright's and Puppeteer's pages both evaluate a string. */
export interface EvaluatingPage {
  evaluate(expression: string): Promise<unknown>;
  waitForSelector(selector: string, options?: { timeout?: number }): Promise<unknown>;
}

export async function readPanel(page: EvaluatingPage): Promise<PanelSnapshot> {
  return (await page.evaluate(READ_PANEL)) as PanelSnapshot;
}

/** Waits for a settled verdict and reads the panel. */
export async function settledPanel(page: EvaluatingPage, timeoutMs = 20_000): Promise<PanelSnapshot> {
  await page.waitForSelector(SETTLED, { timeout: timeoutMs });
  return readPanel(page);
}

/** What both harness sessions offer (harness/chromium.ts, harness/firefox.ts). */
export interface ExtensionSession<P extends EvaluatingPage> {
  visit(url: string): Promise<{ page: P; tabId: number }>;
  openPanel(tabId: number): Promise<P>;
  badge(tabId: number): Promise<string>;
  /** The toolbar button's tooltip for that tab. */
  title(tabId: number): Promise<string>;
}

/** Visits `url`, opens the panel for its tab and waits for a settled verdict. */
export async function visitAndCheck<P extends EvaluatingPage>(session: ExtensionSession<P>, url: string) {
  const visited = await session.visit(url);
  const panel = await session.openPanel(visited.tabId);
  return { ...visited, panel, snapshot: await settledPanel(panel) };
}

/** The tab's badge once it reads `expected`, or (without one) once it no longer says "checking". */
export function settledBadge(session: Pick<ExtensionSession<EvaluatingPage>, 'badge'>, tabId: number, expected?: string): Promise<string> {
  return waitFor(
    () => session.badge(tabId),
    (text) => (expected === undefined ? text !== '…' : text === expected),
    { what: `the badge of tab ${tabId}${expected === undefined ? '' : ` to read "${expected}"`}` },
  );
}

/** `{ name: status }`, the shape each fixture site's `expect.skills` has. */
export function statuses(panel: PanelSnapshot): Record<string, string> {
  return Object.fromEntries(panel.skills.map((s) => [s.name, s.status]));
}

/** Where the page keeps the root's data-verdict values it has shown (see watchVerdicts). */
const SEEN = '__poppyVerdictsSeen';

/**
 * Records each value the root's `data-verdict` takes from now on (once per change; `-` while
 * no root carries one), so a test can prove a page never showed an answer and then took it back.
 */
export async function watchVerdicts(page: EvaluatingPage): Promise<void> {
  await page.evaluate(`(() => {
    const seen = (window.${SEEN} = []);
    const note = () => {
      const root = document.querySelector('[data-view]');
      const value = (root && root.getAttribute('data-verdict')) || '-';
      if (seen[seen.length - 1] !== value) seen.push(value);
    };
    note();
    new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-verdict', 'data-view'] });
  })()`);
}

/** The values watchVerdicts recorded, in order. */
export async function verdictsSeen(page: EvaluatingPage): Promise<string[]> {
  return (await page.evaluate(`window.${SEEN}`)) as string[];
}

/** A settled verdict followed by "checking" or another verdict in `seen`: an answer taken back. */
export function answersTakenBack(seen: readonly string[]): string[] {
  const settled = (v: string) => (VERDICTS as readonly string[]).includes(v);
  const first = seen.findIndex(settled);
  return first < 0 ? [] : seen.slice(first + 1);
}
