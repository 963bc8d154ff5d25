import type { Words } from '../report/words';

/**
 * The sign-in trust chain (D10, poppy-json.md §3.2–3.3): poppy.json names an issuer; the issuer's
 * RFC 8414 metadata must confirm that issuer character for character and list the company's
 * domain; the company's RFC 9728 protected-resource metadata (and each API's) must name the
 * issuer. One broken link and agents refuse the company.
 */
export interface TrustReport {
  /** `auth.issuer` as poppy.json writes it. */
  issuer: string;
  /** `organization.domain`, which the issuer must list in `poppy_domains`. */
  domain: string | null;
  /** `verified`: every link holds; `broken`: one fails; `not-checked`: links on other hosts wait (D5). */
  status: 'verified' | 'broken' | 'not-checked';
  links: TrustLink[];
}

export type TrustLinkKind = 'issuer-metadata' | 'protected-resource';

/** One metadata document of the chain and what was compared in it. */
export interface TrustLink {
  kind: TrustLinkKind;
  /** The issuer, or the protected resource's identifier, the document speaks about. */
  subject: string;
  /** For an API's protected resource: the API (`apis[n]` in poppy.json); null for the company's own. */
  api: { type: string; url: string | null; position: number } | null;
  /** The metadata address (path-inserted); null when the subject is no address we can form one from. */
  url: string | null;
  /**
   * `verified`: read, and every comparison holds; `failed`: read, and one does not; `unreachable`:
   * could not be fetched or read (fail closed, D10); `blocked`: refused by the URL policy before
   * any request; `not-checked`: on another host that privacy settings keep us from asking yet.
   */
  status: 'verified' | 'failed' | 'unreachable' | 'blocked' | 'not-checked';
  /** Why, for `unreachable`, `blocked` and `not-checked`. */
  reason?: Words;
  /** `not-checked` because `url` redirects to another host not contacted yet: that address. */
  redirectsTo?: string;
  /** The values compared, in the order checked. */
  checks: TrustCheck[];
}

/**
 * One comparison. `equals`: the field holds `expected` exactly; `contains`: the array holds it;
 * `https`: the field is present and an https URL (`expected` null).
 */
export interface TrustCheck {
  field: string;
  rule: 'equals' | 'contains' | 'https';
  expected: string | null;
  /** What the document holds: a string, a list (cut to a few items), or null when missing. */
  actual: string | string[] | null;
  ok: boolean;
  /** A local site (D8): it would fail in production, so it is info here and the link still holds. */
  productionOnly?: true;
}
