import type { DocumentInfo, Report } from './report';

/**
 * What a report comes to, in one place for the badge, the panel, the exports and the command line
 * (docs/architecture.md, "Report states"). `checking` is a tab's state, never a report's.
 */
export const REPORT_STATES = ['checking', 'nothing', 'unreadable', 'errors', 'warnings', 'unverified', 'verified', 'no-skills'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** HTTP statuses that say "there is no such document", as opposed to "it failed". */
export const NOT_FOUND_STATUSES: readonly number[] = [404, 410];

/**
 * The site's own documents (poppy.json, the skill index) decide whether it publishes anything; the
 * old index is only looked at when neither has skills, and a failure there is silence (D1).
 */
function siteDocuments(report: Report): DocumentInfo[] {
  return report.documents.filter((d) => d.kind !== 'legacy-index');
}

/**
 * A finished check's state:
 * - `nothing`: no document published and no skill, and every document is simply not there (404, 410, or a
 *   page that is not JSON at all: a soft 404 or a sign-in page, D8);
 * - `unreadable` (could not check): nothing usable, and something else went wrong: no answer, a
 *   server error or another status, a body over the cap, a refused redirect, JSON that does not
 *   parse, or an address that is no web site;
 * - then, for what was published: `errors`, `warnings`, `no-skills` (it checks out and lists no
 *   skills), `verified` (every skill verified) or `unverified` (no problem found so far, but some
 *   skills are not checked yet: on another host, past the cap, in a format we do not verify).
 */
export function reportState(report: Report): Exclude<ReportState, 'checking'> {
  const docs = siteDocuments(report);
  if (report.poppy === null && report.skills.length === 0 && !docs.some((d) => d.published)) {
    // A document that redirects to a host not asked yet is our limit (D5), not the site's failure.
    if (docs.some((d) => d.redirectsTo !== undefined)) return 'unverified';
    return docs.length > 0 && docs.every((d) => d.absent) ? 'nothing' : 'unreadable';
  }
  if (report.verdict === 'errors') return 'errors';
  if (report.verdict === 'warnings') return 'warnings';
  if (report.skills.length === 0) return 'no-skills';
  return report.skills.every((s) => s.status === 'verified') ? 'verified' : 'unverified';
}

/**
 * Why a report has no poppy.json model: the site has none (not there, or nothing was requested),
 * or one came back that could not be used. The two read very differently to a site owner.
 */
export function poppyAbsence(report: Report): 'none' | 'unreadable' {
  const doc = report.documents.find((d) => d.kind === 'poppy');
  return doc === undefined || doc.absent ? 'none' : 'unreadable';
}
