/**
 * The built extension in headless Chromium (playwright-core, a persistent context, the flags
 * below). The extension id comes from the worker's URL; the worker is reached
 * through CDP so tests can wake it (it stops after ~30 s idle) and stop it on purpose.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page, type Worker } from 'playwright-core';
import { PUBLIC_SUFFIX } from '../../fixtures/site';
import { buildDir } from './build';
import { waitFor } from './wait';

export const CHROMIUM = '/usr/lib/chromium/chromium';
/** A popup is 380–420 px wide; the panel is laid out for that. */
export const POPUP_VIEWPORT = { width: 400, height: 720 };

/** Flags for every e2e Chromium, whoever drives it: quiet, offline but for the fixture servers. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // Public-looking fixture names reach the local https front; the real URL policy stays on.
  // *.lan too: a plain-http LAN name a hostile site redirects to (the guard must stop it).
  `--host-resolver-rules=MAP *.${PUBLIC_SUFFIX} 127.0.0.1, MAP *.lan 127.0.0.1`,
  '--ignore-certificate-errors',
];

export interface ChromiumSession {
  context: BrowserContext;
  extensionId: string;
  /** Opens `url` in a new tab and waits for it to load; returns the page and its tab id. */
  visit(url: string): Promise<{ page: Page; tabId: number }>;
  tabIdOf(page: Page): Promise<number>;
  /** `popup.html?tabId=N` in a new tab at popup size, once the page has loaded. */
  openPanel(tabId: number): Promise<Page>;
  panelUrl(tabId: number): string;
  /** The running worker, started first if it was stopped. */
  worker(): Promise<Worker>;
  /** Opens `url` in a new incognito window (launched with `incognito: true`); returns its tab id
   *  once the page has loaded. Playwright's context does not see that window: drive it by tab id. */
  visitPrivately(url: string): Promise<{ tabId: number; close(): Promise<void> }>;
  /** `chrome.action.getBadgeText({ tabId })`, read in the worker. */
  badge(tabId: number): Promise<string>;
  /** `chrome.action.getTitle({ tabId })`: the toolbar button's tooltip for that tab. */
  title(tabId: number): Promise<string>;
  /** Stops the extension's worker (as Chrome does when idle) and waits until it has stopped. */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

// Evaluated as strings: the test transform may add helpers to compiled functions that do not
// exist in the worker, and `chrome` has no types in this Node project.
const TABS = 'chrome.tabs.query({}).then((tabs) => tabs.map((t) => ({ id: t.id, url: t.url })))';

type RunningStatus = 'stopped' | 'starting' | 'running' | 'stopping';

export interface ChromiumOptions {
  /** The browser's UI language (the extension's catalog follows it), English by default. */
  language?: string;
  /** Keep the back/forward cache on: Playwright turns it off by default, people's browsers do not. */
  backForwardCache?: boolean;
  /** "Allow in Incognito" on from the start, for `visitPrivately`. */
  incognito?: boolean;
}

/**
 * The id Chromium gives an unpacked extension: the first 128 bits of the SHA-256 of its absolute
 * path, each hex digit written as a letter a–p (as chrome://extensions shows it).
 */
function unpackedExtensionId(path: string): string {
  const hex = createHash('sha256').update(realpathSync(path)).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}

/**
 * A profile whose settings already say "Allow in Incognito" for the extension at `path`, as the
 * switch on chrome://extensions leaves them. Switched there instead, Chromium reloads the extension
 * (a second longer per launch) and disables it unless developer mode is on.
 */
function allowIncognito(profile: string, path: string): string {
  const extensionId = unpackedExtensionId(path);
  mkdirSync(join(profile, 'Default'), { recursive: true });
  writeFileSync(
    join(profile, 'Default', 'Preferences'),
    JSON.stringify({ extensions: { settings: { [extensionId]: { incognito: true } } } }),
  );
  return extensionId;
}

