/**
 * This computer looks offline (a command line without network, a sandbox): every request of the
 * check to a host other than the checked site failed to resolve its name, and none answered. That
 * is said once, as our limit, instead of a "does not resolve" error against the site for each
 * file there. Only a transport that names its causes (Node's) can tell; a browser cannot.
 */
import { NetworkError, type Transport } from '../net/fetch-types';
import { honoursStop, takesStop } from '../net/request-stop';
import { finding, type Finding } from '../report/findings';
import type { SkillReport } from '../report/report';
import { and, sentence } from '../report/words';
import { ENGINE_CODES as C } from './codes';

/** What this check's requests to other hosts came to, by host (`URL.host`). */
export interface HostLog {
  answered: Set<string>;
  unresolved: Set<string>;
  failed: Set<string>;
}

export const newHostLog = (): HostLog => ({ answered: new Set(), unresolved: new Set(), failed: new Set() });

/**
 * One host's name that does not resolve is as likely the site's typo as our network: we say
 * "offline" only when at least this many other hosts failed so, and none answered.
 */
export const OFFLINE_MIN_HOSTS = 2;

/** The transport, noting each request to a host other than `origin` (redirect hops included). */
export function observeHosts(transport: Transport, origin: string, log: HostLog): Transport {
  const note = (url: string, into: keyof HostLog) => {
    const parsed = parse(url);
    if (parsed && parsed.origin !== origin) log[into].add(parsed.host);
  };
  const observed: Transport = {
    manualRedirects: transport.manualRedirects,
    fetch: (url, init, stop) =>
      transport.fetch(url, init, stop).then(
        (response) => {
          note(url, 'answered');
          return response;
        },
        (error: unknown) => {
          note(url, error instanceof NetworkError && error.networkCause === 'dns' ? 'unresolved' : 'failed');
          throw error;
        },
      ),
  };
  return takesStop(transport) ? honoursStop(observed) : observed;
}

/** `URL.parse` is newer than the Node 20 the command line runs on. */
function parse(url: string): URL | null {
  return URL.canParse(url) ? new URL(url) : null;
}

/** The hosts that did not resolve, when this computer looks offline; null otherwise. */
export function offlineHosts(log: HostLog): ReadonlySet<string> | null {
  if (log.answered.size > 0 || log.failed.size > 0 || log.unresolved.size < OFFLINE_MIN_HOSTS) return null;
  return log.unresolved;
}

/** Why a skill or a sign-in document was not checked, when this computer looks offline. */
export const OFFLINE_REASON = sentence('reason_offline', ['host']);

/** A skill that failed only because its host did not resolve: not checked (our limit), not unreachable. */
export function skillOffline(skill: SkillReport, findings: Finding[], offline: ReadonlySet<string>): Finding[] {
  if (skill.status !== 'unreachable' || skill.url === null) return findings;
  const host = parse(skill.url)?.host;
  if (host === undefined || !offline.has(host)) return findings;
  skill.status = 'not-checked';
  skill.notChecked = 'offline';
  skill.reason = OFFLINE_REASON({ host });
  return findings.filter((f) => f.code !== C['skill-unreachable'].code);
}

/** The one finding: this computer looks offline, and how many files that left unchecked. */
export function offlineFinding(offline: ReadonlySet<string>, count: number): Finding {
  return finding(C['offline'].says({ hosts: and([...offline].sort()), count }));
}
