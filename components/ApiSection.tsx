import type { PoppyModel } from '../utils/engine/report/report';
import { apiTypeWords } from '../utils/engine/report/look';
import type { ApiType } from '../utils/engine/spec';
import type { MessageKey } from '../utils/extension/i18n';
import { ExternalLink } from './ExternalLink';
import { useSay, useT } from './i18n';
import { revealHidden } from '../utils/engine/text/reveal';
import { isolated, SiteCode, SiteText } from './SiteText';

/** OpenAPI and MCP are jargon: each comes with one line saying what it is. */
const API_EXPLAINED: Readonly<Record<ApiType, MessageKey>> = { openapi: 'apiOpenapiExplained', mcp: 'apiMcpExplained' };

/** The APIs an agent may call (inside their fold). */
export function ApiSection(props: { poppy: PoppyModel; site: string }) {
  const t = useT();
  const say = useSay();
  const { apis } = props.poppy;
  return (
    <div class="fold-body" data-fold="apis">
      {apis.length === 0 ? <p class="muted">{t('apisNone')}</p> : null}
      <ul class="plain">
        {apis.map((api, i) => (
          <li key={i} data-api={api.type}>
            <p class="lead">{say(apiTypeWords(api.type))}</p>
            {Object.hasOwn(API_EXPLAINED, api.type) ? <p class="small">{t(API_EXPLAINED[api.type as ApiType])}</p> : null}
            {api.description !== null ? (
              <p class="company-text">
                <SiteText text={api.description} />
              </p>
            ) : null}
            {api.url !== null ? <ExternalLink url={api.url} site={props.site} /> : null}
            {api.resource !== null ? <p class="small">{t('apiResource', isolated(revealHidden(api.resource)))}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The company's own agent, which a person's agent can talk to (inside its fold). */
export function AgentSection(props: { poppy: PoppyModel; site: string }) {
  const t = useT();
  return (
    <div class="fold-body" data-fold="agent">
      <p class="small">{t('agentExplained')}</p>
      <ul class="plain">
        {props.poppy.agentProtocols.map((protocol, i) => (
          <li key={i} data-agent-protocol={protocol.type ?? ''}>
            <p class="lead">{protocol.type === null ? t('notGiven') : <SiteCode text={protocol.type} />}</p>
            {protocol.endpoint !== null ? <ExternalLink url={protocol.endpoint} site={props.site} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
