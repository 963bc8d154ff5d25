import { browser } from 'wxt/browser';
import { selfIdentity } from './runtime';
import type { RunCheck } from '../check-scheduler';
import type { Transport } from '../../engine/net/fetch-bounded';
import { explainingTransport, GUARD_RULE_IDS, guardModeFor, guardRules, readableRedirects, rulesInPlace } from '../network-guard';
import { siteContext } from '../../engine/net/url-policy';
import { createFailureLog, type HeadersEvent, type RedirectEvent, type RequestEvent } from '../failure-log';
import { createModeLock } from '../guard-lock';

/** Who started a request: Chrome reports `initiator` (an origin), Firefox `originUrl` (a URL). */
type Started = { initiator?: string; originUrl?: string };

/**
 * Where a manual redirect's status and Location reach us. Chromium fires onBeforeRedirect for it,
 * with the response's headers when asked (checked in Chromium 156), so no listener sees every
 * response: one on onHeadersReceived made the floor's 200-file loop 1.16x slower
 * (docs/benchmarks.md). Firefox ESR 153 fires no onBeforeRedirect for a redirect it does not
 * follow, only onHeadersReceived.
 */
const HEAD_WITH_REDIRECT = !import.meta.env.FIREFOX;

/** Non-tab requests only: ours, and service workers of pages (which we skip by initiator). */
const FILTER = { urls: ['<all_urls>'], tabId: -1 };

/**
 * The network guard's wiring (utils/extension/network-guard.ts has the rules). Our requests go out with
 * `redirect: 'manual'` and the engine makes each hop itself once the URL policy and the contact
 * rule allow it (D5, D10); the browser never follows one. webRequest (observing only) tells the
 * Location a manual redirect's opaque response hides, and where a failed request had got to.
 * Session rules of `declarativeNetRequestWithHostAccess` stay as a second line: verified in
 * Chromium 156 and Firefox ESR 153, they stop our own fetches, redirect hops included, to local
 * and private addresses while a public site is checked. Checks run under the mode lock. The
 * listeners exist only while checks run: registered for good, every fetch a page's service
 * worker makes would wake ours.
 */
export function createNetworkGuard(base: Transport) {
  const selfOrigin = selfIdentity().origin;
  const selfHost = new URL(selfOrigin).host;
  const ours = (d: Started) => d.initiator === selfOrigin || (d.originUrl?.startsWith(`${selfOrigin}/`) ?? false);

  const lock = createModeLock(async (mode) => {
    const wanted = guardRules(mode, selfHost);
    // Rewriting rules that are in place would still empty Chromium's back/forward cache.
    if (rulesInPlace(await browser.declarativeNetRequest.getSessionRules(), wanted)) return;
    await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: [...GUARD_RULE_IDS], addRules: wanted });
  });
  const log = createFailureLog();
  const onRedirect = (d: RedirectEvent & HeadersEvent & Started) => {
    if (!ours(d)) return;
    log.redirected(d);
    if (HEAD_WITH_REDIRECT) log.answered(d);
  };
  const onError = (d: RequestEvent & Started) => void (ours(d) && log.failed(d));
  const onHeaders = (d: HeadersEvent & Started) => void (ours(d) && log.answered(d));

  let watchers = 0;
  async function watching<T>(task: () => Promise<T>): Promise<T> {
    if (watchers++ === 0) {
      browser.webRequest.onBeforeRedirect.addListener(onRedirect, FILTER, ['responseHeaders']);
      browser.webRequest.onErrorOccurred.addListener(onError, FILTER);
      if (!HEAD_WITH_REDIRECT) browser.webRequest.onHeadersReceived.addListener(onHeaders, FILTER, ['responseHeaders']);
    }
    try {
      return await task();
    } finally {
      if (--watchers === 0) {
        browser.webRequest.onBeforeRedirect.removeListener(onRedirect);
        browser.webRequest.onErrorOccurred.removeListener(onError);
        if (!HEAD_WITH_REDIRECT) browser.webRequest.onHeadersReceived.removeListener(onHeaders);
        log.clear();
      }
    }
  }

  const manual = readableRedirects(base, (url) => (watchers > 0 ? log.redirectOf(url) : Promise.resolve(null)));
  return {
    transport: explainingTransport(manual, (url, conclusive) => (watchers > 0 ? log.failedAt(url, conclusive) : Promise.resolve(null))),
    /** `runCheck` under the lock: a local origin's check with the rules off, any other with them
     *  on; every check watched, since a local site's redirects are read the same way. */
    guarded(runCheck: RunCheck): RunCheck {
      return (origin, request, onProgress) => {
        const mode = guardModeFor(siteContext(origin));
        return lock.run(mode, () => watching(() => runCheck(origin, request, onProgress)));
      };
    },
  };
}
