/**
 * Which line of the full-page report's document view each finding is about, as the W3C
 * validator links an error to its line: the finding's document (a URL) picks the document shown,
 * its JSON path the line (utils/engine/report/locate.ts, one parse per document). The documents
 * are the site's: each is looked through within LOCATE_MAX_CHARS, and all of them within a time
 * budget, past which findings link to their document without a line.
 */
import type { Finding } from '../engine/report/findings';
import { lineLocator } from '../engine/report/locate';
import type { RawDocument } from './check-files';

/** A place in the document view: the document's index, and its 1-based line when known. */
export interface SourcePlace {
  doc: number;
  line: number | null;
}

/** Milliseconds the page spends finding lines for one report. */
export const FINDING_LINES_BUDGET_MS = 200;

const kindOf = (path: string) => (/\.md$/i.test(path) ? 'skill-md' : 'json');

export function findingPlaces(
  findings: readonly Finding[],
  raw: readonly RawDocument[],
  options: { budgetMs?: number; now?: () => number } = {},
): Map<Finding, SourcePlace> {
  const now = options.now ?? Date.now;
  const deadline = now() + (options.budgetMs ?? FINDING_LINES_BUDGET_MS);
  const byUrl = new Map<string, number>();
  raw.forEach((doc, i) => doc.urls.forEach((url) => byUrl.has(url) || byUrl.set(url, i)));
  const locators = new Map<number, (path: string | null) => number | null>();
  const places = new Map<Finding, SourcePlace>();
  for (const f of findings) {
    const doc = f.document === null ? undefined : byUrl.get(f.document);
    if (doc === undefined) continue;
    let line: number | null = null;
    if (f.path !== null && now() < deadline) {
      let locate = locators.get(doc);
      if (locate === undefined) locators.set(doc, (locate = lineLocator(raw[doc]!.text, kindOf(raw[doc]!.path))));
      line = locate(f.path);
    }
    places.set(f, { doc, line });
  }
  return places;
}
