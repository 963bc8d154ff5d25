import type { Finding } from './findings';
import { renderParam, renderText, type MessageSource } from './render';
import { coverage, type Coverage } from './coverage';
import type { LensReport, Report, SkillCap, SkillReport } from './report';
import { reportState, type ReportState } from './state';
import type { TrustLink, TrustReport } from '../trust/types';
import type { Words } from './words';

/** A finding as the JSON report carries it: the words rendered, and the key and values they came from. */
export interface FindingJson extends Omit<Finding, 'message' | 'hint'> {
  message: string;
  hint: string;
  /** Catalog key of `message` (public/_locales/<lang>/messages.json). */
  messageKey: string;
  /** The values in `message`, each as text: URLs, digests, names, counts. */
  params: string[];
  hintKey: string;
  hintParams: string[];
}

export interface SkillJson extends Omit<SkillReport, 'reason' | 'lens'> {
  reason?: string;
  reasonKey?: string;
  reasonParams?: string[];
  /** What the skill asks of an agent (D12); why operations went unchecked, in words. */
  lens?: Omit<LensReport, 'notChecked'> & { notChecked?: { operations: string[]; reason: string | null; mcp: boolean } };
}

export interface TrustLinkJson extends Omit<TrustLink, 'reason'> {
  reason?: string;
  reasonKey?: string;
  reasonParams?: string[];
}

export interface TrustJson extends Omit<TrustReport, 'links'> {
  links: TrustLinkJson[];
}

export interface ReportJson extends Omit<Report, 'findings' | 'skills' | 'trust' | 'cap'> {
  /** What the check comes to (report/state.ts): the badge's, the panel's and the CLI's one answer. */
  state: Exclude<ReportState, 'checking'>;
  skills: SkillJson[];
  findings: FindingJson[];
  /** The sign-in trust chain; null when poppy.json names no issuer. */
  trust: TrustJson | null;
  /** Set when an index lists more skills than were checked (our limit); null otherwise. */
  cap: SkillCap | null;
  /** What could not be checked yet (D5): never read as "everything checks out". */
  coverage: Coverage;
}

/**
 * The report as plain JSON (the command line's `--json`, the panel's "Copy as JSON"; its shape is
 * in docs/report-format.md): the words are rendered at export time in the exporter's language, and the keys
 * and values stay, so a tool can match on them or render them again in another language.
 */
export function reportToJson(report: Report, source: MessageSource): ReportJson {
  const values = (words: Words) => words.params.map((p) => renderParam(source, p));
  const findings = report.findings.map(({ message, hint, ...rest }): FindingJson => ({
    ...rest,
    message: renderText(source, message),
    hint: renderText(source, hint),
    messageKey: message.key,
    params: values(message),
    hintKey: hint.key,
    hintParams: values(hint),
  }));
  const reasoned = <T extends { reason?: Words }>({ reason, ...rest }: T) =>
    reason === undefined ? rest : { ...rest, reason: renderText(source, reason), reasonKey: reason.key, reasonParams: values(reason) };
  const skills = report.skills.map(({ lens, ...s }): SkillJson => {
    const json: SkillJson = reasoned(s);
    if (lens) {
      const { notChecked, ...seen } = lens;
      json.lens = notChecked
        ? { ...seen, notChecked: { ...notChecked, reason: notChecked.reason && renderText(source, notChecked.reason) } }
        : seen;
    }
    return json;
  });
  const trust = report.trust ? { ...report.trust, links: report.trust.links.map((l): TrustLinkJson => reasoned(l)) } : null;
  const { target, checkedAt, verdict, ...rest } = report;
  return {
    target,
    checkedAt,
    verdict,
    state: reportState(report),
    ...rest,
    skills,
    findings,
    trust,
    cap: report.cap ?? null,
    coverage: coverage(report),
  };
}
