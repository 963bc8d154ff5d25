/**
 * What the panel should show, taken from the fixture sites' own data (their `expect` blocks and
 * the documents they serve), so the e2e tests never restate a store's contents by hand.
 */
import { EXCLUDED_TASK_TEXT_KEYS, WELL_KNOWN } from '../../../utils/engine/spec';
import type { FixtureServer, RecordedRequest } from '../../fixtures/server';
import type { SiteExpectation } from '../../fixtures/site';

/** The human-readable text of each `excluded_tasks` item, as Decision D2 reads it. */
export async function excludedTaskTexts(origin: string): Promise<string[]> {
  const response = await fetch(`${origin}${WELL_KNOWN.poppy}`);
  const poppy = (await response.json()) as { excluded_tasks?: unknown[] };
  return (poppy.excluded_tasks ?? []).map((item) => {
    if (typeof item === 'string') return item;
    const fields = new Map(Object.entries(item as Record<string, unknown>));
    const key = EXCLUDED_TASK_TEXT_KEYS.find((k) => typeof fields.get(k) === 'string');
    if (!key) throw new Error(`fixture excluded task without text: ${JSON.stringify(item)}`);
    return fields.get(key) as string;
  });
}

/** `sha256:<hex>` → `<hex>`: the panel may show digests with or without the prefix. */
export function hexOf(digest: string): string {
  return digest.replace(/^sha256:/, '');
}

/**
 * Requests the extension made (fetch(): `Sec-Fetch-Dest: empty`), as opposed to the browser's
 * own page loads and favicons.
 */
export function extensionRequests(server: FixtureServer, since = 0): RecordedRequest[] {
  return server.requests.slice(since).filter((r) => r.headers['sec-fetch-dest'] === 'empty');
}

/**
 * The `Pragma` our requests carried (none: ''), for skill files and for the discovery documents:
 * skill files are fetched `no-store` (fetch-bounded.ts requestInit), which makes the browser send
 * `Pragma: no-cache`; poppy.json and the indexes keep the HTTP cache's default. Conditional
 * document requests are left out: with our own validators the Fetch standard makes them
 * `no-store` too, and Firefox then sends the header (Chromium does not).
 */
export function pragmaByKind(requests: readonly RecordedRequest[]): { skillFiles: string[]; documents: string[] } {
  const values = (list: readonly RecordedRequest[]) => [...new Set(list.map((r) => r.headers.pragma ?? ''))].sort();
  const documents: readonly string[] = [WELL_KNOWN.poppy, WELL_KNOWN.skillIndex];
  return {
    skillFiles: values(requests.filter((r) => /\/SKILL\.md$|\.(tar\.gz|zip)$/.test(r.url))),
    documents: values(requests.filter((r) => documents.includes(r.url) && !r.headers['if-none-match'] && !r.headers['if-modified-since'])),
  };
}

/** Headers that would carry the person's identity or browsing context to a site. */
export const IDENTIFYING_HEADERS = ['cookie', 'authorization', 'referer'] as const;

/** Statuses that put a skill on the list of things needing attention (utils/extension/state-look.ts). */
const TROUBLED: readonly string[] = ['mismatch', 'invalid', 'unreachable', 'blocked', 'skipped'];

/**
 * The badge a full check of a fixture site ends with, derived from its `expect` block by the rules
 * the state table states in words (not by calling it): no badge when nothing is published; on
 * errors or warnings, the number of troubled skills and ✗ / !; ✓ only when every skill is verified,
 * with their number; otherwise the number not checked yet and ?. Sites with errors in their own
 * documents (not in a skill) pass `siteProblems`.
 */
export function expectedBadge(expect: Pick<SiteExpectation, 'verdict' | 'skills'>, siteProblems = 0): string {
  const statuses = Object.values(expect.skills);
  const n = (count: number) => (count === 0 ? '' : count > 99 ? '99+' : String(count));
  if (expect.verdict === 'none') return '';
  if (expect.verdict === 'errors') return `${n(statuses.filter((s) => TROUBLED.includes(s)).length + siteProblems)}✗`;
  if (expect.verdict === 'warnings') return `${n(statuses.filter((s) => TROUBLED.includes(s)).length + siteProblems)}!`;
  if (statuses.every((s) => s === 'verified')) return `${n(statuses.length)}✓`;
  return `${n(statuses.filter((s) => s === 'not-checked').length)}?`;
}
