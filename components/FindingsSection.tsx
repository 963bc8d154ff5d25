import type { Finding } from '../utils/engine/report/findings';
import { sortFindings } from '../utils/engine/report/findings';
import { SEVERITY_LOOK } from '../utils/engine/report/look';
import { useSay, useSayMarked, useT } from './i18n';
import { Disclosure } from './Disclosure';
import { Prose } from './Prose';
import { FINDINGS_ID } from './navigation';
import { findingId, groupFindings, linkedFromFirstScreen } from './report-display';
import { SiteCode } from './SiteText';
import { FindingSourceLink } from './SourceLinks';

/**
 * Findings by severity with their fix hints; code, document and JSON path are there for the
 * site owner as small secondary text. Info is folded away: it never needs action.
 */
export function FindingsSection(props: { findings: readonly Finding[] }) {
  const t = useT();
  const say = useSay();
  return (
    <section aria-labelledby={FINDINGS_ID} class="findings-section">
      {/* The target of "F" and of the skip link: it takes focus. */}
      <h3 id={FINDINGS_ID} tabIndex={-1}>
        {t('findingsHeading')}
      </h3>
      {props.findings.length === 0 ? <p class="muted">{t('findingsNone')}</p> : null}
      {groupFindings(props.findings).map(({ severity, findings }) => {
        if (findings.length === 0) return null;
        const look = SEVERITY_LOOK[severity];
        const list = <FindingList findings={findings} />;
        const heading = say(look.heading({ count: findings.length }));
        // Info is built when it opens; a link to one of its findings (our limits, from the coverage note) opens it.
        return severity === 'info' ? (
          <Disclosure
            key={severity}
            class="findings"
            data-severity={severity}
            summary={<summary>{heading}</summary>}
            targets={findings.filter(linkedFromFirstScreen).map(findingId)}
          >
            {list}
          </Disclosure>
        ) : (
          <div key={severity} class="findings" data-severity={severity}>
            <h4>{heading}</h4>
            {list}
          </div>
        );
      })}
    </section>
  );
}

/** The findings the unreachable state quotes to say what went wrong. */
export function FindingList(props: { findings: readonly Finding[] }) {
  const t = useT();
  const say = useSayMarked();
  return (
    <ul class="plain finding-list">
      {sortFindings(props.findings).map((f, i) => (
        // The target of the "details" links beside each problem on the first screen: it takes focus.
        <li key={i} class="finding" data-code={f.code} id={findingId(f)} tabIndex={-1}>
          <p>
            <span class={`tone-${SEVERITY_LOOK[f.severity].tone}`} aria-hidden="true">
              {SEVERITY_LOOK[f.severity].symbol}
            </span>{' '}
            <Prose text={say(f.message)} />
          </p>
          <p class="hint">
            <Prose text={t('fixHint', say(f.hint))} />
          </p>
          <p class="small mono-url">
            <SiteCode text={[f.code, f.skill, f.document, f.path].filter((part) => part !== undefined && part !== null).join(' · ')} />
          </p>
          <FindingSourceLink finding={f} />
        </li>
      ))}
    </ul>
  );
}
