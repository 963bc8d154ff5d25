import type { ComponentChildren } from 'preact';
import type { PoppyModel, SignIn } from '../utils/engine/report/report';
import { and, type Words } from '../utils/engine/report/words';
import { SIGNED_OUT } from '../utils/engine/spec';
import { AgentSection, ApiSection } from './ApiSection';
import { useSay, useT } from './i18n';
import { PANEL_WORDS as W } from './panel-words';
import { SignInSection } from './SignInSection';
import { isolated } from './SiteText';

/** A few words per sign-in type for the folded summary line; the fold has the full sentences. */
const SIGN_IN_SHORT: Readonly<Record<SignIn['type'], Words>> = {
  direct: W.signInShortDirect({}),
  device: W.signInShortDevice({}),
  mediated: W.signInShortMediated({}),
  [SIGNED_OUT]: W.signInShortSignedOut({}),
};

/**
 * Sign-in, APIs and the company's agent, each folded into one line that says the gist and opens
 * on a click: the first screen is for the skills.
 */
export function FoldedSections(props: { poppy: PoppyModel; site: string }) {
  const t = useT();
  const say = useSay();
  const { poppy } = props;
  const ways = poppy.signInTypes.map((s) => SIGN_IN_SHORT[s.type]);
  return (
    <section class="folds" aria-label={t('foldsLabel')}>
      <Fold title={t('signInHeading')} line={ways.length === 0 ? t('signInShortNone') : say(W.signInWays({ ways: and(ways) }))}>
        <SignInSection poppy={poppy} site={props.site} />
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

function Fold(props: { title: string; line: string; children: ComponentChildren }) {
  return (
    <details class="fold">
      <summary>
        <span class="fold-title">{props.title}</span> <span class="fold-line">{props.line}</span>
      </summary>
      {props.children}
    </details>
  );
}
