import type { ComponentChildren } from 'preact';
import type { Finding } from '../utils/engine/report/findings';
import type { PoppyModel, SignIn } from '../utils/engine/report/report';
import { TRUST_STATUS_LOOK } from '../utils/engine/report/trust-words';
import type { TrustReport } from '../utils/engine/trust/types';
import { and, type Words } from '../utils/engine/report/words';
import { SIGNED_OUT } from '../utils/engine/spec';
import { AgentSection, ApiSection } from './ApiSection';
import { Disclosure } from './Disclosure';
import { FindingFix } from './FindingFix';
import { useSay, useT } from './i18n';
import { PANEL_WORDS as W } from './panel-words';
import { SignInSection } from './SignInSection';
import { isolated } from './SiteText';
import { TrustSection } from './TrustSection';

/** A few words per sign-in type for the folded summary line; the fold has the full sentences. */
export const SIGN_IN_SHORT: Readonly<Record<SignIn['type'], Words>> = {
  direct: W.signInShortDirect({}),
  device: W.signInShortDevice({}),
  mediated: W.signInShortMediated({}),
  [SIGNED_OUT]: W.signInShortSignedOut({}),
};

/**
 * Sign-in, APIs and the company's agent, each folded into one line that says the gist and opens
 * on a click: the first screen is for the skills. The sign-in line also says whether its trust
 * chain (D10) holds, and its fold opens to the chain. A sign-in with errors comes open, its fixes
 * first (`signInFixes`): an unresolved error is never folded away.
 */
export function FoldedSections(props: {
  poppy: PoppyModel;
  site: string;
  trust?: TrustReport;
  signInFixes?: readonly Finding[];
  signInOpen?: boolean;
}) {
  const t = useT();
  const say = useSay();
  const { poppy } = props;
  const ways = poppy.signInTypes.map((s) => SIGN_IN_SHORT[s.type]);
  return (
    <section class="folds" aria-label={t('foldsLabel')}>
      <Fold
        title={t('signInHeading')}
        line={ways.length === 0 ? t('signInShortNone') : say(W.signInWays({ ways: and(ways) }))}
        status={props.trust === undefined ? undefined : <TrustStatus trust={props.trust} />}
        open={props.signInOpen}
        name="sign-in"
      >
        <FindingFix findings={props.signInFixes ?? []} />
        <SignInSection poppy={poppy} site={props.site} />
        {props.trust !== undefined ? <TrustSection trust={props.trust} site={props.site} /> : null}
      </Fold>
      <Fold title={t('servicesHeading')} line={poppy.apis.length === 0 ? t('apisNone') : say(W.apisListed({ count: poppy.apis.length }))}>
        <ApiSection poppy={poppy} site={props.site} />
      </Fold>
      {poppy.agentProtocols.length > 0 ? (
        <Fold
          title={t('agentProtocolsHeading')}
          line={poppy.agentProtocols.map((p) => (p.type === null ? t('notGiven') : isolated(p.type))).join(', ')}
        >
          <AgentSection poppy={poppy} site={props.site} />
        </Fold>
      ) : null}
    </section>
  );
}

/** "✓ Sign-in checks out", in the sign-in fold's summary line: symbol and words, not colour alone. */
function TrustStatus(props: { trust: TrustReport }) {
  const say = useSay();
  const look = TRUST_STATUS_LOOK[props.trust.status];
  return (
    <span class={`fold-status tone-${look.tone}`} data-trust-status={props.trust.status}>
      <span aria-hidden="true">{look.symbol}</span> {say(look.label({}))}
    </span>
  );
}

function Fold(props: {
  title: string;
  line: string;
  status?: ComponentChildren;
  open?: boolean;
  name?: string;
  children: ComponentChildren;
}) {
  return (
    // Built when it first opens (Disclosure); a fold that comes open is built at once.
    <Disclosure
      class="fold"
      open={props.open === true}
      data-fold-name={props.name}
      summary={
        <summary>
          <span class="fold-title">{props.title}</span> <span class="fold-line">{props.line}</span>
          {props.status !== undefined ? <> {props.status}</> : null}
        </summary>
      }
    >
      {props.children}
    </Disclosure>
  );
}
