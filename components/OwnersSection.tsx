import type { Report } from '../utils/engine/report/report';
import { useActions } from './actions';
import { Disclosure } from './Disclosure';
import { FindingsSection } from './FindingsSection';
import { useT } from './i18n';
import { ReportTools } from './ReportTools';
import { SiteFacts } from './SiteFacts';
import { SiteCode, SiteText } from './SiteText';

/**
 * Everything a site owner needs, together at the end: the findings with their fixes, the
 * documents' own facts, what was fetched, each skill's digests, the raw poppy.json and the
 * exports. The words above it stay plain; the jargon lives here.
 */
export function OwnersSection(props: { report: Report; rawPoppy: string | null; page?: boolean }) {
  const t = useT();
  const { openFullReport } = useActions();
  const { report } = props;
  return (
    <section class="owners" aria-labelledby="owners-heading">
      <h2 id="owners-heading">{t('ownersHeading')}</h2>
      <p class="small">{t('ownersLead')}</p>
      {openFullReport ? (
        <p>
          <button type="button" class="link-button" onClick={openFullReport} data-open-report>
            {t('openFullReport')}
          </button>
        </p>
      ) : null}
      <SiteFacts report={report} />
      <FindingsSection findings={report.findings} />
      {report.skills.length > 0 && !props.page ? <Digests report={report} /> : null}
      <ReportTools report={report} rawPoppy={props.rawPoppy} page={props.page ?? false} />
    </section>
  );
}

/** Each skill's published digest, and the served file's when they differ. */
function Digests(props: { report: Report }) {
  const t = useT();
  return (
    <Disclosure class="digest-list" summary={<summary>{t('digestsHeading')}</summary>}>
      <dl class="digests">
        {props.report.skills.map((skill, i) => (
          <div key={i}>
            <dt class="mono">
              <SiteText text={skill.name} />
            </dt>
            <dd class="mono">{skill.expectedDigest === null ? t('notGiven') : <SiteCode text={skill.expectedDigest} />}</dd>
            {skill.actualDigest !== null && skill.actualDigest !== skill.expectedDigest ? (
              <dd class="mono">
                {t('actualDigest')}: <SiteCode text={skill.actualDigest} />
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </Disclosure>
  );
}
