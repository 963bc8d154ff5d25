import { fetchBounded, formatBytes, type FetchFailure, type FetchResult, type FetchSuccess, type Validators } from '../net/fetch-bounded';
import { SKILL_INDEX } from '../spec';
import { finding, productionOnly, type Finding } from '../report/findings';
import { readJsonDocument } from './json-document';
import type { DocumentInfo } from '../report/report';
import { NOT_FOUND_STATUSES } from '../report/state';
import { ENGINE_CODES as C } from './codes';
import { noteCut } from './budget';
import { fetchOptions, notProvided, type CheckContext } from './context';
import { freshness } from '../net/http-freshness';
import { keepAnswer, noteFreshness, refreshAnswer } from './remember';

export interface JsonDocumentRead {
  info: DocumentInfo;
  /** The parsed object when the document is published and is a JSON object. */
  value: Record<string, unknown> | null;
  text: string | null;
  /** Final URL (base for relative URLs, D1). */
  url: string;
  findings: Finding[];
  /** The request never got an answer (network error, timeout): the site may be down. */
  noAnswer: boolean;
  /** The failed request, when it failed. */
  failure: FetchFailure | null;
}

/** Fetches one of the site's own JSON documents and reads it; every failure becomes a finding. */
export async function readSiteDocument(kind: DocumentInfo['kind'], url: string, ctx: CheckContext): Promise<JsonDocumentRead> {
  if (notProvided(ctx, url)) return notGiven(kind, url);
  const result = await askDocument(url, kind === 'poppy' ? 'poppy' : 'index', ctx);
  noteFreshness(ctx, result.cacheControl, result.ok ? result.age : null);
  const info: DocumentInfo = {
    kind,
    requestedUrl: url,
    url: result.url,
    httpStatus: result.ok ? result.status : result.httpStatus,
    contentType: result.ok ? result.contentType : null,
    bytes: result.ok ? result.bytes.byteLength : null,
    redirected: result.redirected,
    published: false,
    absent: !result.ok && result.reason === 'http-status' && NOT_FOUND_STATUSES.includes(result.httpStatus ?? 0),
  };
  if (!result.ok && result.elsewhere !== undefined) info.redirectsTo = result.elsewhere;
  const base = { info, value: null, text: null, url: result.url ?? url, noAnswer: false, failure: null };
  if (!result.ok) {
    // Stopped by the check's own budget: said once for the whole check (cut-short.ts), and a
    // site that had not answered within the deadline counts as one that did not answer.
    if (noteCut(ctx.budget, result.reason, ctx.limits))
      return { ...base, findings: [], noAnswer: result.reason === 'too-slow', failure: result };
    return { ...base, ...failureFindings(result), failure: result };
  }

  const doc = readJsonDocument(result.bytes, result.contentType, result.url, result.cut === true);
  const findings = [...doc.findings, ...transportFindings(result, ctx)];
  if (result.cut) {
    // Past the cap the index is there, and long: said as our limit, with what was read (D5).
    const read = roughBytes(result.bytes.byteLength);
    const entries = doc.ok ? (doc.cut?.entries ?? entriesOf(doc.value)) : 0;
    const said = entries > 0 ? C['index-too-large'].says.read({ read, count: entries }) : C['index-too-large'].says.none({ read });
    findings.push(finding(said, { document: result.url }));
    if (doc.ok || doc.published) info.published = true;
  }
  if (!doc.ok) {
    info.absent = !doc.published;
    return { ...base, findings: doc.published ? findings : doc.findings };
  }
  info.published = true;
  // A cut index is not kept: a 304 must never stand in for a whole one.
  if (
    !result.cut &&
    result.status === 200 &&
    (result.etag !== null || result.lastModified !== null) &&
    freshness(result.cacheControl).store
  ) {
    const { etag, lastModified, contentType, cacheControl, bytes } = result;
    const cors = result.accessControlAllowOrigin !== null;
    keepAnswer(ctx, { url, digestHex: await ctx.sha256(bytes), etag, lastModified, contentType, cors, cacheControl, bytes });
  }
  return { ...base, value: doc.value, text: doc.text, findings };
}

/** A document of checked files that was not among them: nothing asked, nothing answered (no 404). */
function notGiven(kind: DocumentInfo['kind'], url: string): JsonDocumentRead {
  const info: DocumentInfo = {
    kind,
    requestedUrl: url,
    url: null,
    httpStatus: null,
    contentType: null,
    bytes: null,
    redirected: false,
    published: false,
    absent: true,
    notProvided: true,
  };
  return { info, value: null, text: null, url, findings: [], noAnswer: false, failure: null };
}

/** `1696696` → `1.6 MiB`: how much of a cut index was read, as an owner reads sizes. */
function roughBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return formatBytes(n);
}

