import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { coverage, coverageWords, isComplete } from '../utils/engine/report/coverage';
import { SKILL_STATUS_LOOK } from '../utils/engine/report/look';
import type { Report, SkillReport } from '../utils/engine/report/report';
import { RAISED_MAX_SKILLS, SKILL_STATUSES } from '../utils/engine/spec';
import { useActions } from './actions';
import { useSay, useT } from './i18n';
import { goTo, SKILLS_ID } from './navigation';
import { PANEL_WORDS as W } from './panel-words';
import { coverageFindings, skillFindings, sortSkills } from './report-display';
import { Disclosure } from './Disclosure';
import { FindingFix } from './FindingFix';
import { SkillRow } from './SkillRow';

/** Past this many skills the list turns compact: a counts line, a filter box, verified ones folded. */
export const MANY_SKILLS = 12;

/**
 * Every skill, problems first, with the reminder of what a verified digest does and doesn't
 * prove. Keys are skill names (with their rank among equal names), never list positions: a new
 * check may reorder the rows, and a row must keep what the user opened in it.
 */
export function SkillSection(props: { report: Report; busy: boolean }) {
  const t = useT();
  const say = useSay();
  const { report } = props;
  const [filter, setFilter] = useState('');
  const many = report.skills.length > MANY_SKILLS;
  const query = many ? filter.trim().toLocaleLowerCase() : '';
  const keyed = withKeys(sortSkills(report.skills));
  const shown = query === '' ? keyed : keyed.filter(({ skill }) => matches(skill, query));
  // A big site folds its verified skills away until a filter asks for them.
  const fold = many && query === '';
  const open = fold ? shown.filter(({ skill }) => skill.status !== 'verified') : shown;
  const folded = fold ? shown.filter(({ skill }) => skill.status === 'verified') : [];
  return (
    <section aria-labelledby={SKILLS_ID} class="skills-section">
      <h2 id={SKILLS_ID} tabIndex={-1}>
        {t('skillsHeading', report.skills.length)}
      </h2>
      {report.skills.length === 0 ? <p class="muted">{t('skillsNone')}</p> : null}
      {many ? <CountsLine skills={report.skills} /> : null}
      {many ? (
        <p class="filter">
          <label for="skill-filter">{t('skillFilterLabel')}</label>
          <input id="skill-filter" type="search" value={filter} onInput={(e) => setFilter((e.currentTarget as HTMLInputElement).value)} />
        </p>
      ) : null}
      {query !== '' ? (
        <p class="small" role="status">
          {say(W.skillFilterMatches({ shown: shown.length, count: report.skills.length }))}
        </p>
      ) : null}
      <CoverageNote report={report} busy={props.busy} />
      {open.length > 0 ? <SkillList report={report} rows={open} compact={many} /> : null}
      {folded.length > 0 ? (
        // Its rows are built when it first opens (Disclosure): the count says how many it holds.
        <Disclosure
          class="verified-group"
          data-skill-count={folded.length}
          summary={
            <summary>
              <span aria-hidden="true">✓</span> {say(W.skillsVerifiedGroup({ count: folded.length }))}
            </summary>
          }
        >
          <SkillList report={report} rows={folded} compact />
        </Disclosure>
      ) : null}
      {report.skills.length > 0 ? <p class="note">{t('verifiedMeaning')}</p> : null}
    </section>
  );
}

/**
 * What this check could not look at yet, on the first screen (D5): "N of M skills could
 * not be checked yet", and the sign-in documents on other sites. Skills and documents on other
 * hosts wait for a click (D5); entries past our cap are our limit, said as such, with "Check the
 * remaining N" where the cap can still be raised (the press is the user's opt-in).
 */
