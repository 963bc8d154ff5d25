import type { CheckRequest, RunCheck } from './check-scheduler';
import { checkSite } from '../engine/check';
import type { Transport } from '../engine/net/fetch-bounded';
import type { BodyBatch } from './skill-body-cache';

/**
 * The real engine behind the scheduler's `RunCheck`. `allHosts` is the privacy switch of D5:
 * without it the engine contacts only the visited origin and leaves other hosts `not-checked`.
 * The transport is the browser's in the extension and Node's in tests. Each check gets its own
 * batch of the skill-body cache: one recall before the skills, written when the check ends
 * (issue 12 §2).
 */
export function engineCheck(transport: Transport, bodies?: { batch(): BodyBatch }): RunCheck {
  return async (origin: string, { allHosts, revalidate }: CheckRequest, onProgress) => {
    const memory = bodies?.batch();
    try {
      return await checkSite(origin, { transport, memory, revalidate, onProgress, mayContact: () => allHosts });
    } finally {
      await memory?.flush();
    }
  };
}