const entriesOf = (value: Record<string, unknown>): number => {
  const skills = value[SKILL_INDEX.skills];
  return Array.isArray(skills) ? skills.length : 0;
};

/**
 * The document, asked with the validators it sent last time (docs/extension.md, "How often a site is asked"). A 304 stands in the
 * kept answer: its bytes, and the headers a 304 need not repeat. Without the kept bytes (gone
 * from the store) it is asked again, whole.
 */
async function askDocument(url: string, kind: 'poppy' | 'index', ctx: CheckContext): Promise<FetchResult> {
  const kept = ctx.remembered.get(url);
  const options = (validators?: Validators) => {
    const o = fetchOptions(ctx, kind, validators);
    // An index past its cap is read up to it: its first entries are still checked (D5).
    if (kind === 'index') o.keepPrefix = true;
    return o;
  };
  const result = await fetchBounded(url, options(kept && { etag: kept.etag, lastModified: kept.lastModified }));
  if (!result.ok || result.status !== 304) return result;
  const bytes = kept ? await kept.bytes : null;
  if (!kept || !bytes) return fetchBounded(url, options());
  refreshAnswer(ctx, url);
  return {
    ...result,
    bytes,
    contentType: result.contentType ?? kept.contentType,
    // Only its presence is judged (missing-cors).
    accessControlAllowOrigin: result.accessControlAllowOrigin ?? (kept.cors ? '*' : null),
    cacheControl: result.cacheControl ?? kept.cacheControl ?? null,
  };
}

function failureFindings(result: Extract<FetchResult, { ok: false }>): { findings: Finding[]; noAnswer: boolean } {
  const where = { document: result.url ?? result.requestedUrl };
  switch (result.reason) {
    case 'http-status':
      // 404 (or 410) simply means "not published"; the caller says so in context.
      if (NOT_FOUND_STATUSES.includes(result.httpStatus ?? 0)) return { findings: [], noAnswer: false };
      return { findings: [finding(C['document-unreachable'].says.status({ detail: result.detail }), where)], noAnswer: false };
    case 'too-large':
      return { findings: [finding(C['document-too-large'].says({ detail: result.detail }), where)], noAnswer: false };
    case 'insecure-redirect':
      // Public sites only: a local site may use http, so its redirects arrive (see `insecureHop`).
      return { findings: [finding(C['insecure-redirect'].says.refused({ detail: result.detail }), where)], noAnswer: false };
    case 'not-contacted': {
      // Not the site's fault: the hop waits for the panel, like a skill on another host (D5).
      const host = URL.canParse(result.elsewhere ?? '') ? new URL(result.elsewhere!).host : (result.elsewhere ?? '');
      return { findings: [finding(C['redirect-not-followed'].says({ url: result.requestedUrl, host }), where)], noAnswer: false };
    }
    case 'redirect-blocked':
    case 'too-many-redirects':
      return {
        findings: [finding(C['redirect-blocked'].says({ detail: result.detail }), where)],
        noAnswer: false,
      };
    default:
      return {
        findings: [finding(C['document-unreachable'].says.noAnswer({ detail: result.detail }), where)],
        noAnswer: result.reason === 'network' || result.reason === 'timeout',
      };
  }
}

/** Headers and redirects worth telling the owner about, for a document that did arrive. */
function transportFindings(result: FetchSuccess, ctx: CheckContext): Finding[] {
  const out: Finding[] = [];
  const where = { document: result.url };
  if (result.redirected) {
    out.push(finding(C['document-redirected'].says({ from: result.requestedUrl, to: result.url }), where));
    const insecure = localInsecureRedirect(result, ctx);
    if (insecure) out.push(insecure);
  }
  if (!result.accessControlAllowOrigin) {
    out.push(finding(C['missing-cors'].says({}), where));
  }
  if (!result.cacheControl) {
    out.push(finding(C['missing-cache-control'].says({}), where));
  }
  return out;
}

/**
 * Decision D8: a local site may use http, so the URL policy lets a redirect from https to http
 * through; in production the same redirect is refused. Reported as info, with the skill when the
 * fetch was a skill file's. Null for a public site (the fetcher refused such a hop already).
 */
export function localInsecureRedirect(result: FetchSuccess, ctx: CheckContext, skill?: string): Finding | null {
  if (!ctx.site.local) return null;
  let from = result.requestedUrl;
  for (const to of result.redirects) {
    if (from.startsWith('https:') && to.startsWith('http:')) {
      const hop = C['insecure-redirect'].says.hop({ from, to });
      return finding(productionOnly(hop), { document: result.url, severity: 'info', skill });
    }
    from = to;
  }
  return null;
}
