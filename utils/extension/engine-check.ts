import type { CheckRequest, RunCheck } from './check-scheduler';
import { checkSite, type BodyCache } from '../engine/check';
import type { Transport } from '../engine/net/fetch-bounded';

/**
 * The real engine behind the scheduler's `RunCheck`. `allHosts` is the privacy switch of D5:
 * without it the engine contacts only the visited origin and leaves other hosts `not-checked`.
 * The transport is the browser's in the extension and Node's in tests.
 */
export function engineCheck(transport: Transport, bodies?: BodyCache): RunCheck {
  return (origin: string, { allHosts, revalidate }: CheckRequest, onProgress) =>
    checkSite(origin, { transport, bodies, revalidate, onProgress, mayContact: () => allHosts });
}
