/**
 * A public site whose skill files answer 301, 302 and 307 to loopback at the fixture server's own
 * ports, over https and plain http. Browsers follow redirects themselves, so only the network
 * guard keeps the hop from being requested: the fixture log must show each redirecting request
 * and never one under /tripwire/.
 */
import { WELL_KNOWN } from '../../../utils/engine/spec';
import { bytesOf, redirect, type FixtureSite, type Route } from '../../fixtures/site';
import { entryFor, indexOf, SKILLS_DIR, TRIPWIRE } from '../../fixtures/hostile/kit';

export const REDIRECT_STATUS_SITE = 'j-redirect-statuses';
const STATUSES = [301, 302, 307] as const;
const SCHEMES = ['https', 'http'] as const;
const ANY = bytesOf('---\nname: any\ndescription: any\n---\n');

/** A plain-http LAN name (browsers map it to this machine): outside HOST_MATCHES, so the guard
 *  can stop it only with GUARD_HOST_PERMISSIONS. */
export const LAN_HOST = 'intranet.lan';
const LAN_LABEL = 'lan-http-302';

export const REDIRECT_STATUS_LABELS = [...STATUSES.flatMap((status) => SCHEMES.map((scheme) => `${scheme}-${status}`)), LAN_LABEL];

/**
 * `httpPort()` names a plain-http port of the same fixture server (known once it has started);
 * https hops go to the port the request came in on, the https front.
 */
export function redirectStatuses(httpPort: () => number): FixtureSite {
  const routes: Record<string, Route> = {
    [WELL_KNOWN.skillIndex]: indexOf(REDIRECT_STATUS_LABELS.map((l) => entryFor(l, `${l}/SKILL.md`, ANY))),
  };
  for (const status of STATUSES) {
    for (const scheme of SCHEMES) {
      const label = `${scheme}-${status}`;
      routes[`${SKILLS_DIR}${label}/SKILL.md`] = ({ url }) =>
        redirect(`${scheme}://127.0.0.1:${scheme === 'https' ? url.port : httpPort()}${TRIPWIRE}${label}`, status);
    }
  }
  routes[`${SKILLS_DIR}${LAN_LABEL}/SKILL.md`] = () => redirect(`http://${LAN_HOST}:${httpPort()}${TRIPWIRE}${LAN_LABEL}`, 302);
  return {
    name: REDIRECT_STATUS_SITE,
    summary:
      "Skill files redirecting with 301, 302 and 307 to loopback over https and http, and to a plain-http LAN name, at the server's own ports.",
    routes,
    expect: {
      verdict: 'errors',
      poppy: false,
      source: 'well-known',
      skills: Object.fromEntries(REDIRECT_STATUS_LABELS.map((l) => [l, 'blocked'])),
    },
  };
}
