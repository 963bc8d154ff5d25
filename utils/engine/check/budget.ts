import type { ByteBudget, FailureReason } from '../net/fetch-types';
import { StopGroup } from '../net/request-stop';
import type { CutShort } from '../report/report';
import type { Limits } from '../spec';

/**
 * What one check may spend on a site as a whole: a deadline and a byte allowance across all its
 * files. Per-request timeouts and per-file caps alone multiply: 200 skill files that each drip
 * just under the timeout once held a check for 350 s.
 */
export interface CheckBudget {
  /** Stops `limits.checkMs` after the check started; every request of the check joins it. */
  readonly deadline: StopGroup;
  readonly siteBytes: ByteBudget;
  /** What ran out first, and how many requests it stopped (or kept from starting). */
  cut: CutShort | null;
  /** Stops the deadline's timer: the check is over. */
  end(): void;
}

export function startBudget(limits: Limits): CheckBudget {
  const deadline = new StopGroup();
  // One timer for the whole check, cleared when it ends (see `end`), so none outlives it.
  const timer = setTimeout(() => deadline.stop(new DOMException('deadline', 'TimeoutError')), limits.checkMs);
  return {
    deadline,
    siteBytes: { left: limits.siteBytes, total: limits.siteBytes },
    cut: null,
    end: () => clearTimeout(timer),
  };
}

/** Counts a request the budget stopped; true when `reason` says it did (the caller then stays quiet). */
export function noteCut(budget: CheckBudget, reason: FailureReason, limits: Limits): boolean {
  const by = reason === 'too-slow' ? 'deadline' : reason === 'over-budget' ? 'bytes' : null;
  if (by === null) return false;
  budget.cut ??= { by, limit: by === 'deadline' ? limits.checkMs : limits.siteBytes, unfinished: 0 };
  budget.cut.unfinished++;
  return true;
}
