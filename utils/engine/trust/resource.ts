import type { JsonObject } from '../json/values';
import { own } from '../json/values';
import { PROTECTED_RESOURCE } from '../spec';
import { TRUST_CODES as C } from './codes';
import { LinkChecks, q, qList, shown, stringsOf } from './compare';
import type { TrustCheck } from './types';

/**
 * RFC 9728 protected-resource metadata: its `resource` must be the identifier its address was
 * made from (§3.3: otherwise a client must not use it), and `authorization_servers` must name the
 * issuer of poppy.json character for character (poppy-json.md §3.3, check 16). `apiResources`,
 * for the company's own document of a 0.x poppy.json (D10): a `resource` naming one of them is a
 * common MCP layout, a warning there, and the link holds.
 */
export function checkProtectedResource(
  meta: JsonObject,
  resourceIds: readonly string[],
  issuer: string,
  document: string,
  local: boolean,
  apiResources: readonly string[] | null = null,
): LinkChecks {
  const out = new LinkChecks(document, local);
  const resourceField = PROTECTED_RESOURCE.resource;
  const resource = own(meta, resourceField);
  const expected = resourceIds[0]!;
  const check: TrustCheck = {
    field: resourceField,
    rule: 'equals',
    expected,
    actual: shown(resource),
    ok: typeof resource === 'string' && resourceIds.includes(resource),
  };
  if (!check.ok && typeof resource === 'string' && apiResources?.includes(resource)) {
    out.warn(
      { ...check, from1: true },
      C['company-resource-names-api'].says({ field: resourceField, actual: q(resource), expected: q(expected) }),
    );
  } else {
    out.add(
      check,
      typeof resource !== 'string'
        ? C['resource-mismatch'].says.missing({ field: resourceField, expected: q(expected) })
        : C['resource-mismatch'].says.differs({ field: resourceField, actual: q(resource), expected: q(expected) }),
    );
  }
  const serversField = PROTECTED_RESOURCE.authorizationServers;
  const servers = stringsOf(own(meta, serversField));
  out.add(
    {
      field: serversField,
      rule: 'contains',
      expected: issuer,
      actual: shown(own(meta, serversField)),
      ok: servers?.includes(issuer) ?? false,
    },
    servers === null
      ? C['issuer-not-authorized'].says.missing({ field: serversField, issuer: q(issuer) })
      : C['issuer-not-authorized'].says.absent({ field: serversField, issuer: q(issuer), listed: qList(servers) }),
  );
  return out;
}
