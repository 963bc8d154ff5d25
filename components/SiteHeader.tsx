import type { PoppyModel, Report } from '../utils/engine/report/report';
import { and } from '../utils/engine/report/words';
import { hostOf } from '../utils/engine/text/host-of';
import { STATE_LOOK, stateHeadline, stateOf, stateSummary } from '../utils/extension/state-look';
import { useSay, useT } from './i18n';
import { SiteHost, SiteText } from './SiteText';
import { SIGN_IN_SHORT } from './FoldedSections';
import { PANEL_WORDS as W } from './panel-words';

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
      {report.poppy !== null ? <SiteOffer poppy={report.poppy} /> : null}
      {report.local ? <p class="small">{t('localSite')}</p> : null}
    </header>
  );
}

/** The site's offer in one line: how agents sign in, how many services, how many tasks to leave alone. */
function SiteOffer(props: { poppy: PoppyModel }) {
  const t = useT();
  const say = useSay();
  const { poppy } = props;
  const ways = poppy.signInTypes.map((s) => SIGN_IN_SHORT[s.type]);
  const parts = [
    ways.length === 0 ? say(W.siteOfferSignIn({ ways: t('signInShortNone') })) : say(W.siteOfferSignIn({ ways: and(ways) })),
    say(W.siteOfferServices({ count: poppy.apis.length })),
    say(W.siteOfferExcluded({ count: poppy.excludedTasks.length })),
  ];
  return (
    <p class="offer" data-offer>
      {parts.join(' · ')}
    </p>
  );
}
