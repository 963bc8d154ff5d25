import { FETCH_WORDS } from '../engine/net/fetch-words';
import type { Report } from '../engine/report/report';
import { documentsAwaitOtherHosts } from '../engine/report/coverage';
import { DEFAULT_LIMITS } from '../engine/spec';
import type { StoredResult } from './platform/storage';

// Its own module, apart from the scheduler: the popup asks it at every opening, and importing
// the scheduler would bring the engine's checks (and their YAML parser) into the popup's script.

/** Skills, sign-in documents (D10) or the API description (D12) on other hosts that this result left `not-checked` (D5:
 *  they wait for the panel); the engine says so itself, and entries past the cap or in an
 *  unverified format never wait. */
function awaitsOtherHosts(report: Report): boolean {
  return (
    report.skills.some((skill) => skill.notChecked === 'other-host') ||
    // The API description the lens compares a company's skills with (D12), on another host.
    report.skills.some((skill) => skill.lens?.notChecked?.reason?.key === FETCH_WORDS.hostedOn.key) ||
    (report.trust?.links.some((l) => l.status === 'not-checked') ?? false) ||
    documentsAwaitOtherHosts(report)
  );
}

/**
 * Whether opening the panel runs a check: nothing cached, a stale result, or skills on other
 * hosts still waiting. The popup uses the same rule to show "checking" rather than a report
 * about to be replaced.
 */
export function panelNeedsCheck(result: StoredResult | null, now: number, freshMs: number = DEFAULT_LIMITS.freshMs): boolean {
  if (!result || now - result.checkedAt >= freshMs) return true;
  return !result.allHosts && awaitsOtherHosts(result.report);
}
