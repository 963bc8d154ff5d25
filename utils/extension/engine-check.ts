import type { CheckRequest, RunCheck } from './check-scheduler';
import { checkSite, type CheckResult } from '../engine/check';
import { CLI_CHECK_MS, DEFAULT_LIMITS, type Limits } from '../engine/spec';
import type { Transport } from '../engine/net/fetch-bounded';
import type { BodyBatch } from './skill-body-cache';

/**
 * The real engine behind the scheduler's `RunCheck`. `allHosts` is the privacy switch of D5:
 * without it the engine contacts only the visited origin and leaves other hosts `not-checked`.
 * The transport is the browser's in the extension and Node's in tests. Each check gets its own
 * batch of the skill-body cache: one recall before the skills, written when the check ends
 * (docs/benchmarks.md), once the scheduler has shown the result (`keep`).
 */
export function engineCheck(transport: Transport, bodies?: { batch(): BodyBatch }): RunCheck {
  return async (origin: string, { allHosts, revalidate, maxSkills }: CheckRequest, onProgress) => {
    const memory = bodies?.batch();
    let result: CheckResult;
    try {
      const limits = limitsFor(maxSkills);
      result = await checkSite(origin, { transport, memory, revalidate, onProgress, limits, mayContact: () => allHosts });
    } catch (error) {
      await memory?.flush();
      throw error;
    }
    // The badge does not wait for the cache: 200 bodies take 50–200 ms to write (`npm run bench`).
    return memory ? { ...result, keep: memory.flush } : result;
  };
}

/** A cap the user raised gets the command line's deadline too: more skills need more time. */
function limitsFor(maxSkills: number): Partial<Limits> {
  return maxSkills > DEFAULT_LIMITS.maxSkills ? { maxSkills, checkMs: CLI_CHECK_MS } : { maxSkills };
}
