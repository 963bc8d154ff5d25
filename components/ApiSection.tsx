import type { PoppyModel } from '../utils/engine/report/report';
import { apiTypeWords } from '../utils/engine/report/look';
import { ExternalLink } from './ExternalLink';
import { useSay, useT } from './i18n';
import { revealHidden } from '../utils/engine/text/reveal';
import { isolated, SiteCode, SiteText } from './SiteText';

/** The APIs an agent may call, and the company's own agent protocols. */
export function ApiSection(props: { poppy: PoppyModel; site: string }) {
  const t = useT();
  const say = useSay();
  const { apis, agentProtocols, extensions } = props.poppy;
  return (
    <section aria-labelledby="apis-heading">
      <h2 id="apis-heading">{t('apisHeading')}</h2>
      {apis.length === 0 ? <p class="muted">{t('apisNone')}</p> : null}
      <ul class="plain">
        {apis.map((api, i) => (
          <li key={i} data-api={api.type}>
            <p class="lead">{say(apiTypeWords(api.type))}</p>
            {api.description !== null ? (
              <p>
                <SiteText text={api.description} />
              </p>
            ) : null}
            {api.url !== null ? <ExternalLink url={api.url} site={props.site} /> : null}
            {api.resource !== null ? <p class="small">{t('apiResource', isolated(revealHidden(api.resource)))}</p> : null}
          </li>
        ))}
      </ul>
      {agentProtocols.length > 0 ? (
        <>
          <h3>{t('agentProtocolsHeading')}</h3>
          <ul class="plain">
            {agentProtocols.map((protocol, i) => (
              <li key={i} data-agent-protocol={protocol.type ?? ''}>
                <p class="lead">{protocol.type === null ? t('notGiven') : <SiteCode text={protocol.type} />}</p>
                {protocol.endpoint !== null ? <ExternalLink url={protocol.endpoint} site={props.site} /> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {extensions.length > 0 ? (
        <p class="small">
          {t('extensionsLabel')} {extensions.map((e) => isolated(e.version === null ? e.name : `${e.name} (${e.version})`)).join(', ')}
        </p>
      ) : null}
    </section>
  );
}
