// The verdict (D3) and the report state as a table: every severity × ourLimit × skill status, with
// and without something published. Each row's expected answer is written out, not recomputed.
import { describe, expect, it } from 'vitest';
import { computeVerdict } from '../../../utils/engine/report/verdict';
import { reportState } from '../../../utils/engine/report/state';
import type { Finding } from '../../../utils/engine/report/findings';
import type { Report } from '../../../utils/engine/report/report';
import { SEVERITIES, SKILL_STATUSES, type Severity, type SkillStatus, type Verdict } from '../../../utils/engine/spec';
import * as reports from '../../components/reports';
import { DIGESTS } from '../../components/reports';

type FindingRow = 'no finding' | `${Severity}${'' | ' (our limit)'}`;
type StatusRow = 'no skill' | SkillStatus;

/** What one finding does to the verdict: only the site's errors and warnings count (our limits never move it). */
const FINDING_MOVES: Record<FindingRow, Verdict | null> = {
  'no finding': null,
  error: 'errors',
  'error (our limit)': null,
  warning: 'warnings',
  'warning (our limit)': null,
  info: null,
  'info (our limit)': null,
};

/** What one skill's status does: a mismatch is always an error (D3); the others leave it to the findings. */
const STATUS_MOVES: Record<StatusRow, Verdict | null> = {
  'no skill': null,
  verified: null,
  mismatch: 'errors',
  unreachable: null,
  blocked: null,
  invalid: null,
  skipped: null,
  'not-checked': null,
};

const WORST: readonly Verdict[] = ['errors', 'warnings'];

function findingFor(row: FindingRow): Finding[] {
  if (row === 'no finding') return [];
  const [severity, limit] = row.split(' ') as [Severity, string | undefined];
  return [reports.finding(reports.siteText('x'), { severity, ...(limit ? { ourLimit: true } : {}) })];
}

const rows: [boolean, FindingRow, StatusRow][] = [];
for (const published of [true, false])
  for (const f of Object.keys(FINDING_MOVES) as FindingRow[])
    for (const s of Object.keys(STATUS_MOVES) as StatusRow[]) rows.push([published, f, s]);

describe('computeVerdict: the whole table', () => {
  it('covers every severity and every status', () => {
    expect(Object.keys(STATUS_MOVES).filter((s) => s !== 'no skill')).toEqual(expect.arrayContaining([...SKILL_STATUSES]));
    expect(Object.keys(STATUS_MOVES)).toHaveLength(SKILL_STATUSES.length + 1);
    for (const severity of SEVERITIES) expect(FINDING_MOVES).toHaveProperty([severity]);
    expect(rows).toHaveLength(2 * 7 * 8);
  });

  it.each(rows)('published %s, %s, %s', (published, f, s) => {
    const skills = s === 'no skill' ? [] : [reports.skill('a', DIGESTS.find, { status: s })];
    const moves = [FINDING_MOVES[f], STATUS_MOVES[s]];
    const expected = WORST.find((v) => moves.includes(v)) ?? (published ? 'ok' : 'none');
    expect(computeVerdict(published, skills, findingFor(f))).toBe(expected);
  });

  it('a site warning with an error of our own limit is warnings; two limits and a mismatch are errors', () => {
    const limitError = findingFor('error (our limit)');
    expect(computeVerdict(true, [], [...limitError, ...findingFor('warning')])).toBe('warnings');
    expect(computeVerdict(true, [reports.skill('a', DIGESTS.find, { status: 'mismatch' })], limitError)).toBe('errors');
  });
});

describe('reportState over a published report: the verdict, then the skills', () => {
  const published = (verdict: Verdict, statuses: SkillStatus[]): Report => ({
    ...reports.northlightOk(),
    verdict,
    skills: statuses.map((status, i) => reports.skill(`s${i}`, DIGESTS.find, { status })),
  });

  it.each<[Verdict, SkillStatus[], ReturnType<typeof reportState>]>([
    ['errors', ['verified'], 'errors'],
    ['warnings', ['verified'], 'warnings'],
    ['ok', [], 'no-skills'],
    ['ok', ['verified', 'verified'], 'verified'],
    ...SKILL_STATUSES.filter((s) => s !== 'verified').map((s): [Verdict, SkillStatus[], 'unverified'] => [
      'ok',
      ['verified', s],
      'unverified',
    ]),
  ])('verdict %s with skills %j → %s', (verdict, statuses, state) => {
    expect(reportState(published(verdict, statuses))).toBe(state);
  });
});
