import type { CheckRequest, RunCheck } from './check-scheduler';
import { checkSite, type CheckResult } from '../engine/check';
import { CLI_CHECK_MS, DEFAULT_LIMITS, type Limits } from '../engine/spec';
import type { Transport } from '../engine/net/fetch-bounded';
import { digestHex } from '../engine/check/digest';
import type { BodyBatch } from './skill-body-cache';

/** The part of the skill-body cache a check uses: a batch per check, and a kept body by digest. */
export interface CheckBodies {
  batch(): BodyBatch;
  get?(hex: string): Promise<Uint8Array | null>;
}

/**
 * The real engine behind the scheduler's `RunCheck`. `allHosts` is the privacy switch of D5:
 * without it the engine contacts only the visited origin and leaves other hosts `not-checked`.
 * The transport is the browser's in the extension and Node's in tests. Each check gets its own
 * batch of the skill-body cache: one recall before the skills, written when the check ends
 * (docs/benchmarks.md), once the scheduler has shown the result (`keep`).
 */
export function engineCheck(transport: Transport, bodies?: CheckBodies): RunCheck {
  return async (origin: string, { allHosts, revalidate, maxSkills }: CheckRequest, onProgress) => {
    const batch = bodies?.batch();
    // This check's verified bodies by digest, for the line diff of a rewritten skill (D13): the
    // batch writes them to the cache only after the changes are stored.
    const verified = new Map<string, Uint8Array>();
    const memory: BodyBatch | undefined = batch && {
      ...batch,
      keep: (kept) => {
        verified.set(kept.digestHex, kept.bytes);
        batch.keep(kept);
      },
      keepBody: (hex, bytes) => {
        verified.set(hex, bytes);
        batch.keepBody(hex, bytes);
      },
    };
    let result: CheckResult;
    try {
      const limits = limitsFor(maxSkills);
      result = await checkSite(origin, { transport, memory, revalidate, onProgress, limits, mayContact: () => allHosts });
    } catch (error) {
      await memory?.flush();
      throw error;
    }
    // The badge does not wait for the cache: 200 bodies take 50–200 ms to write (`npm run bench`).
    if (!memory) return result;
    const skillText = async (digest: string): Promise<string | null> => {
      const hex = digestHex(digest);
      if (hex === null) return null;
      const bytes = verified.get(hex) ?? (await bodies?.get?.(hex).catch(() => null)) ?? null;
      return bytes ? new TextDecoder().decode(bytes) : null;
    };
    return { ...result, keep: memory.flush, skillText };
  };
}

/** A cap the user raised gets the command line's deadline too: more skills need more time. */
function limitsFor(maxSkills: number): Partial<Limits> {
  return maxSkills > DEFAULT_LIMITS.maxSkills ? { maxSkills, checkMs: CLI_CHECK_MS } : { maxSkills };
}
