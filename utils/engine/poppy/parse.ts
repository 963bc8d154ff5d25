import type { Finding } from '../report/findings';
import { isObject, own, type JsonObject } from '../json/values';
import type { PoppyModel } from '../report/report';
import { POPPY } from '../spec';
import { readAgentProtocols, readApis, readBrowserSessionEndpoint } from './apis';
import { readAuth } from './auth';
import { POPPY_CODES as C } from './codes';
import { readExcludedTasks } from './excluded-tasks';
import { readExtensions } from './extensions';
import { WEB } from '../spec';
import { readOrganization } from './organization';
import { PoppyReader } from './reader';
import { reportPoppyUnknownFields } from './unknown-fields';
import { and, or } from '../report/words';
import { readProtocolVersion } from './version';

export interface PoppyContext {
  /** What we asked for, e.g. https://shop.example/.well-known/poppy.json: the domain binding uses it. */
  requestedUrl: string;
  /** After redirects: the `document` of every finding. */
  finalUrl: string;
  /** The visited site is local (D5/D8): production-only rules become info. */
  local: boolean;
}

export interface PoppyParse {
  /** Always produced, best effort, for the panel. */
  model: PoppyModel;
  findings: Finding[];
  /** The raw `skill_index` value (undefined when absent); the skill-index module parses it. */
  skillIndex: unknown;
}

/**
 * A parsed poppy.json object → the typed model and its findings (draft 0.1 §3.1 checks 2–11,
 * D2, D8). Reads part by part so one bad part never hides the rest; never throws.
 */
export function parsePoppy(doc: Record<string, unknown>, ctx: PoppyContext): PoppyParse {
  const r = new PoppyReader({ document: ctx.finalUrl, local: ctx.local });
  const protocolVersion = readProtocolVersion(r, doc);
  const organization = readOrganization(r, doc, ctx.requestedUrl);
  const { issuer, signInTypes } = readAuth(r, doc);
  const agentProtocols = readAgentProtocols(r, doc);
  const apis = readApis(r, doc);
  const browserSessionEndpoint = readBrowserSessionEndpoint(r, doc);
  checkAgentSurface(r, doc);
  const extensions = readExtensions(r, doc);
  const excluded = readExcludedTasks(r, doc);
  reportPoppyUnknownFields(r, doc);
  const skillIndex = own(doc, POPPY.skillIndex);
  const model: PoppyModel = {
    url: ctx.finalUrl,
    requestedUrl: ctx.requestedUrl,
    redirected: ctx.finalUrl !== ctx.requestedUrl,
    protocolVersion,
    organization,
    issuer,
    signInTypes,
    agentProtocols,
    apis,
    browserSessionEndpoint,
    extensions,
    excludedTasks: excluded.tasks,
    excludedTasksRaw: excluded.raw,
    hasSkillIndex: skillIndex !== undefined,
  };
  return { model, findings: r.findings, skillIndex };
}

/** Checks 5 and 6: something for agents to use, and `auth` whenever that something needs it. */
function checkAgentSurface(r: PoppyReader, doc: JsonObject): void {
  const has = (key: string) => own(doc, key) !== undefined;
  if (!has(POPPY.agent) && !has(POPPY.apis) && !has(POPPY.web)) {
    r.report(C['nothing-for-agents'].says({ fields: or([POPPY.agent, POPPY.apis, POPPY.web]) }), []);
  }
  const web = own(doc, POPPY.web);
  const needAuth = [
    has(POPPY.agent) && POPPY.agent,
    has(POPPY.apis) && POPPY.apis,
    isObject(web) && own(web, WEB.browserSessionEndpoint) !== undefined && `${POPPY.web}.${WEB.browserSessionEndpoint}`,
  ].filter((name): name is string => typeof name === 'string');
  if (needAuth.length > 0 && !has(POPPY.auth)) {
    r.report(C['missing-auth'].says({ field: POPPY.auth, needs: and(needAuth) }), [POPPY.auth]);
  }
}
