/** One site's line in a survey's output: what it publishes, how its skills fared, which findings. */
import { fingerprint, type ChangeJson, type SiteFingerprint } from '../../utils/engine/changes';
import { ENGINE_CODES } from '../../utils/engine/check';
import { reportToJson, type ReportJson } from '../../utils/engine/report/report-json';
import type { Report } from '../../utils/engine/report/report';
import { reportState, type ReportState } from '../../utils/engine/report/state';
import { ENGLISH } from '../english';
import { SKILL_STATUSES, type SkillStatus, type Verdict } from '../../utils/engine/spec';
import type { PolicyReason } from '../../utils/engine/net/url-policy';
import { renderText } from '../../utils/engine/report/render';
import type { Refusal } from './target-policy';

export interface SurveyLine {
  /** The site as listed (the key `--resume` matches on). */
  site: string;
  /** The origin checked, or null when the line is not a web address. */
  target: string | null;
  verdict: Verdict | null;
  /** What the check comes to (the badge's and the panel's state); null when the line is not a web address. */
  state: Exclude<ReportState, 'checking'> | null;
  /** Something answered at the address (an HTTP status for one of its documents). */
  reachable: boolean;
  /** Why nothing answered, when `reachable` is false: the URL policy's refusal or the network error. */
  reason?: string;
  /** The URL policy refused the listed target before any connection (`loopback`, `private`, …). */
  refused?: PolicyReason;
  publishes: { poppy: boolean; skillIndex: boolean; standaloneIndex: boolean; legacyIndex: boolean };
  skills: Record<SkillStatus, number> & { total: number };
  findings: { error: number; warning: number; info: number };
  /** Distinct codes of the error and warning findings. */
  codes: string[];
  /** The per-site deadline cut the check short. */
  deadline: boolean;
  elapsedMs: number;
  /** Why the site was not checked at all (not a web address). */
  error?: string;
  /** `--full`: the whole report, its words in English. */
  report?: ReportJson;
  /** When the site was checked, and what it publishes that matters for trust: a later
   *  `survey --baseline` compares with them (D13). */
  checkedAt?: string;
  fingerprint?: SiteFingerprint;
  /** `--baseline`: when the site's earlier line was checked, and what changed since. */
  baseline?: { checkedAt: string | null };
  changes?: ChangeJson[];
}

/** The findings that say why nothing answered: the site's, or its documents' (a refused or failed request). */
const UNREACHABLE_CODES = new Set([ENGINE_CODES['site-unreachable'].code, ENGINE_CODES['document-unreachable'].code]);

export function surveyLine(site: string, report: Report, o: { elapsedMs: number; deadline: boolean; full: boolean }): SurveyLine {
  const published = (kind: string) => report.documents.some((d) => d.kind === kind && d.published);
  const skills = { total: report.skills.length, ...(Object.fromEntries(SKILL_STATUSES.map((s) => [s, 0])) as Record<SkillStatus, number>) };
  for (const s of report.skills) skills[s.status]++;
  const findings = { error: 0, warning: 0, info: 0 };
  const codes = new Set<string>();
  for (const f of report.findings) {
    findings[f.severity]++;
    if (f.severity !== 'info') codes.add(f.code);
  }
  const line: SurveyLine = {
    site,
    target: report.target,
    verdict: report.verdict,
    state: reportState(report),
    // A document's HTTP status is the only proof of an answer: a request our URL policy or DNS
    // check refused, or that failed, leaves none.
    reachable: report.documents.some((d) => d.httpStatus !== null),
    publishes: {
      poppy: published('poppy'),
      skillIndex: report.poppy?.hasSkillIndex ?? false,
      standaloneIndex: published('index'),
      legacyIndex: published('legacy-index'),
    },
    skills,
    findings,
    codes: [...codes].sort(),
    deadline: o.deadline,
    elapsedMs: Math.round(o.elapsedMs),
    checkedAt: report.checkedAt,
    fingerprint: fingerprint(report),
  };
  if (!line.reachable) {
    const why = report.findings.find((f) => UNREACHABLE_CODES.has(f.code));
    if (why) line.reason = renderText(ENGLISH, why.message);
  }
  if (o.full) line.report = reportToJson(report, ENGLISH);
  return line;
}

/** A listed target the URL policy refused: no connection was made (target-policy.ts). */
export function refusedLine(site: string, target: string, refusal: Refusal): SurveyLine {
  const { error: _none, ...line } = unusableLine(site, '');
  return { ...line, target, reason: refusal.message, refused: refusal.reason };
}

export function unusableLine(site: string, error: string): SurveyLine {
  const skills = { total: 0, ...(Object.fromEntries(SKILL_STATUSES.map((s) => [s, 0])) as Record<SkillStatus, number>) };
  return {
    site,
    target: null,
    verdict: null,
    state: null,
    reachable: false,
    publishes: { poppy: false, skillIndex: false, standaloneIndex: false, legacyIndex: false },
    skills,
    findings: { error: 0, warning: 0, info: 0 },
    codes: [],
    deadline: false,
    elapsedMs: 0,
    error,
  };
}
