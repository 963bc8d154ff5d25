// Times the real toolbar popup, opened by `chrome.action.openPopup()` as a click would open it.
// No test code can run in it before it loads, so it reads the panel's own User Timing mark
// (set when the first report is on screen) through the DevTools protocol.
import type { Page } from 'playwright-core';
import type { ChromiumSession } from '../tests/e2e/harness/chromium';
import { waitFor } from '../tests/e2e/harness/wait';
import { SETTLED_MARK } from '../utils/extension/panel-view';
import { attach, evaluateIn, targets } from './cdp-target';

/** Milliseconds from the popup's navigation start to its settled-report mark, per opening. */
export async function toolbarPopupTimes(browser: ChromiumSession, sitePage: Page, runs: number): Promise<number[]> {
  const cdp = await browser.context.newCDPSession(sitePage);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await sitePage.bringToFront();
    await (await browser.worker()).evaluate('chrome.action.openPopup()');
    const popup = await waitFor(
      async () => (await targets(cdp)).find((t) => t.type === 'page' && t.url.endsWith('/popup.html')),
      (t) => t !== undefined,
      { timeoutMs: 5_000, what: 'the toolbar popup' },
    );
    const send = await attach(cdp, popup!.targetId);
    const at = await waitFor(
      () => evaluateIn(send, `performance.getEntriesByName(${JSON.stringify(SETTLED_MARK)})[0]?.startTime ?? null`),
      (v) => typeof v === 'number',
      { timeoutMs: 5_000, what: 'the popup to show its report' },
    );
    times.push(at as number);
    await cdp.send('Target.closeTarget', { targetId: popup!.targetId });
  }
  return times;
}
