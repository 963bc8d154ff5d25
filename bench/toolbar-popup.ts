// Times the real toolbar popup, opened by `chrome.action.openPopup()` as a click would open it.
// No test code can run in it before it loads, so it reads the panel's own User Timing mark
// (set when the first report is on screen) through the DevTools protocol.
import type { CDPSession, Page } from 'playwright-core';
import type { ChromiumSession } from '../tests/e2e/harness/chromium';
import { waitFor } from '../tests/e2e/harness/wait';
import { SETTLED_MARK } from '../utils/extension/panel-view';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/** Milliseconds from the popup's navigation start to its settled-report mark, per opening. */
export async function toolbarPopupTimes(browser: ChromiumSession, sitePage: Page, runs: number): Promise<number[]> {
  const cdp = await browser.context.newCDPSession(sitePage);
  const inTarget = targetEvaluator(cdp);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await sitePage.bringToFront();
    await (await browser.worker()).evaluate('chrome.action.openPopup()');
    const popup = await waitFor(
      async () =>
        ((await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] }).targetInfos.find(
          (t) => t.type === 'page' && t.url.endsWith('/popup.html'),
        ),
      (t) => t !== undefined,
      { timeoutMs: 5_000, what: 'the toolbar popup' },
    );
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: popup!.targetId, flatten: false })) as { sessionId: string };
    const at = await waitFor(
      () => inTarget(sessionId, `performance.getEntriesByName(${JSON.stringify(SETTLED_MARK)})[0]?.startTime ?? null`),
      (v) => typeof v === 'number',
      { timeoutMs: 5_000, what: 'the popup to show its report' },
    );
    times.push(at as number);
    await cdp.send('Target.closeTarget', { targetId: popup!.targetId });
  }
  return times;
}

/** Runtime.evaluate inside another target (non-flattened session: Playwright's CDPSession
 *  addresses only its own page). */
function targetEvaluator(cdp: CDPSession): (sessionId: string, expression: string) => Promise<unknown> {
  const pending = new Map<number, (value: unknown) => void>();
  let next = 0;
  cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: { result?: { value?: unknown } } };
    if (reply.id !== undefined) pending.get(reply.id)?.(reply.result?.result?.value);
  });
  return (sessionId, expression) =>
    new Promise((resolve) => {
      const id = (next += 1);
      pending.set(id, resolve);
      const message = JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } });
      void cdp.send('Target.sendMessageToTarget', { sessionId, message });
    });
}
