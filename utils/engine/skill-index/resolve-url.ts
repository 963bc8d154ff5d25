import type { FindingSpec } from '../report/findings';
import { quote } from '../report/json-words';
import { SKILL_INDEX_CODES as C, SKILLS_DIR } from './codes';
import { URL_EDGE_SPACE } from './fields';
import type { IndexContext } from './types';

export interface UrlNote {
  spec: FindingSpec;
  message: string;
}

const DOT_SEGMENTS = new Set(['..', '.%2e', '%2e.', '%2e%2e']);
const ENCODED_DOT_SEGMENTS = new Set(['%2e', '.%2e', '%2e.', '%2e%2e']);

/**
 * Resolves an entry `url` as a browser does (WHATWG `new URL(raw, base)`, base = final document
 * URL, Decision D1) and notes where that differs from what the owner probably meant (§5 table).
 * The URL policy (schemes, private hosts) is the engine's job: `data:` resolves fine here.
 */
export function resolveEntryUrl(raw: string, ctx: IndexContext): { url: string | null; notes: UrlNote[] } {
  const notes: UrlNote[] = [];
  const trimmed = raw.replace(URL_EDGE_SPACE, '');
  const inner = /[\t\n\r]/.test(trimmed);
  if (inner || trimmed !== raw) {
    const what = inner ? 'a tab or line break inside it' : 'spaces or control characters around it';
    notes.push({ spec: C['url-whitespace'], message: `\`url\` ${quote(raw)} has ${what}, which URL parsers remove silently.` });
  }
  let url: URL;
  try {
    url = new URL(raw, ctx.document);
  } catch {
    return { url: null, notes: [...notes, { spec: C['bad-url'], message: `\`url\` ${quote(raw)} is not a valid URL.` }] };
  }
  if (raw.includes('\\')) {
    notes.push({ spec: C['url-backslash'], message: `\`url\` ${quote(raw)} has a backslash; a browser resolves it to ${url.href}.` });
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
    notes.push({ spec: C['url-encoded-dots'], message: `\`url\` ${quote(raw)} has an encoded dot segment; it resolves to ${url.href}.` });
  }
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  const { document: documentOrigin, site: siteOrigin } = originsOf(ctx);
  if (web && url.origin === documentOrigin && segments.some((s) => DOT_SEGMENTS.has(s)) && !url.pathname.startsWith(SKILLS_DIR)) {
    notes.push({ spec: C['url-leaves-skills-dir'], message: `\`url\` ${quote(raw)} climbs out of ${SKILLS_DIR} to ${url.pathname}.` });
  }
  if (web && url.origin !== siteOrigin) {
    notes.push({ spec: C['artifact-other-origin'], message: `The artifact is on ${url.origin}, not on ${siteOrigin}.` });
  }
  const cliUrl = ctx.requestedUrl === ctx.document ? url.href : resolveOrNull(raw, ctx.requestedUrl);
  if (cliUrl !== url.href) {
    const other = cliUrl ?? 'no valid URL';
    notes.push({
      spec: C['url-base-differs'],
      message: `Against the final document URL this is ${url.href}; clients that resolve against the requested URL (the \`skills\` CLI) get ${other}.`,
    });
  }
  return { url: url.href, notes };
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
