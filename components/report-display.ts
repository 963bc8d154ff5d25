import { sortFindings, type Finding } from '../utils/engine/report/findings';
import { SKILL_STATUS_LOOK, skillStateWords, type Tone } from '../utils/engine/report/look';
import type { Report, SkillReport } from '../utils/engine/report/report';
import { reportState } from '../utils/engine/report/state';
import { sentence, type Words } from '../utils/engine/report/words';
import { SEVERITIES, SKILL_STATUSES, type Severity } from '../utils/engine/spec';
import type { Translate } from '../utils/extension/i18n';
import { TRUST_CODES } from '../utils/engine/trust/codes';

/**
 * The panel's three shapes of a finished check, from the one report state (utils/engine/report/
 * state.ts): nothing published, could not check (`unreachable`: the findings say what went
 * wrong), or what was published.
 */
export type ReportShape = 'published' | 'nothing' | 'unreachable';

export function reportShape(report: Report): ReportShape {
  const state = reportState(report);
  return state === 'nothing' ? 'nothing' : state === 'unreadable' ? 'unreachable' : 'published';
}

/** Worst first, in the order of D3's table (utils/engine/spec.ts); ties keep the index order. */
export function sortSkills(skills: readonly SkillReport[]): SkillReport[] {
  const rank = (s: SkillReport) => SKILL_STATUSES.indexOf(s.status);
  return skills
    .map((skill, i) => ({ skill, i }))
    .sort((a, b) => rank(a.skill) - rank(b.skill) || a.i - b.i)
    .map((x) => x.skill);
}

/** Whether a skill's file lives on the checked site, and on which host otherwise. */
export function skillHost(skill: SkillReport, target: string): { sameSite: boolean; host: string | null; origin: string | null } {
  if (skill.url === null || !URL.canParse(skill.url)) return { sameSite: false, host: null, origin: null };
  const url = new URL(skill.url);
  const sameSite = URL.canParse(target) && new URL(target).origin === url.origin;
  return { sameSite, host: url.host, origin: url.origin };
}

export function groupFindings(findings: readonly Finding[]): { severity: Severity; findings: Finding[] }[] {
  return SEVERITIES.map((severity) => ({ severity, findings: findings.filter((f) => f.severity === severity) }));
}

const MINUTE = 60_000;

/** "checked 3 minutes ago", from the report's time and the panel's `now` (a prop, for tests). */
export function checkedAgo(checkedAt: string, now: Date, t: Translate): string {
  const elapsed = now.getTime() - Date.parse(checkedAt);
  if (Number.isNaN(elapsed)) return t('checkedUnknown');
  const minutes = Math.floor(elapsed / MINUTE);
  if (minutes < 1) return t('checkedJustNow');
  if (minutes === 1) return t('checkedOneMinute');
  if (minutes < 60) return t('checkedMinutes', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours === 1) return t('checkedOneHour');
  if (hours < 24) return t('checkedHours', hours);
  const days = Math.floor(hours / 24);
  return days === 1 ? t('checkedOneDay') : t('checkedDays', days);
}

const SEVERITY_TONE: Readonly<Record<Severity, Tone | null>> = { error: 'error', warning: 'warning', info: null };

/**
 * A skill row's colour is the severity of its worst finding (a verified file served with a wrong
 * content type is verified, and amber), else its status's own tone.
 */
export function skillTone(skill: SkillReport, findings: readonly Finding[]): Tone {
  const own = findings.filter((f) => f.skill === skill.name);
  for (const severity of SEVERITIES)
    if (own.some((f) => f.severity === severity)) return SEVERITY_TONE[severity] ?? SKILL_STATUS_LOOK[skill.status].tone;
  return SKILL_STATUS_LOOK[skill.status].tone;
}

const WRONG_FILE = sentence('statusWrongFile', []);

/**
 * A status label that never contradicts its cause: bytes that are an HTML page are a wrong file
 * served, not a skill that "changed since it was published". A change is said in plain words on
 * the first screen; the digests are in the row's details and under "For site owners".
 */
export function skillLabel(skill: SkillReport): Words {
  if (skill.status === 'mismatch') return skill.mismatch?.includes('html-body') ? WRONG_FILE({}) : SKILL_STATUS_LOOK.mismatch.label({});
  return skillStateWords(skill);
}

/** Statuses an agent cannot rely on: shown first and open, with their reason. */
export function isProblem(skill: SkillReport): boolean {
  return skill.status !== 'verified' && skill.status !== 'not-checked';
}

/**
 * A finding's element id under "For site owners", from what it says and where: the same finding
 * gets the same id on every render and in every place that links to it (FNV-1a, 32 bits).
 */
export function findingId(f: Finding): string {
  const key = JSON.stringify([f.code, f.severity, f.document, f.path, f.skill ?? null, f.message]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return `finding-${f.code.replace(/[^a-z0-9-]/gi, '')}-${(hash >>> 0).toString(36)}`;
}

/** The findings one problem on the first screen stands for, worst first; info never needs a fix there. */
function needingAction(findings: readonly Finding[], about: (f: Finding) => boolean): Finding[] {
  return sortFindings(findings.filter((f) => f.severity !== 'info' && f.ourLimit !== true && about(f)));
}

/** A skill row's own findings (they name the index entry). */
export const skillFindings = (report: Report, skill: SkillReport): Finding[] =>
  needingAction(report.findings, (f) => f.skill === skill.name);

/** The sign-in chain's findings (D10): its own codes, and any about one of its metadata documents. */
export function signInFindings(report: Report): Finding[] {
  const documents = new Set((report.trust?.links ?? []).map((link) => link.url).filter((url) => url !== null));
  return needingAction(
    report.findings,
    (f) => f.skill === undefined && (Object.hasOwn(TRUST_CODES, f.code) || (f.document !== null && documents.has(f.document))),
  );
}

/** The codes of what a check could not look at yet: another host unasked (D5), offline, our cap. */
const COVERAGE_CODES: ReadonlySet<string> = new Set(['skill-not-checked', 'trust-not-checked', 'offline', 'too-many-skills']);

/** What the coverage note stands for, each with its way forward. */
export const coverageFindings = (report: Report): Finding[] => sortFindings(report.findings.filter(isCoverage));

const isCoverage = (f: Finding) => f.ourLimit === true && COVERAGE_CODES.has(f.code);

/** Whether a fix on the first screen may link to this finding: one needing action, or the coverage note's. */
export const linkedFromFirstScreen = (f: Finding): boolean => (f.severity !== 'info' && f.ourLimit !== true) || isCoverage(f);

/**
 * Whether the sign-in must come before the skills (problems first): its chain is broken or has an
 * error while no skill has one, so a green skill list would otherwise stand above the error.
 */
export function signInFirst(report: Report): boolean {
  const signInError = report.trust?.status === 'broken' || signInFindings(report).some((f) => f.severity === 'error');
  if (!signInError) return false;
  return !report.skills.some((s) => isProblem(s) || skillFindings(report, s).some((f) => f.severity === 'error'));
}
