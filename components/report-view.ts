import type { Finding } from '../utils/engine/report/findings';
import type { Report, SkillReport } from '../utils/engine/report/report';
import { reportState } from '../utils/engine/report/state';
import { SEVERITIES, SKILL_STATUSES, type Severity } from '../utils/engine/spec';
import type { Translate } from '../utils/extension/i18n';

export type ReportShape = 'published' | 'nothing' | 'unreachable';

/**
 * The panel's three shapes of a finished check, from the one report state (utils/engine/report/
 * state.ts): nothing published, could not check (`unreachable`: the findings say what went
 * wrong), or what was published.
 */
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
