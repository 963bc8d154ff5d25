import { own, quote, type JsonObject } from '../json/values';
import type { AgentProtocol, ApiInfo } from '../report/report';
import { API_TYPES, POPPY } from '../spec';
import { LISTS, STRINGS } from './bounds';
import { POPPY_CODES } from './codes';
import { AGENT, AGENT_PROTOCOL, API, WEB } from '../spec';
import { label, type Path, type PoppyReader } from './reader';
import { readHttpsUrl } from './urls';
import { or } from '../report/words';

/** `apis[]`: type openapi|mcp (check 9), https url (check 7). Each item is read on its own. */
export function readApis(r: PoppyReader, doc: JsonObject): ApiInfo[] {
  const at = [POPPY.apis];
  const out: ApiInfo[] = [];
  (r.array(own(doc, POPPY.apis), at, LISTS.apis) ?? []).forEach((item, i) => {
    const api = readApi(r, item, [...at, i]);
    if (api !== null) out.push(api);
  });
  return out;
}

function readApi(r: PoppyReader, value: unknown, path: Path): ApiInfo | null {
  const obj = r.object(value, path);
  if (obj === null) return null;
  const type = r.string(r.required(obj, API.type, path), [...path, API.type], STRINGS.name);
  if (type !== null && !(API_TYPES as readonly string[]).includes(type)) {
    const at = [...path, API.type];
    r.report(POPPY_CODES['unknown-api-type'].says({ field: label(at), value: quote(type), known: or([...API_TYPES]) }), at);
  }
  return {
    // A missing or non-string type is reported above; the panel still lists the API.
    type: type ?? '',
    url: readHttpsUrl(r, r.required(obj, API.url, path), [...path, API.url]),
    description: r.string(own(obj, API.description), [...path, API.description], STRINGS.text),
    resource: r.string(own(obj, API.resource), [...path, API.resource], STRINGS.url),
  };
}

/** `agent.protocols[]`: the company's own agent; endpoints must be https (check 7). */
export function readAgentProtocols(r: PoppyReader, doc: JsonObject): AgentProtocol[] {
  const at = [POPPY.agent];
  const agent = r.object(own(doc, POPPY.agent), at);
  if (agent === null) return [];
  const path = [...at, AGENT.protocols];
  const out: AgentProtocol[] = [];
  (r.array(r.required(agent, AGENT.protocols, at), path, LISTS.agentProtocols) ?? []).forEach((item, i) => {
    const itemPath = [...path, i];
    const obj = r.object(item, itemPath);
    if (obj === null) return;
    out.push({
      type: r.string(r.required(obj, AGENT_PROTOCOL.type, itemPath), [...itemPath, AGENT_PROTOCOL.type], STRINGS.name),
      endpoint: readHttpsUrl(r, r.required(obj, AGENT_PROTOCOL.endpoint, itemPath), [...itemPath, AGENT_PROTOCOL.endpoint]),
      resource: r.string(own(obj, AGENT_PROTOCOL.resource), [...itemPath, AGENT_PROTOCOL.resource], STRINGS.url),
    });
  });
  return out;
}

/** `web.browser_session_endpoint` (check 7). */
export function readBrowserSessionEndpoint(r: PoppyReader, doc: JsonObject): string | null {
  const at = [POPPY.web];
  const web = r.object(own(doc, POPPY.web), at);
  if (web === null) return null;
  return readHttpsUrl(r, own(web, WEB.browserSessionEndpoint), [...at, WEB.browserSessionEndpoint]);
}
