/**
 * Where the documents of the sign-in trust chain live (D10). RFC 8414 §3.1 and RFC 9728 §3.1 put
 * the well-known suffix between the host and the identifier's path, any final `/` of the path
 * removed first: issuer `https://auth.example.com/t1` has its metadata at
 * `https://auth.example.com/.well-known/oauth-authorization-server/t1`.
 */
import type { PoppyModel } from '../report/report';
import { TRUST_WELL_KNOWN } from '../spec';
import type { TrustLink } from './types';
import { trustRules, type TrustRules } from './versions';

/** The metadata address of `identifier`, or null when it is no absolute http(s) URL or has a fragment. */
export function pathInserted(identifier: string, suffix: string): string | null {
  let url: URL;
  try {
    url = new URL(identifier);
  } catch {
    return null;
  }
  // Neither RFC allows a fragment; an empty one (`…#`) leaves no trace in `hash`.
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || identifier.includes('#')) return null;
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}${suffix}${path}${url.search}`;
}

/** A link to check: what it is about, where its metadata is, and which `resource` values name it. */
export interface LinkPlan {
  kind: TrustLink['kind'];
  subject: string;
  api: TrustLink['api'];
  url: string | null;
  /** Protected resources: the `resource` values that identify it (RFC 9728 §3.3). */
  resourceIds: string[];
  /** False for a document the poppy.json's protocol version does not require (D10). */
  required: boolean;
  /** The company's own document: the APIs' resources, which a 0.x document may name instead (D10). */
  apiResources?: string[];
}

/**
 * The chain for one poppy.json: the issuer's metadata, the company's protected-resource metadata
 * on the checked origin (required from 1.0 on, D10), and one per API `resource` (for an MCP API
 * without one, its URL: the MCP server's own metadata). Addresses met twice are checked once.
 */
export function planTrust(poppy: PoppyModel, origin: string, rules: TrustRules = trustRules(poppy.protocolVersion)): LinkPlan[] {
  if (poppy.issuer === null) return [];
  const apiSubjects = poppy.apis.map((api) => api.resource ?? (api.type === 'mcp' ? api.url : null));
  const company: LinkPlan = {
    kind: 'protected-resource',
    subject: origin,
    api: null,
    url: protectedAt(origin),
    // The origin as a resource identifier: with or without the empty path's `/` (RFC 3986 §6.2.3).
    resourceIds: [origin, `${origin}/`],
    required: rules.companyRequired,
  };
  if (!rules.companyRequired) company.apiResources = apiSubjects.filter((s): s is string => s !== null);
  const plans: LinkPlan[] = [
    {
      kind: 'issuer-metadata',
      subject: poppy.issuer,
      api: null,
      url: pathInserted(poppy.issuer, TRUST_WELL_KNOWN.issuerMetadata),
      resourceIds: [],
      required: true,
    },
    company,
  ];
  const seen = new Set(plans.map((p) => p.url));
  poppy.apis.forEach((api, position) => {
    const subject = apiSubjects[position]!;
    if (subject === null) return;
    const url = protectedAt(subject);
    if (url !== null && seen.has(url)) return;
    seen.add(url);
    const at = { type: api.type, url: api.url, position };
    plans.push({ kind: 'protected-resource', subject, api: at, url, resourceIds: [subject], required: true });
  });
  return plans;
}

const protectedAt = (resource: string) => pathInserted(resource, TRUST_WELL_KNOWN.protectedResource);
