import type { CheckResult } from '../engine/check';
import { reportState } from '../engine/report/state';
import { REVISIT } from '../engine/spec';
import type { Revisit } from './platform/storage';

/**
 * When a visit may check an origin again, from the check that just ended (docs/extension.md, "How often a site is asked"). Never
 * sooner than `freshMs` (ten minutes: what every visit cost before); a site that publishes
 * nothing is asked again after about a day; otherwise, and for 404s that say so, the site's own
 * Cache-Control decides within [freshMs, REVISIT.maxMs]. "Check again" ignores all of this.
 */
export function revisitAfter(checkedAt: number, result: CheckResult, freshMs: number): Revisit {
  // The one report state (report/state.ts): a soft 404 in HTML is "nothing" too, a 500 is not.
  const nothing = reportState(result.report) === 'nothing';
  const said = result.serverFreshMs ?? null;
  const wanted = said ?? (nothing ? REVISIT.nothingMs : freshMs);
  return { until: checkedAt + Math.min(REVISIT.maxMs, Math.max(freshMs, wanted)), nothing };
}

/** Whether a visit at `now` leaves the origin alone: a fresh result, or a revisit time not yet
 *  reached (with a result to show, unless there was nothing to show). */
export function visitMayWait(now: number, freshMs: number, checkedAt: number | null, revisit: Revisit | null): boolean {
  if (checkedAt !== null && now - checkedAt < freshMs) return true;
  return revisit !== null && now < revisit.until && (revisit.nothing || checkedAt !== null);
}
