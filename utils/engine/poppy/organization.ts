import { quote, type JsonObject } from '../json/values';
import type { PoppyModel } from '../report/report';
import { POPPY } from '../spec';
import { STRINGS } from './bounds';
import { POPPY_CODES } from './codes';
import { ORGANIZATION } from '../spec';
import { label, type PoppyReader } from './reader';

const WWW = 'www.';
/** A bare host (no scheme, port, path or user info) that `URL` can turn into ASCII for us. */
const BARE_HOST = /^[^\s/\\:?#@[\]]+$/;

/** Check 3 and check 4 (domain binding, D2/D8). */
export function readOrganization(r: PoppyReader, doc: JsonObject, requestedUrl: string): PoppyModel['organization'] {
  const at = [POPPY.organization];
  const org = r.object(r.required(doc, POPPY.organization, []), at);
  if (org === null) return { name: null, domain: null, domainMatches: null };
  const name = r.string(r.required(org, ORGANIZATION.name, at), [...at, ORGANIZATION.name], STRINGS.name);
  const domain = r.string(r.required(org, ORGANIZATION.domain, at), [...at, ORGANIZATION.domain], STRINGS.name);
  return { name, domain, domainMatches: domain === null ? null : checkDomain(r, domain, requestedUrl) };
}

function checkDomain(r: PoppyReader, domain: string, requestedUrl: string): boolean | null {
  let requestedHost: string;
  try {
    requestedHost = new URL(requestedUrl).hostname;
  } catch {
    return null; // the engine built this URL; nothing to compare against if it is broken
  }
  if (comparable(domain) === comparable(requestedHost)) return true;
  const path = [POPPY.organization, ORGANIZATION.domain];
  r.reportProduction(POPPY_CODES['domain-mismatch'].says({ field: label(path), domain: quote(domain), host: requestedHost }), path);
  return false;
}

/**
 * Case-insensitive, one leading `www.` dropped from each side (D2, poppy-json.md check 4), and
 * international names in the ASCII form `URL.hostname` uses for the requested host.
 */
function comparable(host: string): string {
  let h = host.toLowerCase();
  if (BARE_HOST.test(h)) {
    try {
      h = new URL(`https://${h}`).hostname;
    } catch {
      // Not a valid host name: compared as written, it cannot match.
    }
  }
  return h.startsWith(WWW) ? h.slice(WWW.length) : h;
}
