import type { Report } from '../utils/engine/report/report';
import { hostOf } from '../utils/engine/text/host-of';
import { STATE_LOOK, stateHeadline, stateOf, stateSummary } from '../utils/extension/state-look';
import { useSay, useT } from './i18n';
import { SiteHost, SiteText } from './SiteText';

/**
 * The answer first: who this is, the verdict, and one plain line saying what it means. The same
 * table (utils/extension/state-look.ts) gives the badge and its tooltip, so they never disagree.
 */
export function SiteHeader(props: { report: Report }) {
  const t = useT();
  const say = useSay();
  const { report } = props;
  const state = stateOf(report, false);
  const look = STATE_LOOK[state];
  const host = hostOf(report.target);
  const name = report.poppy?.organization.name;
  return (
    <header class="site">
      <h1 class="site-name">{name ? <SiteText text={name} /> : <SiteHost host={host} />}</h1>
      {name ? (
        <p class="small host">
          <SiteHost host={host} />
        </p>
      ) : null}
      {/* The grade tile: one large symbol and the plain line beside it, read in a glance. */}
      <div class={`verdict-tile tone-border-${look.tone}`}>
        <span class={`verdict-symbol tone-${look.tone}`} aria-hidden="true">
          {look.symbol}
        </span>
        <div>
          <p class={`verdict tone-${look.tone}`} data-state-look={state}>
            {say(stateHeadline(report, state))}
          </p>
          <p class="summary" data-summary>
            {say(stateSummary(report, state))}
          </p>
        </div>
      </div>
      {report.local ? <p class="small">{t('localSite')}</p> : null}
    </header>
  );
}
