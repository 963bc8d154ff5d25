import type { JsonObject } from '../json/values';
import { own } from '../json/values';
import { ISSUER_METADATA, POPPY, REQUIRED_ENDPOINTS, type SignInType } from '../spec';
import { TRUST_CODES as C } from './codes';
import { firstDifference, LinkChecks, q, qList, shown, stringsOf } from './compare';

export interface IssuerExpectations {
  /** `auth.issuer`, exactly as poppy.json writes it. */
  issuer: string;
  /** `organization.domain`; null when poppy.json has none (reported by the poppy.json reader). */
  domain: string | null;
  /** The sign-in types poppy.json offers: each needs its endpoint. */
  signInTypes: readonly SignInType[];
  local: boolean;
}

/**
 * Checks 13–15 of poppy-json.md §3.2 on the issuer's RFC 8414 metadata: `issuer` equal to
 * `auth.issuer` character for character, `poppy_domains` listing `organization.domain`, and the
 * endpoints the offered sign-in types need, every one https.
 */
export function checkIssuerMetadata(meta: JsonObject, want: IssuerExpectations, document: string): LinkChecks {
  const out = new LinkChecks(document, want.local);
  const field = ISSUER_METADATA.issuer;
  const issuer = own(meta, field);
  out.add(
    { field, rule: 'equals', expected: want.issuer, actual: shown(issuer), ok: issuer === want.issuer },
    typeof issuer !== 'string'
      ? C['issuer-mismatch'].says.missing({ field, expected: q(want.issuer) })
      : C['issuer-mismatch'].says.differs({
          field,
          actual: q(issuer),
          expected: q(want.issuer),
          position: firstDifference(issuer, want.issuer),
        }),
  );

  if (want.domain !== null) {
    const listField = ISSUER_METADATA.poppyDomains;
    const listed = stringsOf(own(meta, listField));
    out.add(
      {
        field: listField,
        rule: 'contains',
        expected: want.domain,
        actual: shown(own(meta, listField)),
        ok: listed?.includes(want.domain) ?? false,
      },
      listed === null
        ? C['domain-not-listed'].says.missing({ field: listField, domain: q(want.domain) })
        : C['domain-not-listed'].says.absent({ field: listField, domain: q(want.domain), listed: qList(listed) }),
    );
  }

  const needed: [string, SignInType | null][] = REQUIRED_ENDPOINTS.always.map((f) => [f, null]);
  for (const type of want.signInTypes) for (const f of REQUIRED_ENDPOINTS[type]) needed.push([f, type]);
  for (const [endpoint, type] of needed) {
    const missing =
      type === null
        ? C['missing-endpoint'].says.always({ field: endpoint })
        : C['missing-endpoint'].says.forType({ field: endpoint, type: `${POPPY.auth}.${type}` });
    out.https(endpoint, own(meta, endpoint), missing, (url) => C['endpoint-not-https'].says({ field: endpoint, url }));
  }
  return out;
}
