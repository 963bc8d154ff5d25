/**
 * What the panel should show, taken from the fixture sites' own data (their `expect` blocks and
 * the documents they serve), so the e2e tests never restate a store's contents by hand.
 */
import { EXCLUDED_TASK_TEXT_KEYS, WELL_KNOWN } from '../../../utils/engine/spec';
import type { FixtureServer, RecordedRequest } from '../../fixtures/server';

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

/** Headers that would carry the person's identity or browsing context to a site. */
export const IDENTIFYING_HEADERS = ['cookie', 'authorization', 'referer'] as const;