export async function launchChromium(options: ChromiumOptions = {}): Promise<ChromiumSession> {
  const extension = buildDir('chrome-mv3');
  const profile = mkdtempSync(join(tmpdir(), 'poppy-e2e-chromium-'));
  const language = options.language ?? 'en-US';
  const seededId = options.incognito ? allowIncognito(profile, extension) : null;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // Chromium on Linux takes its UI language (and so the extension's) from LANGUAGE, --lang too.
    env: { ...process.env, LANGUAGE: language },
    locale: language,
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    args: [`--lang=${language}`, `--disable-extensions-except=${extension}`, `--load-extension=${extension}`, ...CHROMIUM_FLAGS],
  });
  try {
    const first = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 10_000 }));
    const extensionId = new URL(first.url()).host;
    const origin = `chrome-extension://${extensionId}`;
    if (seededId !== null && (seededId !== extensionId || (await first.evaluate('chrome.extension.isAllowedIncognitoAccess()')) !== true)) {
      throw new Error(`the extension ${extensionId} is not allowed in incognito (profile seeded for ${seededId})`);
    }

    // One blank tab carries the CDP session for the ServiceWorker domain.
    const control = context.pages()[0] ?? (await context.newPage());
    const cdp: CDPSession = await context.newCDPSession(control);
    let status: RunningStatus | null = null;
    // Counted, not just the latest status: Chrome may start the worker again at once when an
    // event is pending, and a test only needs to know that it did stop.
    let stops = 0;
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (!v.scriptURL.startsWith(`${origin}/`)) continue;
        status = v.runningStatus as RunningStatus;
        if (status === 'stopped') stops += 1;
      }
    });
    await cdp.send('ServiceWorker.enable');

    let marker = 0;
    const tabIdOf = async (page: Page): Promise<number> => {
      const url = page.url();
      const tabs = (await (await worker()).evaluate(TABS)) as { id?: number; url?: string }[];
      const tab = tabs.find((t) => t.url === url);
      if (tab?.id === undefined) throw new Error(`no tab with url ${url} among ${JSON.stringify(tabs)}`);
      return tab.id;
    };

    async function worker(): Promise<Worker> {
      if (status !== 'running') await cdp.send('ServiceWorker.startWorker', { scopeURL: `${origin}/` });
      return waitFor(
        async () => {
          for (const w of context.serviceWorkers()) {
            if (w.url().startsWith(`${origin}/`) && (await w.evaluate('true'))) return w;
          }
          return null;
        },
        (w): w is Worker => w !== null,
        { what: 'the extension worker to run', timeoutMs: 10_000 },
      ) as Promise<Worker>;
    }

    const panelUrl = (tabId: number) => `${origin}/popup.html?tabId=${tabId}`;
    return {
      context,
      extensionId,
      async visit(url) {
        const page = await context.newPage();
        // A fragment never reaches the server but makes each tab's URL unique, to find its id.
        const target = new URL(url);
        if (!target.hash) target.hash = `e2e-tab-${++marker}`;
        await page.goto(target.href);
        return { page, tabId: await tabIdOf(page) };
      },
      tabIdOf,
      panelUrl,
      async openPanel(tabId) {
        const page = await context.newPage();
        await page.setViewportSize(POPUP_VIEWPORT);
        await page.goto(panelUrl(tabId));
        return page;
      },
      worker,
      async visitPrivately(url) {
        const opened = `chrome.windows.create({ incognito: true, url: ${JSON.stringify(url)} }).then((w) => [w.id, w.tabs[0].id])`;
        const [windowId, tabId] = (await (await worker()).evaluate(opened)) as [number, number];
        await waitFor(
          async () => (await worker()).evaluate(`chrome.tabs.get(${tabId}).then((t) => t.status + ' ' + t.url)`),
          (state) => state === `complete ${url}`,
          { what: `the private tab ${tabId} to load ${url}` },
        );
        return {
          tabId,
          close: async () => {
            await (await worker()).evaluate(`chrome.windows.remove(${windowId})`);
          },
        };
      },
      async badge(tabId) {
        return (await (await worker()).evaluate(`chrome.action.getBadgeText({ tabId: ${tabId} })`)) as string;
      },
      async title(tabId) {
        return (await (await worker()).evaluate(`chrome.action.getTitle({ tabId: ${tabId} })`)) as string;
      },
      async stopWorker() {
        const before = stops;
        await cdp.send('ServiceWorker.stopAllWorkers');
        await waitFor(
          () => stops,
          (n) => n > before,
          { what: 'the worker to stop' },
        );
      },
      async close() {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
