/**
 * Follows the sign-in trust chain of one poppy.json (D10): one task per metadata document, each
 * making at most one request through the one fetch module, so the check's pool bounds them with
 * the skill files. Other hosts follow the same privacy rule as skill files on other hosts (D5,
 * D8): asked only when the caller allows it, else the link waits as `not-checked`.
 */
import { fetchBounded } from '../net/fetch-bounded';
import { FETCH_WORDS } from '../net/fetch-words';
import { sniffBody } from '../net/body-sniff';
import { checkFetchTarget, mayContactOrigin } from '../net/url-policy';
import { isObject, quote, type JsonObject } from '../json/values';
import { finding, type Finding } from '../report/findings';
import type { PoppyModel } from '../report/report';
import { and, type Words } from '../report/words';
import { SIGN_IN_TYPES, type SignInType } from '../spec';
import { fetchOptions, type CheckContext } from '../check/context';
import { OFFLINE_REASON } from '../check/offline';
import { planTrust, type LinkPlan } from './addresses';
import { LATEST_VERSION, SUFFIX, TRUST_CODES as C, TRUST_DOCUMENT_WORDS, TRUST_REASONS } from './codes';
import { checkIssuerMetadata } from './issuer';
import { checkProtectedResource } from './resource';
import type { TrustLink, TrustReport } from './types';
import { trustRules } from './versions';

export interface TrustRun {
  /** One per link; each never throws and makes at most one request. */
  tasks: (() => Promise<void>)[];
  /**
   * The chain and its findings, once every task has run; null when poppy.json names no issuer.
   * `offline`: hosts that did not resolve while this computer looked offline (check/offline.ts):
   * their links are not checked rather than unreachable, and `offline` counts them.
   */
  finish(offline?: ReadonlySet<string> | null): { trust: TrustReport | null; findings: Finding[]; offline?: number } | null;
}

export function trustRun(poppy: PoppyModel | null, ctx: CheckContext): TrustRun {
  const issuer = poppy?.issuer ?? null;
  if (poppy === null || issuer === null) return { tasks: [], finish: () => null };
  const rules = trustRules(poppy.protocolVersion);
  const plans = planTrust(poppy, ctx.site.origin, rules);
  const links: TrustLink[] = plans.map((p) => ({
    kind: p.kind,
    subject: p.subject,
    api: p.api,
    url: p.url,
    status: 'not-checked',
    checks: [],
  }));
  const findings: Finding[][] = plans.map(() => []);
  const signInTypes = poppy.signInTypes.map((s) => s.type).filter((t): t is SignInType => (SIGN_IN_TYPES as readonly string[]).includes(t));
  const want = { issuer, domain: poppy.organization.domain, signInTypes, local: ctx.site.local };

  const tasks = plans.map((plan, i) => async () => {
    const link = links[i]!;
    const found = findings[i]!;
    const read = await readLink(plan, link, ctx);
    if ('failed' in read) {
      if (read.failed) found.push(read.failed);
      return;
    }
    const checked =
      plan.kind === 'issuer-metadata'
        ? checkIssuerMetadata(read.meta, want, read.url)
        : checkProtectedResource(read.meta, plan.resourceIds, issuer, read.url, ctx.site.local, plan.apiResources ?? null);
    link.checks = checked.checks;
    link.status = checked.holds ? 'verified' : 'failed';
    found.push(...checked.findings);
  });

  return {
    tasks,
    finish(offline) {
      const unresolved = new Set<TrustLink>();
      links.forEach((link, i) => {
        const host = link.url === null ? null : new URL(link.url).host;
        if (!offline || link.status !== 'unreachable' || host === null || !offline.has(host)) return;
        link.status = 'not-checked';
        link.reason = OFFLINE_REASON({ host });
        findings[i] = [];
        unresolved.add(link);
      });
      // Links offline are said by the one offline finding; these wait for permission.
      const waiting = links.filter((l) => l.status === 'not-checked' && !unresolved.has(l));
      const all = findings.flat();
      if (waiting.length > 0) {
        const hosts = [...new Set(waiting.map((l) => (l.url ? new URL(l.redirectsTo ?? l.url).host : l.subject)))];
        all.push(finding(C['trust-not-checked'].says({ count: waiting.length, hosts: and(hosts) })));
      }
      if (rules.assumed) all.push(finding(assumedRules(poppy.protocolVersion)));
      const broken = links.some((l) => l.status === 'failed' || l.status === 'unreachable' || l.status === 'blocked');
      const status = broken ? 'broken' : waiting.length > 0 || unresolved.size > 0 ? 'not-checked' : 'verified';
      const trust: TrustReport = { issuer, domain: poppy.organization.domain, status, rules: rules.major, links };
      if (rules.assumed) trust.rulesAssumed = true;
      return unresolved.size > 0 ? { trust, findings: all, offline: unresolved.size } : { trust, findings: all };
    },
  };
}

