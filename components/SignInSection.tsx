import type { PoppyModel, ScopeInfo, SignIn } from '../utils/engine/report/report';
import type { Words } from '../utils/engine/report/words';
import type { Translate } from '../utils/extension/i18n';
import { PROTOCOL_SCOPE_WORDS, SIGN_IN_WORDS } from '../utils/engine/report/look';
import { ExternalLink } from './ExternalLink';
import { useSay, useT } from './i18n';
import type { ComponentChildren } from 'preact';
import { isolated, SiteCode, SiteText } from './SiteText';

/** The site's words for a scope, else the protocol's own for its scopes. */
function scopeText(scope: ScopeInfo, t: Translate, say: (words: Words) => string): ComponentChildren {
  if (scope.description !== null) return <SiteText text={scope.description} />;
  const words = PROTOCOL_SCOPE_WORDS.get(scope.name);
  return words ? `${say(words({}))} ${t('scopeProtocol')}` : t('scopeNoDescription');
}

/** How an agent signs in here, in plain words, with the scopes it may ask for (inside its fold). */
export function SignInSection(props: { poppy: PoppyModel; site: string }) {
  const t = useT();
  const say = useSay();
  const { poppy } = props;
  return (
    <div class="fold-body" data-fold="sign-in">
      {poppy.signInTypes.length === 0 ? <p class="muted">{t('signInNone')}</p> : null}
      <ul class="plain">
        {poppy.signInTypes.map((signIn, i) => (
          <li key={i} data-sign-in={signIn.type}>
            <p class="lead">{say(SIGN_IN_WORDS[signIn.type]({}))}</p>
            {signIn.type === 'mediated' ? <Mediated signIn={signIn} site={props.site} /> : null}
            {signIn.scopes.length > 0 ? (
              <>
                <p class="muted">{t('scopesLead')}</p>
                <ul class="scopes">
                  {signIn.scopes.map((scope, j) => (
                    <li key={j}>
                      <code>
                        <SiteCode text={scope.name} />
                      </code>{' '}
                      {scopeText(scope, t, say)}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {poppy.browserSessionEndpoint !== null ? (
        <p>
          {t('browserSession')} <ExternalLink url={poppy.browserSessionEndpoint} site={props.site} />
        </p>
      ) : null}
      {poppy.issuer !== null ? (
        <p class="small">
          {t('issuerLabel')} <ExternalLink url={poppy.issuer} site={props.site} />
        </p>
      ) : null}
    </div>
  );
}

/** Mediated sign-in relays the person's credentials: say which fields and where they go. */
function Mediated(props: { signIn: SignIn; site: string }) {
  const t = useT();
  const fields = props.signIn.fields ?? [];
  return (
    <>
      <p class="tone-warning">
        <span aria-hidden="true">⚠</span> {t('signInMediatedNote')}
      </p>
      {fields.length > 0 ? (
        <p class="muted">
          {t(
            'mediatedFields',
            fields.map((f) => (f.secret ? t('fieldSecret', isolated(f.label ?? f.name)) : isolated(f.label ?? f.name))).join(', '),
          )}
        </p>
      ) : null}
      {props.signIn.endpoint ? (
        <p class="small">
          {t('mediatedEndpoint')} <ExternalLink url={props.signIn.endpoint} site={props.site} />
        </p>
      ) : null}
    </>
  );
}
