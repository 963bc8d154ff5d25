import { fetchBounded } from '../net/fetch-bounded';
import { checkFetchTarget } from '../net/url-policy';
import { judgeLens, NO_OFFER, readOpenApi, type ApiOperations, type LensOffer } from '../lens';
import type { Finding } from '../report/findings';
import type { PoppyModel } from '../report/report';
import { sentence, type Words } from '../report/words';
import { fetchOptions, notProvided, type CheckContext } from './context';
import { SKILL_REASONS, type SkillOutcome } from './verify-skill';

const UNREADABLE = sentence('reason_openapi_unreadable', []);

/** The site's OpenAPI description as operations, or why it could not be read (D12). */
export interface ApiDescription {
  api: ApiOperations | null;
  reason: Words | null;
}

/**
 * Fetches the first OpenAPI description poppy.json lists, through the fetch module like any
 * document (D5: its cap, the URL policy, the contact rules: another host only when allowed).
 * Null when poppy.json lists none: the lens then says the operations could not be checked.
 */
export async function fetchApiDescription(poppy: PoppyModel | null, ctx: CheckContext): Promise<ApiDescription | null> {
  const url = poppy?.apis.find((a) => a.type === 'openapi' && a.url)?.url;
  if (!url) return null;
  const policy = checkFetchTarget(url, ctx.site);
  if (!policy.ok) return { api: null, reason: policy.detail };
  if (policy.url.origin !== ctx.site.origin && !ctx.mayContact(policy.url.origin)) {
    return { api: null, reason: SKILL_REASONS.hostedOn({ host: policy.url.host }) };
  }
  // Files checked before publishing: a description not given is not asked for (CheckDeps.provides).
  if (notProvided(ctx, url)) return { api: null, reason: SKILL_REASONS.notProvided({}) };
  const result = await fetchBounded(url, { ...fetchOptions(ctx, 'openapi'), allowed: policy.url });
  if (!result.ok) return { api: null, reason: result.detail };
  if (result.status !== 200) return { api: null, reason: UNREADABLE({}) };
  const api = readOpenApi(new TextDecoder().decode(result.bytes));
  return api ? { api, reason: null } : { api: null, reason: UNREADABLE({}) };
}

/** What the company offers, from its poppy.json and API description; a skill from poppy.json's
 *  own list is the company's (D12). */
export function lensOffer(poppy: PoppyModel | null, siteOrigin: string, described: ApiDescription | null): Omit<LensOffer, 'company'> {
  if (!poppy) return NO_OFFER;
  const hosts = new Set<string>([hostname(siteOrigin)]);
  const add = (url: string | null | undefined) => url && hosts.add(hostname(url));
  add(poppy.issuer);
  for (const api of poppy.apis) [api.url, api.resource].forEach(add);
  for (const p of poppy.agentProtocols) [p.endpoint, p.resource].forEach(add);
  add(poppy.browserSessionEndpoint);
  hosts.delete('');
  const domain = poppy.organization.domain?.toLowerCase().replace(/\.$/, '') ?? null;
  return {
    scopes: new Set(poppy.signInTypes.flatMap((s) => s.scopes.map((x) => x.name))),
    hostAllowed: (host) => hosts.has(host) || (domain !== null && (host === domain || host.endsWith(`.${domain}`))),
    api: described?.api ?? null,
    apiReason: described ? described.reason : null,
    mcp: poppy.apis.some((a) => a.type === 'mcp'),
  };
}

/** Judges each verified skill's scan against the offer; sets `skill.lens`, returns the findings. */
export function judgeSkills(outcomes: readonly SkillOutcome[], offer: Omit<LensOffer, 'company'>): Finding[] {
  const findings: Finding[] = [];
  for (const o of outcomes) {
    if (!o.lens || o.skill.status !== 'verified') continue;
    const company = o.skill.source === 'poppy' || o.skill.source === 'both';
    const judged = judgeLens(o.lens, { ...offer, company }, { document: o.skill.url, skill: o.skill.name });
    o.skill.lens = judged.lens;
    findings.push(...judged.findings);
  }
  return findings;
}

function hostname(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
