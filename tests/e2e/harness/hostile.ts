/**
 * Shared pieces of the hostile end-to-end suites: one fixture server with the hostile corpus and
 * the browser-specific hostile sites, the log checks every suite makes (no identifying header, no
 * refused target reached), and readers for what the panel shows.
 */
import { HOSTILE_SITES } from '../../fixtures/hostile/index';
import { TRIPWIRE } from '../../fixtures/hostile/kit';
import { CANARY } from '../../fixtures/hostile/skill-content';
import { PUBLIC_SUFFIX, type FixtureSite } from '../../fixtures/site';
import { startFixtureServer, type FixtureServer, type RecordedRequest } from '../../fixtures/server';
import { redirectStatuses } from '../hostile-sites/redirect-statuses';
import { session } from '../hostile-sites/session';
import { extensionRequests } from './expected';
import type { EvaluatingPage } from './panel';

/** The hostile corpus, the browser-only sites and `extra`, on one server. */
export async function startHostileServer(extra: readonly FixtureSite[] = []): Promise<FixtureServer> {
  let httpPort = 0;
  const server = await startFixtureServer({ sites: [...HOSTILE_SITES, redirectStatuses(() => httpPort), session, ...extra] });
  // The redirect site sends hops to a plain-http port of this very server, known only now.
  httpPort = Number(new URL(server.origin(session.name)).port);
  return server;
}

/** Header names that would tie a request to the person: cookies, credentials, referrer, sessions. */
export function identifyingHeaders(request: RecordedRequest): string[] {
  return Object.keys(request.headers).filter((name) => ['cookie', 'authorization', 'referer'].includes(name) || name.includes('session'));
}

/** Requests that reached a target the URL policy refuses for a public site. */
export function refusedTargetsReached(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter(
    (r) => r.url.startsWith(TRIPWIRE) || r.scheme !== 'https' || !r.host.replace(/:\d+$/, '').endsWith(`.${PUBLIC_SUFFIX}`),
  );
}

/** Every request the canary site received, from anyone (extension, panel, page). */
export function canaryHits(server: FixtureServer): RecordedRequest[] {
  return server.requests.filter((r) => r.site === CANARY);
}

/** The extension's requests since `since`, with their identifying headers (none expected). */
export function leaks(server: FixtureServer, since = 0): { url: string; headers: string[] }[] {
  return extensionRequests(server, since)
    .map((r) => ({ url: `${r.scheme}://${r.host}${r.url}`, headers: identifyingHeaders(r) }))
    .filter((r) => r.headers.length > 0);
}

export interface ShownFinding {
  code: string;
  visible: boolean;
  text: string;
}

const READ_FINDINGS = `Array.from(document.querySelectorAll('[data-code]')).map((el) => ({
  code: el.getAttribute('data-code'),
  visible: el.checkVisibility(),
  text: (el.textContent || '').replace(/\\s+/g, ' ').trim(),
}))`;

/** The findings the panel lists, with whether each is on screen (info is folded away). */
export async function shownFindings(page: EvaluatingPage): Promise<ShownFinding[]> {
  return (await page.evaluate(READ_FINDINGS)) as ShownFinding[];
}

/** The panel's visible text, whitespace collapsed: never empty once a page has rendered. */
export async function visibleText(page: EvaluatingPage): Promise<string> {
  return ((await page.evaluate("document.querySelector('#app')?.innerText ?? ''")) as string).replace(/\s+/g, ' ').trim();
}

/** Reads the session rules from an extension context (worker or page): `{ id, regexFilter, initiatorDomains }`. */
export const READ_SESSION_RULES = `(globalThis.browser ?? chrome).declarativeNetRequest.getSessionRules().then((rules) =>
  rules.map((r) => ({ id: r.id, action: r.action.type, regexFilter: r.condition.regexFilter, initiatorDomains: r.condition.initiatorDomains })))`;