function CoverageNote(props: { report: Report; busy: boolean }) {
  const t = useT();
  const say = useSay();
  const { checkOtherHosts } = useActions();
  const c = coverage(props.report);
  if (isComplete(c)) return null;
  // Other hosts are asked by the bigger check too: one button does both.
  const raisable = c.overCap > 0 && props.report.cap !== undefined && props.report.cap.limit < RAISED_MAX_SKILLS;
  const waitingOnOtherHosts = (c.otherHost > 0 || c.trustUnchecked || c.documentsUnchecked) && !raisable;
  return (
    <div class="coverage" data-coverage>
      {coverageWords(c).map((words, i) => (
        <p key={i}>
          <span aria-hidden="true">?</span> {say(words)}
        </p>
      ))}
      {c.overCap > 0 && props.report.cap !== undefined ? <p class="small">{t('pastCapNote', props.report.cap.limit)}</p> : null}
      <FindingFix findings={coverageFindings(props.report)} />
      {raisable ? <RemainingButton report={props.report} overCap={c.overCap} busy={props.busy} /> : null}
      {waitingOnOtherHosts ? (
        <p class="other-hosts">
          <button
            type="button"
            class="button"
            aria-disabled={props.busy ? 'true' : undefined}
            onClick={() => {
              if (!props.busy) checkOtherHosts();
            }}
          >
            {t('checkOtherHosts')}
          </button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Check the remaining N", or "Check N more" when even the raised cap stops short. Like "Check
 * again" it stays focusable while a check runs (aria-disabled). When the bigger check's result
 * takes it away, the focus moves to the skills heading rather than dropping to the page.
 */
function RemainingButton(props: { report: Report; overCap: number; busy: boolean }) {
  const say = useSay();
  const { checkRemaining } = useActions();
  const button = useRef<HTMLButtonElement>(null);
  // A layout cleanup runs before Preact takes the button out of the page, so the button still
  // has the focus here (a passive one runs after paint, and browsers blur a removed element).
  useLayoutEffect(
    () => () => {
      if (button.current !== null && document.activeElement === button.current) queueMicrotask(() => goTo(SKILLS_ID));
    },
    [],
  );
  if (checkRemaining === undefined) return null;
  const limit = props.report.cap?.limit ?? RAISED_MAX_SKILLS;
  const more = RAISED_MAX_SKILLS - limit;
  const words = props.overCap <= more ? W.checkRemaining({ count: props.overCap }) : W.checkMoreSkills({ count: more });
  return (
    <p class="other-hosts">
      <button
        type="button"
        class="button"
        data-check-remaining
        ref={button}
        aria-disabled={props.busy ? 'true' : undefined}
        onClick={() => {
          if (!props.busy) checkRemaining();
        }}
      >
        {say(words)}
      </button>
    </p>
  );
}

interface Keyed {
  skill: SkillReport;
  key: string;
}

/** The rows of a list; a component, so a folded list's rows cost nothing until it opens. */
function SkillList(props: { report: Report; rows: readonly Keyed[]; compact: boolean }) {
  const { report } = props;
  return (
    <ul class="skills">
      {props.rows.map(({ skill, key }) => (
        <SkillRow
          key={key}
          skill={skill}
          target={report.target}
          findings={report.findings}
          fixes={skillFindings(report, skill)}
          compact={props.compact}
        />
      ))}
    </ul>
  );
}

function withKeys(skills: readonly SkillReport[]): Keyed[] {
  const seen = new Map<string, number>();
  return skills.map((skill) => {
    const n = seen.get(skill.name) ?? 0;
    seen.set(skill.name, n + 1);
    return { skill, key: `${skill.name}#${n}` };
  });
}

function matches(skill: SkillReport, query: string): boolean {
  return skill.name.toLocaleLowerCase().includes(query) || (skill.description ?? '').toLocaleLowerCase().includes(query);
}

/** "Changed since it was published: 2 · Verified: 190", worst first, each with its symbol. */
function CountsLine(props: { skills: readonly SkillReport[] }) {
  const say = useSay();
  const counts = SKILL_STATUSES.map((status) => ({ status, n: props.skills.filter((s) => s.status === status).length })).filter(
    ({ n }) => n > 0,
  );
  return (
    <ul class="counts" data-counts>
      {counts.map(({ status, n }) => (
        <li key={status} data-count={status}>
          <span aria-hidden="true">{SKILL_STATUS_LOOK[status].symbol}</span> {say(SKILL_STATUS_LOOK[status].label({}))}: {n}
        </li>
      ))}
    </ul>
  );
}
