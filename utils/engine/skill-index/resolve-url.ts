import type { Said } from '../report/findings';
import { quote } from '../json/values';
import { SKILL_ENTRY } from '../spec';
import { NO_VALID_URL, SKILL_INDEX_CODES as C, SKILLS_DIR } from './codes';
import { URL_EDGE_SPACE } from './fields';
import type { IndexContext } from './types';

const DOT_SEGMENTS = new Set(['..', '.%2e', '%2e.', '%2e%2e']);
const ENCODED_DOT_SEGMENTS = new Set(['%2e', '.%2e', '%2e.', '%2e%2e']);

/**
 * Resolves an entry `url` as a browser does (WHATWG `new URL(raw, base)`, base = final document
 * URL, Decision D1) and notes where that differs from what the owner probably meant (§5 table).
 * The URL policy (schemes, private hosts) is the engine's job: `data:` resolves fine here.
 */
export function resolveEntryUrl(raw: string, ctx: IndexContext): { url: string | null; parsed?: URL; notes: Said[] } {
  const notes: Said[] = [];
  const trimmed = raw.replace(URL_EDGE_SPACE, '');
  const inner = /[\t\n\r]/.test(trimmed);
  if (inner || trimmed !== raw) {
    notes.push(inner ? C['url-whitespace'].says.inside({ value: quote(raw) }) : C['url-whitespace'].says.around({ value: quote(raw) }));
  }
  let url: URL;
  try {
    url = new URL(raw, ctx.document);
  } catch {
    return { url: null, notes: [...notes, C['bad-url'].says.invalid({ field: SKILL_ENTRY.url, value: quote(raw) })] };
  }
  if (raw.includes('\\')) {
    notes.push(C['url-backslash'].says({ value: quote(raw), resolved: url.href }));
  }
  // Every dot segment, plain or encoded, holds `..` or `%`: most URLs need no split at all.
  const segments =
    trimmed.includes('%') || trimmed.includes('..')
      ? trimmed
          .split(/[?#]/, 1)[0]!
          .split(/[/\\]/)
          .map((s) => s.toLowerCase())
      : [];
  if (segments.some((s) => ENCODED_DOT_SEGMENTS.has(s))) {
    notes.push(C['url-encoded-dots'].says({ value: quote(raw), resolved: url.href }));
  }
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  const { document: documentOrigin, site: siteOrigin } = originsOf(ctx);
  const origin = web ? url.origin : null;
  if (web && origin === documentOrigin && segments.some((s) => DOT_SEGMENTS.has(s)) && !url.pathname.startsWith(SKILLS_DIR)) {
    notes.push(C['url-leaves-skills-dir'].says({ value: quote(raw), dir: SKILLS_DIR, path: url.pathname }));
  }
  if (web && origin !== siteOrigin) {
    notes.push(C['artifact-other-origin'].says({ origin: origin!, site: siteOrigin ?? '' }));
  }
  const href = url.href;
  const cliUrl = ctx.requestedUrl === ctx.document ? href : resolveOrNull(raw, ctx.requestedUrl);
  if (cliUrl !== href) {
    notes.push(C['url-base-differs'].says({ resolved: href, other: cliUrl ?? NO_VALID_URL({}) }));
  }
  return { url: href, parsed: url, notes };
}

/** Resolution without notes, for entries that are only listed (unknown `$schema`, over the cap). */
export function resolveOrNull(raw: string, base: string): string | null {
  try {
    return new URL(raw, base).href;
  } catch {
    return null;
  }
}

/** The index's own origins, worked out once per index (per `ctx`) rather than once per entry. */
const contextOrigins = new WeakMap<IndexContext, { document: string | null; site: string | null }>();

function originsOf(ctx: IndexContext): { document: string | null; site: string | null } {
  let origins = contextOrigins.get(ctx);
  if (!origins) {
    const document = originOf(ctx.document);
    origins = { document, site: originOf(ctx.requestedUrl) ?? document };
    contextOrigins.set(ctx, origins);
  }
  return origins;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
