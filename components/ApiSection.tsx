import type { PoppyModel } from '../utils/engine/report/report';
import type { ApiType } from '../utils/engine/spec';
import { ExternalLink } from './ExternalLink';
import type { Translate } from '../utils/extension/i18n';
import { useT } from './i18n';
import type { MessageKey } from '../utils/extension/i18n';

const API_TEXT: Readonly<Record<ApiType, MessageKey>> = { openapi: 'apiOpenapi', mcp: 'apiMcp' };

/** The APIs an agent may call, and the company's own agent protocols. */
export function ApiSection(props: { poppy: PoppyModel; site: string }) {
  const t = useT();
  const { apis, agentProtocols, extensions } = props.poppy;
  return (
    <section aria-labelledby="apis-heading">
      <h2 id="apis-heading">{t('apisHeading')}</h2>
      {apis.length === 0 ? <p class="muted">{t('apisNone')}</p> : null}
      <ul class="plain">
        {apis.map((api, i) => (
          <li key={i} data-api={api.type}>
            <p class="lead">{apiLabel(api.type, t)}</p>
            {api.description !== null ? <p>{api.description}</p> : null}
            {api.url !== null ? <ExternalLink url={api.url} site={props.site} /> : null}
            {api.resource !== null ? <p class="small">{t('apiResource', api.resource)}</p> : null}
          </li>
        ))}
      </ul>
      {agentProtocols.length > 0 ? (
        <>
          <h3>{t('agentProtocolsHeading')}</h3>
          <ul class="plain">
            {agentProtocols.map((protocol, i) => (
              <li key={i} data-agent-protocol={protocol.type ?? ''}>
                <p class="lead">{protocol.type ?? t('notGiven')}</p>
                {protocol.endpoint !== null ? <ExternalLink url={protocol.endpoint} site={props.site} /> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {extensions.length > 0 ? (
        <p class="small">
          {t('extensionsLabel')} {extensions.map((e) => (e.version === null ? e.name : `${e.name} (${e.version})`)).join(', ')}
        </p>
      ) : null}
    </section>
  );
}

/** `type` is kept as the site wrote it: an own-key lookup, so `constructor` is just another type. */
function apiLabel(type: string, t: Translate): string {
  return Object.hasOwn(API_TEXT, type) ? t(API_TEXT[type as ApiType]) : t('apiOther', type);
}
