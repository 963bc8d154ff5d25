/**
 * The built extension in headless Chromium driven by puppeteer-core, for what Playwright cannot
 * show: prerendering. Chromium refuses to prerender in a tab that a DevTools client attached to
 * the page target directly (PrerenderingDisabledByDevTools), as Playwright does to every tab;
 * Puppeteer attaches through the tab target, which keeps prerendering on. Only the extension's
 * worker is evaluated in; the tabs are read through chrome.tabs, never attached to by the test.
 */
import puppeteer, { type Browser, type Page, type WebWorker } from 'puppeteer-core';
import { buildDir } from './build';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';
import { waitFor } from './wait';

export interface UntracedChromium {
  browser: Browser;
  /** Opens `url` in a new tab; returns the page and its tab id (found by its unique URL). */
  visit(url: string): Promise<{ page: Page; tabId: number }>;
  /** The URL a tab shows, as the browser has it (a page object can go stale on activation). */
  tabUrl(tabId: number): Promise<string>;
  badge(tabId: number): Promise<string>;
  close(): Promise<void>;
}

export async function launchUntracedChromium(): Promise<UntracedChromium> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    pipe: true,
    enableExtensions: [buildDir('chrome-mv3')],
    args: [...CHROMIUM_FLAGS],
  });
  const worker = async (): Promise<WebWorker> => {
    const target = await browser.waitForTarget((t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'), {
      timeout: 10_000,
    });
    const running = await target.worker();
    if (!running) throw new Error('the extension worker has no execution context');
    // Just after start-up the worker's context can exist before the extension API is bound in it.
    await waitFor(
      () => running.evaluate('typeof chrome === "object" && typeof chrome.action === "object"'),
      (bound) => bound === true,
      { what: 'the extension API in its worker' },
    );
    return running;
  };
  const inWorker = async <T>(expression: string) => (await (await worker()).evaluate(expression)) as T;
  // The extension loads after the browser is up: a page opened before its worker runs can get no
  // content script (a test's first visit then never has a badge; seen twice in full runs).
  await worker();
  let marker = 0;
  return {
    browser,
    async visit(url) {
      const page = await browser.newPage();
      const target = new URL(url);
      if (!target.hash) target.hash = `e2e-tab-${++marker}`;
      await page.goto(target.href);
      const tabs = await inWorker<{ id: number; url?: string }[]>(
        'chrome.tabs.query({}).then((ts) => ts.map((t) => ({ id: t.id, url: t.url })))',
      );
      const tab = tabs.find((t) => t.url === target.href);
      if (!tab) throw new Error(`no tab with url ${target.href} among ${JSON.stringify(tabs)}`);
      return { page, tabId: tab.id };
    },
    tabUrl: (tabId) => inWorker<string>(`chrome.tabs.get(${tabId}).then((t) => t.url)`),
    badge: (tabId) => inWorker<string>(`chrome.action.getBadgeText({ tabId: ${tabId} })`),
    close: () => browser.close(),
  };
}
