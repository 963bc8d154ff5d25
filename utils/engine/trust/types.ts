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
  /** The protocol major whose rules were applied (D10): `0` for drafts 0.1 to 0.3, `1` for 1.0 and later. */
  rules?: '0' | '1';
  /** The document's major is unknown (or its version unreadable): checked as the latest we know. */
  rulesAssumed?: true;
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
   * any request; `not-checked`: on another host that privacy settings keep us from asking yet;
   * `not-required`: could not be read, and the document's protocol version does not require it
   * (the company's own document before 1.0, D10).
   */
  status: 'verified' | 'failed' | 'unreachable' | 'blocked' | 'not-checked' | 'not-required';
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
  /** A 0.x document (D10): 1.0 would fail it, so it is a warning here and the link still holds. */
  from1?: true;
}
