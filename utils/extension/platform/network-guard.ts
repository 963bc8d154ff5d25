import { browser } from 'wxt/browser';
import { selfIdentity } from './runtime';
import type { RunCheck } from '../check-scheduler';
import type { Transport } from '../../engine/net/fetch-bounded';
import { explainingTransport, GUARD_RULE_IDS, guardModeFor, guardRules, rulesInPlace } from '../network-guard';
import { siteContext } from '../../engine/net/url-policy';
import { createFailureLog, type RedirectEvent, type RequestEvent } from '../failure-log';
import { createModeLock } from '../guard-lock';

/** Who started a request: Chrome reports `initiator` (an origin), Firefox `originUrl` (a URL). */
type Started = { initiator?: string; originUrl?: string };

/** Non-tab requests only: ours, and service workers of pages (which we skip by initiator). */
const FILTER = { urls: ['<all_urls>'], tabId: -1 };

/**
 * The network guard's wiring (utils/extension/network-guard.ts has the rules). Verified in Chromium 156 and
 * Firefox ESR 153: session rules of `declarativeNetRequestWithHostAccess` stop our background's
 * own fetches, redirect hops included, so no blocking webRequest is needed in either. Checks run
 * under the mode lock; public ones also note our redirects and failures (webRequest, observing
 * only) so a stopped hop is reported as the refused redirect it is, not as a network error. The
 * listeners exist only while public checks run: registered for good, every fetch a page's service
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
  const onRedirect = (d: RedirectEvent & Started) => void (ours(d) && log.redirected(d));
  const onError = (d: RequestEvent & Started) => void (ours(d) && log.failed(d));

  let watchers = 0;
  async function watching<T>(task: () => Promise<T>): Promise<T> {
    if (watchers++ === 0) {
      browser.webRequest.onBeforeRedirect.addListener(onRedirect, FILTER);
      browser.webRequest.onErrorOccurred.addListener(onError, FILTER);
    }
    try {
      return await task();
    } finally {
      if (--watchers === 0) {
        browser.webRequest.onBeforeRedirect.removeListener(onRedirect);
        browser.webRequest.onErrorOccurred.removeListener(onError);
        log.clear();
      }
    }
  }

  return {
    // Local checks run alone (the lock) and unwatched: their failures have nothing to explain.
    transport: explainingTransport(base, (url, conclusive) => (watchers > 0 ? log.failedAt(url, conclusive) : Promise.resolve(null))),
    /** `runCheck` under the lock: a local origin's check with the rules off, any other with them on. */
    guarded(runCheck: RunCheck): RunCheck {
      return (origin, request, onProgress) => {
        const mode = guardModeFor(siteContext(origin));
        const check = () => runCheck(origin, request, onProgress);
        return lock.run(mode, mode === 'public' ? () => watching(check) : check);
      };
    },
  };
}
