import type { JsonObject } from '../json/values';
import { own } from '../json/values';
import { PROTECTED_RESOURCE } from '../spec';
import { TRUST_CODES as C } from './codes';
import { LinkChecks, q, qList, shown, stringsOf } from './compare';

/**
 * RFC 9728 protected-resource metadata: its `resource` must be the identifier its address was
 * made from (§3.3: otherwise a client must not use it), and `authorization_servers` must name the
 * issuer of poppy.json character for character (poppy-json.md §3.3, check 16).
 */
export function checkProtectedResource(
  meta: JsonObject,
  resourceIds: readonly string[],
  issuer: string,
  document: string,
  local: boolean,
): LinkChecks {
  const out = new LinkChecks(document, local);
  const resourceField = PROTECTED_RESOURCE.resource;
  const resource = own(meta, resourceField);
  const expected = resourceIds[0]!;
  out.add(
    {
      field: resourceField,
      rule: 'equals',
      expected,
      actual: shown(resource),
      ok: typeof resource === 'string' && resourceIds.includes(resource),
    },
    typeof resource !== 'string'
      ? C['resource-mismatch'].says.missing({ field: resourceField, expected: q(expected) })
      : C['resource-mismatch'].says.differs({ field: resourceField, actual: q(resource), expected: q(expected) }),
  );
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
