import type { Report } from '../utils/engine/report/report';
import { useActions } from './actions';
import { useT } from './i18n';
import { sortSkills } from './report-view';
import { SkillRow } from './SkillRow';

/**
 * Every skill, worst first, with the reminder of what a verified digest does and doesn't prove.
 * While a check runs (`busy`) the panel says so above; the button waits for its result.
 */
export function SkillSection(props: { report: Report; busy: boolean }) {
  const t = useT();
  const { report } = props;
  const { checkOtherHosts } = useActions();
  // Only entries the engine left for another host: one past the 200 cap is never checked, and
  // a button that checks nothing would be a broken promise.
  const waitingOnOtherHosts = report.skills.some((skill) => skill.notChecked === 'other-host');
  return (
    <section aria-labelledby="skills-heading">
      <h2 id="skills-heading">{t('skillsHeading', report.skills.length)}</h2>
      {report.skills.length === 0 ? <p class="muted">{t('skillsNone')}</p> : <p class="note">{t('verifiedMeaning')}</p>}
      {waitingOnOtherHosts ? (
        <p class="other-hosts">
          <button type="button" class="button" onClick={checkOtherHosts} disabled={props.busy}>
            {t('checkOtherHosts')}
          </button>
        </p>
      ) : null}
      <ul class="skills">
        {sortSkills(report.skills).map((skill, i) => (
          <SkillRow key={`${i}:${skill.name}`} skill={skill} target={report.target} />
        ))}
      </ul>
    </section>
  );
}
