// DevTools protocol commands for a target Playwright gives no handle on (the toolbar popup, the
// extension's service worker), sent through a page's CDP session: a non-flattened attachment,
// because Playwright's CDPSession addresses only its own page.
import type { CDPSession } from 'playwright-core';

export interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export type TargetSend = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

export async function targets(cdp: CDPSession): Promise<TargetInfo[]> {
  return ((await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] }).targetInfos;
}

/** Commands to `targetId`; each resolves with the command's result (or rejects with its error). */
export async function attach(cdp: CDPSession, targetId: string): Promise<TargetSend> {
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: false })) as { sessionId: string };
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const reply = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    const waiting = reply.id === undefined ? undefined : pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id!);
    if (reply.error) waiting.reject(new Error(reply.error.message));
    else waiting.resolve(reply.result);
  });
  return (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = (next += 1);
      pending.set(id, { resolve, reject });
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(reject);
    });
}

/** `Runtime.evaluate` of `expression` in the target, its value returned by value. */
export async function evaluateIn(send: TargetSend, expression: string): Promise<unknown> {
  const reply = (await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
    result?: { value?: unknown };
  };
  return reply.result?.value;
}
