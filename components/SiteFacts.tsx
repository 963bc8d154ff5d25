import type { Report } from '../utils/engine/report/report';
import { poppyAbsence } from '../utils/engine/report/state';
import { WELL_KNOWN } from '../utils/engine/spec';
import { hostOf } from '../utils/engine/text/host-of';
import { useT } from './i18n';
import { isolated, isolatedHost, SiteHost, SiteText } from './SiteText';

/**
 * The documents' own facts for the site owner: the domain poppy.json speaks for, the protocol
 * version and extensions, or, with no poppy.json, whether it is missing or unreadable and where
 * the listed skills come from instead (D1).
 */
export function SiteFacts(props: { report: Report }) {
  const t = useT();
  const { report } = props;
  const poppy = report.poppy;
  const host = hostOf(report.target);
  if (poppy === null) return <NoPoppy report={report} host={host} />;
  const { extensions } = poppy;
  return (
    <dl class="facts">
      <dt>{t('domainLabel')}</dt>
      <dd>
        <DomainMatch domain={poppy.organization.domain} matches={poppy.organization.domainMatches} host={host} local={report.local} />
      </dd>
      <dt>{t('protocolVersionLabel')}</dt>
      <dd>{poppy.protocolVersion === null ? t('notGiven') : <SiteText text={poppy.protocolVersion} />}</dd>
      {extensions.length > 0 ? (
        <>
          <dt>{t('extensionsLabel')}</dt>
          <dd>{extensions.map((e) => isolated(e.version === null ? e.name : `${e.name} (${e.version})`)).join(', ')}</dd>
        </>
      ) : null}
    </dl>
  );
}

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

/**
 * On a local dev site the domain poppy.json names is the production one, so a difference from
 * the dev host is what to expect (D8), said as such rather than as a red ✗ under a green verdict.
 */
function DomainMatch(props: { domain: string | null; matches: boolean | null; host: string; local: boolean }) {
  const t = useT();
  if (props.domain === null) return <span>{t('notGiven')}</span>;
  return (
    <span data-domain-matches={String(props.matches)}>
      <SiteHost class="mono" host={props.domain} />{' '}
      {props.matches === true ? (
        <span class="tone-ok">
          <span aria-hidden="true">✓</span> {t('domainMatches')}
        </span>
      ) : props.matches === false && props.local ? (
        <span class="tone-neutral" data-domain-expected>
          <span aria-hidden="true">ℹ</span> {t('domainDiffersLocal', isolatedHost(props.host))}
        </span>
      ) : props.matches === false ? (
        <span class="tone-error">
          <span aria-hidden="true">✗</span> {t('domainDiffers', isolatedHost(props.host))}
        </span>
      ) : null}
    </span>
  );
}
