import { sentence, type Words } from './words';
import type { Report } from './report';

/**
 * What a check could not look at yet (D5): skills on other hosts that privacy settings
 * keep us from asking (D5), skills past our cap, and sign-in documents on other hosts. These are
 * our limits, never the site's errors, and never "everything checks out": the panel, the badge,
 * the exports and the command line say "N of M skills could not be checked yet".
 */
export interface Coverage {
  /** Skills the site lists, those past the cap that the report leaves out included. */
  total: number;
  /** Of those, not checked for one of our reasons (other host, past the cap, offline). */
  unchecked: number;
  otherHost: number;
  overCap: number;
  /** Not checked because this computer looked offline (check/offline.ts). */
  offline: number;
  /** The sign-in trust chain has links on other hosts not asked yet. */
  trustUnchecked: boolean;
  /** A site document (poppy.json, an index) redirects to another host not asked yet (D5). */
  documentsUnchecked: boolean;
  /** Files checked before publishing: skills whose file was not among them. Not `unchecked`:
   *  the user left them out, nothing waits on a host or a cap. */
  notProvided: number;
}

export function coverage(report: Report): Coverage {
  let otherHost = 0;
  let overCap = report.cap?.unlisted ?? 0;
  let offline = 0;
  let notProvided = 0;
  for (const skill of report.skills) {
    if (skill.notChecked === 'other-host') otherHost += 1;
    else if (skill.notChecked === 'over-cap') overCap += 1;
    else if (skill.notChecked === 'offline') offline += 1;
    else if (skill.notChecked === 'not-provided') notProvided += 1;
  }
  const trustUnchecked = report.trust?.links.some((l) => l.status === 'not-checked') ?? false;
  return {
    total: report.skills.length + (report.cap?.unlisted ?? 0),
    unchecked: otherHost + overCap + offline,
    otherHost,
    overCap,
    offline,
    trustUnchecked,
    documentsUnchecked: documentsAwaitOtherHosts(report),
    notProvided,
  };
}

/** Whether a site document's redirect to another host waits for the panel (D5). */
export function documentsAwaitOtherHosts(report: Report): boolean {
  return report.documents.some((d) => d.redirectsTo !== undefined);
}

/** Everything the site publishes was looked at: nothing waits on another host or past the cap. */
export function isComplete(c: Coverage): boolean {
  return c.unchecked === 0 && !c.trustUnchecked && !c.documentsUnchecked;
}

const COVERAGE_WORDS = {
  skills: sentence('coverageSkills', ['count', 'total']),
  trust: sentence('coverageTrust', []),
  documents: sentence('coverageDocuments', []),
  notProvided: sentence('coverageNotProvided', ['count', 'total']),
};

/** "2 of 5 skills could not be checked yet", and the same for the sign-in documents: [] when complete. */
export function coverageWords(c: Coverage): Words[] {
  const out: Words[] = [];
  if (c.unchecked > 0) out.push(COVERAGE_WORDS.skills({ count: c.unchecked, total: c.total }));
  if (c.trustUnchecked) out.push(COVERAGE_WORDS.trust({}));
  if (c.documentsUnchecked) out.push(COVERAGE_WORDS.documents({}));
  if (c.notProvided > 0) out.push(COVERAGE_WORDS.notProvided({ count: c.notProvided, total: c.total }));
  return out;
}
