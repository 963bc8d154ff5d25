/**
 * The built extension in headless Firefox ESR (puppeteer-core over WebDriver BiDi), installed as
 * a temporary add-on. Its moz-extension UUID is pinned by a pref so panel URLs are known up front.
 * `goto()` on an extension page never resolves here: navigations start unawaited and the tests
 * wait for a selector instead.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { buildDir } from './build';
import { waitFor } from './wait';

export const FIREFOX = '/usr/lib/firefox-esr/firefox-esr';

export interface FirefoxSession {
  browser: Browser;
  uuid: string;
  visit(url: string): Promise<{ page: Page; tabId: number }>;
  /** `popup.html?tabId=N` in a new tab, once its document has loaded. */
  openPanel(tabId: number): Promise<Page>;
  /** Opens `url` in a new private window (launched with `privateBrowsing: true`); returns its tab
   *  id once the page has loaded. Puppeteer's pages do not include it: drive it by tab id. */
  visitPrivately(url: string): Promise<{ tabId: number; close(): Promise<void> }>;
  /** `browser.action.getBadgeText({ tabId })`, read from an extension page. */
  badge(tabId: number): Promise<string>;
  /** `browser.action.getTitle({ tabId })`: the toolbar button's tooltip for that tab. */
  title(tabId: number): Promise<string>;
  /** Evaluates `expression` in an extension page (the control page), e.g. to read session rules. */
  inExtension(expression: string): Promise<unknown>;
  close(): Promise<void>;
}

/** The page's URL once its document has been parsed, else null. */
const LOADED = "document.readyState === 'loading' ? null : location.href";

/** Starts a navigation that may never resolve (extension pages) and keeps its failure quiet. */
function navigate(page: Page, url: string): void {
  page.goto(url).catch(() => {
    // Closing the browser detaches the frame of a still-pending extension-page navigation.
  });
}

/**
 * `browser.newPage()`, tried again when Firefox discards the new tab's first document before
 * BiDi's `browsingContext.create` returns (`no such frame`, DiscardedBrowsingContextError): an
 * intermittent race inside Firefox while other tabs open and close, seen once in CI with four
 * sites checking side by side. Any other failure is thrown at once.
 */
export async function newPage(browser: Browser): Promise<Page> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await browser.newPage();
    } catch (error) {
      const discarded = /no such frame|DiscardedBrowsingContext/.test(String(error));
      if (!discarded || attempt === 3) throw error;
      console.warn(`Firefox discarded a new tab while creating it (attempt ${attempt}); opening another`);
    }
  }
}

export interface FirefoxOptions {
  /**
   * Public-looking names (`<site>.poppy.test`) to resolve to this machine, with certificate errors
   * ignored: Firefox has no host-resolver rules, so the names are listed one by one.
   */
  publicNames?: readonly string[];
  /** The add-on allowed in private windows ("Run in private windows"), for `visitPrivately`. */
  privateBrowsing?: boolean;
  /** The colour scheme pages are given (`prefers-color-scheme`); the system's when absent. */
  colorScheme?: 'light' | 'dark';
}

/** The slice of Puppeteer's BiDi connection used to send a command it has no method for. */
interface BidiSender {
  connection: { send(method: string, params: object): Promise<unknown> };
}

export async function launchFirefox(options: FirefoxOptions = {}): Promise<FirefoxSession> {
  const extension = buildDir('firefox-mv3');
  const manifest = JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const addonId = manifest.browser_specific_settings?.gecko?.id;
  if (!addonId) throw new Error('the Firefox build has no gecko id; installExtension needs one');
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [addonId]: uuid }),
      ...(options.publicNames ? { 'network.dns.localDomains': options.publicNames.join(',') } : {}),
      ...(options.colorScheme ? { 'ui.systemUsesDarkTheme': options.colorScheme === 'dark' ? 1 : 0 } : {}),
    },
    ...(options.publicNames ? { acceptInsecureCerts: true } : {}),
  });
  try {
    if (options.privateBrowsing) {
      // Puppeteer's installExtension sends no options; Firefox's webExtension.install takes
      // `moz:allowPrivateBrowsing`, the permission a user grants on the add-on's page.
      await (browser as unknown as BidiSender).connection.send('webExtension.install', {
        extensionData: { type: 'path', path: extension },
        'moz:allowPrivateBrowsing': true,
      });
    } else {
      await browser.installExtension(extension);
    }
    const origin = `moz-extension://${uuid}`;

    // An extension page to call tabs/action APIs from: the options page has no side effects;
    // the popup (showing its own, unsupported tab) stands in while there is no options page.
    const controlPath = existsSync(join(extension, 'options.html')) ? 'options.html' : 'popup.html';
    const control = await newPage(browser);
    navigate(control, `${origin}/${controlPath}`);
    await waitFor(
      () => control.evaluate('typeof browser.tabs.query'),
      (t) => t === 'function',
      {
        what: `${controlPath} to load in Firefox`,
      },
    );

    let marker = 0;
    const tabIdOf = async (url: string): Promise<number> => {
      const tabs = (await control.evaluate('browser.tabs.query({}).then((tabs) => tabs.map((t) => ({ id: t.id, url: t.url })))')) as {
        id?: number;
        url?: string;
      }[];
      const tab = tabs.find((t) => t.url === url);
      if (tab?.id === undefined) throw new Error(`no tab with url ${url} among ${JSON.stringify(tabs)}`);
      return tab.id;
    };

    return {
      browser,
      uuid,
      async visit(url) {
        const page = await newPage(browser);
        const target = new URL(url);
        if (!target.hash) target.hash = `e2e-tab-${++marker}`;
        await page.goto(target.href);
        return { page, tabId: await tabIdOf(target.href) };
      },
      async openPanel(tabId) {
        const page = await newPage(browser);
        await page.setViewport({ width: 400, height: 720 });
        const url = `${origin}/popup.html?tabId=${tabId}`;
        navigate(page, url);
        // Selectors waited on while the tab still holds about:blank can fail inside Firefox's
        // BiDi code as the document is swapped: return once the panel's document is in place.
        await waitFor(
          () => page.evaluate(LOADED),
          (href) => href === url,
          { what: `${url} to load` },
        );
        return page;
      },
      async visitPrivately(url) {
        const opened = `browser.windows.create({ incognito: true, url: ${JSON.stringify(url)} }).then((w) => [w.id, w.tabs[0].id])`;
        const [windowId, tabId] = (await control.evaluate(opened)) as [number, number];
        await waitFor(
          () => control.evaluate(`browser.tabs.get(${tabId}).then((t) => t.status + ' ' + t.url)`),
          (state) => state === `complete ${url}`,
          { what: `the private tab ${tabId} to load ${url}` },
        );
        return {
          tabId,
          close: async () => {
            await control.evaluate(`browser.windows.remove(${windowId})`);
          },
        };
      },
      async badge(tabId) {
        return (await control.evaluate(`browser.action.getBadgeText({ tabId: ${tabId} })`)) as string;
      },
      async title(tabId) {
        return (await control.evaluate(`browser.action.getTitle({ tabId: ${tabId} })`)) as string;
      },
      inExtension: (expression) => control.evaluate(expression),
      async close() {
        await browser.close();
      },
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
