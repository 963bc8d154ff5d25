/**
 * The closing table of a survey, counted line by line: a few numbers and one counter per finding
 * code, however many sites. Reads lines from this run and from earlier ones (`--resume`,
 * `--summarize`), so split runs merge into one summary.
 */
import { counted } from '../english';
import { REPORT_STATES } from '../../utils/engine/report/state';
import type { SurveyLine } from './result';

const TOP_CODES = 10;

export class SurveySummary {
  sites = 0;
  unusable = 0;
  /** Listed targets the URL policy refused (loopback, private…) without `--allow-local`. */
  refused = 0;
  unreachable = 0;
  cutByDeadline = 0;
  poppy = 0;
  skillIndex = 0;
  standalone = 0;
  legacy = 0;
  skills = { total: 0, verified: 0, mismatch: 0, unreachable: 0, other: 0 };
  verdicts = new Map<string, number>();
  /** The one report state of each site (utils/engine/report/state.ts); lines of older runs may lack it. */
  states = new Map<string, number>();
  /** code → sites with it */
  codes = new Map<string, number>();

  add(line: SurveyLine): void {
    this.sites++;
    if (line.error !== undefined) {
      this.unusable++;
      return;
    }
    if (line.refused !== undefined) {
      this.refused++;
      return;
    }
    if (!line.reachable) this.unreachable++;
    if (line.deadline) this.cutByDeadline++;
    if (line.publishes.poppy) this.poppy++;
    if (line.publishes.skillIndex) this.skillIndex++;
    if (line.publishes.standaloneIndex) this.standalone++;
    if (line.publishes.legacyIndex) this.legacy++;
    const s = line.skills;
    this.skills.total += s.total;
    this.skills.verified += s.verified;
    this.skills.mismatch += s.mismatch;
    this.skills.unreachable += s.unreachable;
    this.skills.other += s.total - s.verified - s.mismatch - s.unreachable;
    if (line.verdict) this.verdicts.set(line.verdict, (this.verdicts.get(line.verdict) ?? 0) + 1);
    if (line.state) this.states.set(line.state, (this.states.get(line.state) ?? 0) + 1);
    for (const code of line.codes) this.codes.set(code, (this.codes.get(code) ?? 0) + 1);
  }

  /** Plain text for stderr; `run` is this run's share (a resumed run also counts earlier lines). */
  table(run: { elapsedMs: number; checked: number } | null): string {
    const row = (label: string, n: number) => `  ${label.padEnd(40)} ${String(n).padStart(7)}`;
    const checked = this.sites - this.unusable - this.refused;
    const top = [...this.codes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TOP_CODES);
    const rate = run && run.elapsedMs > 0 ? ` (${((run.checked / run.elapsedMs) * 1000).toFixed(1)} sites/s)` : '';
    const time = run === null ? '' : `, ${run.checked} checked in ${(run.elapsedMs / 1000).toFixed(1)} s${rate}`;
    return [
      `Survey: ${counted(this.sites, 'site')}${time}`,
      row('answered', checked - this.unreachable),
      row('did not answer', this.unreachable),
      ...(this.cutByDeadline ? [row('cut short by the deadline', this.cutByDeadline)] : []),
      ...(this.unusable ? [row('not a web address', this.unusable)] : []),
      ...(this.refused ? [row('refused: local or private (--allow-local)', this.refused)] : []),
      row('publish poppy.json', this.poppy),
      row('  with skill_index', this.skillIndex),
      row('publish agent-skills/index.json', this.standalone),
      row('publish the legacy skills/index.json', this.legacy),
      `Skills: ${this.skills.total} listed, ${this.skills.verified} verified, ${this.skills.mismatch} mismatched, ${this.skills.unreachable} unreachable, ${this.skills.other} other`,
      `Verdicts: ${['ok', 'warnings', 'errors', 'none'].map((v) => `${v} ${this.verdicts.get(v) ?? 0}`).join(', ')}`,
      `States: ${REPORT_STATES.filter((s) => s !== 'checking')
        .map((s) => `${s} ${this.states.get(s) ?? 0}`)
        .join(', ')}`,
      ...(top.length ? ['Most common findings (sites with each):', ...top.map(([code, n]) => row(code, n))] : []),
    ].join('\n');
  }
}
