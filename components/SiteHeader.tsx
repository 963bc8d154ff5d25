import type { Report } from '../utils/engine/report/report';
import { poppyAbsence } from '../utils/engine/report/state';
import { WELL_KNOWN } from '../utils/engine/spec';
import { useSay, useT } from './i18n';
import { VERDICT_LOOK } from '../utils/engine/report/look';
import { hostOf } from '../utils/engine/text/host-of';
import { isolatedHost, SiteHost, SiteText } from './SiteText';

/** Who publishes this, for which domain, under which protocol version, and the overall verdict. */
export function SiteHeader(props: { report: Report }) {
  const t = useT();
  const say = useSay();
  const { report } = props;
  const poppy = report.poppy;
  const verdict = VERDICT_LOOK[report.verdict];
  const host = hostOf(report.target);
  return (
    <header class="site">
      <h1 class="site-name">{poppy?.organization.name ? <SiteText text={poppy.organization.name} /> : <SiteHost host={host} />}</h1>
      <p class={`verdict tone-${verdict.tone}`}>
        <span aria-hidden="true">{verdict.symbol}</span> {say(verdict.label({}))}
      </p>
      {poppy === null ? (
        <NoPoppy report={report} host={host} />
      ) : (
        <dl class="facts">
          <dt>{t('domainLabel')}</dt>
          <dd>
            <DomainMatch domain={poppy.organization.domain} matches={poppy.organization.domainMatches} host={host} />
          </dd>
          <dt>{t('protocolVersionLabel')}</dt>
          <dd>{poppy.protocolVersion === null ? t('notGiven') : <SiteText text={poppy.protocolVersion} />}</dd>
        </dl>
      )}
      {report.local ? <p class="muted">{t('localSite')}</p> : null}
    </header>
  );
}

/**
 * No poppy.json model: say whether the site has none or has one that could not be read, and
 * where the listed skills come from instead, the index or only the old one (D1).
 */
function NoPoppy(props: { report: Report; host: string }) {
  const t = useT();
  const { report } = props;
  const absence = poppyAbsence(report);
  const sentences = [t(absence === 'none' ? 'noPoppyJson' : 'poppyJsonUnreadable', isolatedHost(props.host))];
  if (report.skills.length > 0) {
    sentences.push(
      report.skills.every((skill) => skill.source === 'legacy')
        ? t('skillsFromLegacyIndex', WELL_KNOWN.legacySkillIndex)
        : t('skillsFromIndex', WELL_KNOWN.skillIndex),
    );
  }
  return (
    <p class="muted" data-poppy-absence={absence}>
      {sentences.join(' ')}
    </p>
  );
}

function DomainMatch(props: { domain: string | null; matches: boolean | null; host: string }) {
  const t = useT();
  if (props.domain === null) return <span>{t('notGiven')}</span>;
  return (
    <span data-domain-matches={String(props.matches)}>
      <SiteHost class="mono" host={props.domain} />{' '}
      {props.matches === true ? (
        <span class="tone-ok">
          <span aria-hidden="true">✓</span> {t('domainMatches')}
        </span>
      ) : props.matches === false ? (
        <span class="tone-error">
          <span aria-hidden="true">✗</span> {t('domainDiffers', isolatedHost(props.host))}
        </span>
      ) : null}
    </span>
  );
}
