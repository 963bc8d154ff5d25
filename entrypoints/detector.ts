import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import type { Message } from '../utils/extension/platform/messages';

// No polyfill here (the content script must stay tiny): both browsers' MV3 `chrome.runtime`
// returns a Promise when no callback is given.
declare const chrome: { runtime: { sendMessage(message: Message<'pageVisited'>): Promise<unknown> } };

/**
 * Registered in wxt.config.ts for HOST_MATCHES. Says only "a page was visited": the background
 * takes the origin from the browser's sender record and decides what to fetch, so a hostile page
 * cannot make it fetch anything else. Same-origin navigations (SPA) need no new check.
 */
export default defineUnlistedScript(() => {
  const visited: Message<'pageVisited'> = { type: 'pageVisited' };
  // The background answers nothing; a rejected promise (worker restarting, extension reloaded)
  // must not surface as an error in the page's console.
  const report = () => void chrome.runtime.sendMessage(visited).catch(() => undefined);
  // A page prerendered by speculation rules runs its scripts before anyone goes there: it is a
  // visit (and a check of its site) only once the tab shows it. Activation clears the badge too.
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', report, { once: true });
  } else report();
  // A page restored from the back/forward cache runs no script again, yet navigation cleared its badge.
  addEventListener('pageshow', (event) => {
    if (event.persisted) report();
  });
});