/** D10: a major we do not know (or no readable version) is checked as the latest we know, and says so. */
function assumedRules(version: string | null) {
  const { says } = C['trust-rules-assumed'];
  return version !== null && /^\d+\.\d+$/.test(version)
    ? says.newer({ version: quote(version), latest: LATEST_VERSION })
    : says.unreadable({ latest: LATEST_VERSION });
}

/** A check of files: the chain is not followed, and one info finding says where to check it. */
export function trustSkipped(poppy: PoppyModel | null): TrustRun {
  if (poppy?.issuer == null) return { tasks: [], finish: () => null };
  return { tasks: [], finish: () => ({ trust: null, findings: [finding(C['trust-not-in-files'].says({}))] }) };
}

type LinkRead = { meta: JsonObject; url: string } | { failed: Finding | null };

/** Fetches and parses one metadata document, or sets the link's status and says why not. */
async function readLink(plan: LinkPlan, link: TrustLink, ctx: CheckContext): Promise<LinkRead> {
  const document = TRUST_DOCUMENT_WORDS[plan.kind]({});
  const { fixes } = C['trust-unreachable'];
  const fix = plan.kind === 'issuer-metadata' ? fixes.issuer : plan.api === null ? fixes.company : fixes.resource;
  const unreachable = (url: string, detail: Words): LinkRead => {
    link.reason = detail;
    if (!plan.required) {
      // D10: a 0.x document need not have it; fail closed only where the version requires it.
      link.status = 'not-required';
      return { failed: finding(C['company-resource-missing'].says({ url, detail }), { document: url }) };
    }
    link.status = 'unreachable';
    const said = C['trust-unreachable'].says({ document, url, detail });
    return { failed: finding(said, { document: url, hint: fix({ suffix: SUFFIX[plan.kind] }) }) };
  };
  if (plan.url === null) {
    link.status = 'unreachable';
    link.reason = TRUST_REASONS.noAddress({ identifier: plan.subject });
    return { failed: finding(C['trust-unreachable'].says({ document, url: plan.subject, detail: link.reason })) };
  }
  const url = plan.url;
  const policy = checkFetchTarget(url, ctx.site);
  if (!policy.ok) {
    link.status = 'blocked';
    link.reason = FETCH_WORDS.blocked({ policy: policy.detail });
    return { failed: finding(C['trust-blocked'].says({ document, url, detail: link.reason }), { document: url }) };
  }
  if (!mayContactOrigin(ctx.site, policy.url.origin, ctx.mayContact)) {
    link.reason = TRUST_REASONS.otherHost({ host: policy.url.host });
    return { failed: null };
  }
  const result = await fetchBounded(url, fetchOptions(ctx, 'metadata'));
  if (!result.ok && result.reason === 'not-contacted') {
    // A redirect hop to a host not contacted yet (D10: every hop obeys the contact rule): waits.
    link.reason = result.detail;
    if (result.elsewhere !== undefined) link.redirectsTo = result.elsewhere;
    return { failed: null };
  }
  if (!result.ok) {
    if (result.reason !== 'blocked' && result.reason !== 'redirect-blocked' && result.reason !== 'insecure-redirect')
      return unreachable(url, result.detail);
    link.status = 'blocked';
    link.reason = result.detail;
    return { failed: finding(C['trust-blocked'].says({ document, url, detail: result.detail }), { document: url }) };
  }
  const parsed = parseMetadata(result.bytes, result.contentType);
  return parsed.ok ? { meta: parsed.value, url: result.url } : unreachable(result.url, parsed.why);
}

/** The metadata object, or why the body is none: an HTML page, not JSON, not an object. */
function parseMetadata(bytes: Uint8Array, contentType: string | null): { ok: true; value: JsonObject } | { ok: false; why: Words } {
  const kind = sniffBody(bytes, contentType);
  if (kind === 'html') return { ok: false, why: TRUST_REASONS.html({}) };
  if (kind !== 'json') return { ok: false, why: TRUST_REASONS.notJson({}) };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, why: TRUST_REASONS.notJson({}) };
  }
  return isObject(value) ? { ok: true, value } : { ok: false, why: TRUST_REASONS.notObject({}) };
}
