import { fetchBounded, type FetchResult } from '../net/fetch-bounded';
import { finding, sortFindings, type Finding } from '../report/findings';
import { quote } from '../json/values';
import { and } from '../report/words';
import { parsePoppy } from '../poppy';
import type { PoppyModel, Report, SkillCap, SkillReport } from '../report/report';
import { NOT_FOUND_STATUSES } from '../report/state';
import { trustRun, trustSkipped } from '../trust/chain';
import { compareIndexes, mergeIndexes, parseLegacyIndex, parseSkillIndex, type IndexParse, type MergedEntry } from '../skill-index';
import { limitsWith, OVER_CAP_LISTED, RAW_TEXT_MAX_CHARS, WELL_KNOWN, type Limits } from '../spec';
import { siteContext } from '../net/url-policy';
import { ENGINE_CODES as C } from './codes';
import { startBudget } from './budget';
import { sha256Hex } from './digest';
import { cutShortFinding } from './cut-short';
import { fetchOptions, nextTurn, type CheckContext, type CheckDeps } from './context';
import { readSiteDocument, type JsonDocumentRead } from './documents';
import { discoveryUrls, noteFreshness, recallUrls, skillMdUrls } from './remember';
import { siteUnreachable } from './unreachable';
import { newHostLog, observeHosts, offlineFinding, offlineHosts, skillOffline } from './offline';
import { inPool } from './pool';
import { computeVerdict } from '../report/verdict';
import { verifySkill, type ArtifactFetcher, type SkillOutcome } from './verify-skill';
import { fetchApiDescription, judgeSkills, lensOffer, type ApiDescription } from './lens-offer';

/** A document's text as served, by the URL it was asked at. */
export interface RawText {
  url: string;
  text: string;
}

export interface CheckResult {
  report: Report;
  /** poppy.json as served (for the panel's raw view); null when not published. */
  rawPoppy: string | null;
  /** The other documents read as JSON, as served (the stand-alone index, the legacy one), each
   *  within its byte cap: the full-page report shows them as numbered lines. */
  rawDocuments?: RawText[];
  /** The shortest time the site's own answers (discovery documents, skill files, 404s included)
   *  may be reused without asking, per their Cache-Control: 0 for no-cache or no-store, null
   *  when none said (or absent). The extension spaces its automatic checks by it (docs/extension.md, "How often a site is asked"). */
  serverFreshMs?: number | null;
}

/**
 * Checks everything a site publishes for agents (issue: the verification engine). Takes its
 * fetcher, clock and limits as arguments, so it runs in the extension, the CLI and tests.
 */
export async function checkSite(siteUrl: string, deps: CheckDeps): Promise<CheckResult> {
  const now = deps.now ?? (() => new Date());
  const target = normaliseTarget(siteUrl);
  if (!target.ok) return { report: emptyReport(siteUrl, now(), [target.finding]), rawPoppy: null, serverFreshMs: null };

  const limits: Limits = limitsWith(deps.limits);
  const hosts = newHostLog();
  const ctx: CheckContext = {
    site: siteContext(target.origin),
    transport: observeHosts(deps.transport, target.origin, hosts),
    limits,
    signal: deps.signal,
    revalidate: deps.revalidate ?? false,
    mayContact: deps.mayContact ?? (() => false),
    sha256: deps.sha256 ?? sha256Hex,
    memory: deps.memory ?? null,
    remembered: new Map(),
    serverFreshMs: null,
    budget: startBudget(limits),
    trustChain: deps.trustChain ?? true,
    yieldToOthers: deps.yieldToOthers ?? nextTurn,
    hosts,
    provides: deps.provides ?? null,
  };
  try {
    return await checkOrigin(target.origin, target.findings, ctx, deps.onProgress, now, deps.rawTexts ?? true);
  } finally {
    ctx.budget.end();
  }
}

async function checkOrigin(
  origin: string,
  found: readonly Finding[],
  ctx: CheckContext,
  onProgress: CheckDeps['onProgress'],
  now: () => Date,
  rawTexts: boolean,
): Promise<CheckResult> {
  const { limits } = ctx;
  const findings: Finding[] = [...found];

  // Every request of the check runs in a pool of `limits.concurrency`: these two, the legacy
  // index alone, then the skill files. The documents go out with the validators they sent last time.
  await recallUrls(discoveryUrls(origin), ctx);
  const [poppyDoc, indexDoc] = (await inPool(2, limits.concurrency, (i) =>
    i === 0 ? readSiteDocument('poppy', origin + WELL_KNOWN.poppy, ctx) : readSiteDocument('index', origin + WELL_KNOWN.skillIndex, ctx),
  )) as [JsonDocumentRead, JsonDocumentRead];
  // Nothing answered at all: one finding says so (below), not one per document.
  const noAnswer = poppyDoc.noAnswer && indexDoc.noAnswer;
  if (!noAnswer) findings.push(...poppyDoc.findings, ...indexDoc.findings);
  const documents = [poppyDoc.info, indexDoc.info];
  const rawDocuments: RawText[] = [];
  const keepText = (text: string | null): text is string => rawTexts && text !== null && text.length <= RAW_TEXT_MAX_CHARS;
  if (indexDoc.value && keepText(indexDoc.text)) rawDocuments.push({ url: indexDoc.info.requestedUrl, text: indexDoc.text });
  // Not wanted: the text is let go now, not held (as long as the index itself) to the end.
  if (!rawTexts) indexDoc.text = null;

  let poppy: PoppyModel | null = null;
  let embedded: IndexParse | null = null;
  if (poppyDoc.value) {
    const parsed = parsePoppy(poppyDoc.value, { requestedUrl: poppyDoc.info.requestedUrl, finalUrl: poppyDoc.url, local: ctx.site.local });
    poppy = parsed.model;
    findings.push(...parsed.findings);
    if (parsed.skillIndex !== undefined) {
      embedded = parseSkillIndex(parsed.skillIndex, indexContext('poppy', poppyDoc.url, poppyDoc.info.requestedUrl, limits));
    }
  } else if (NOT_FOUND_STATUSES.includes(poppyDoc.info.httpStatus ?? 0)) {
    findings.push(finding(C['no-poppy-json'].says({}), { document: poppyDoc.info.requestedUrl }));
  }
  // Files checked before publishing: what was not given is said as such, never as missing.
  for (const doc of [poppyDoc, indexDoc])
    if (doc.info.notProvided)
      findings.push(fileNotProvided(doc.info.requestedUrl, WELL_KNOWN[doc.info.kind === 'poppy' ? 'poppy' : 'skillIndex']));
  const wellKnown = indexDoc.value
    ? parseSkillIndex(indexDoc.value, indexContext('well-known', indexDoc.url, indexDoc.info.requestedUrl, limits))
    : null;
  if (embedded && !indexDoc.info.published && !indexDoc.info.notProvided && indexDoc.findings.length === 0) {
    findings.push(finding(C['no-skill-index'].says({ path: WELL_KNOWN.skillIndex }), { document: indexDoc.info.requestedUrl }));
  }
  for (const parse of [embedded, wellKnown]) if (parse) findings.push(...parse.findings);
  if (embedded && wellKnown) findings.push(...compareIndexes(embedded, wellKnown));

  let merged = mergeIndexes(embedded, wellKnown);
  if (merged.length === 0 && !noAnswer) {
    // D1: the legacy v0.1 index is read only when neither current index has skills. Anything
    // but a JSON answer there (a 404, an SPA's HTML) is silence, not a finding.
    const legacyDoc = await readSiteDocument('legacy-index', origin + WELL_KNOWN.legacySkillIndex, ctx);
    documents.push(legacyDoc.info);
    if (legacyDoc.value) {
      const legacy = parseLegacyIndex(legacyDoc.value, indexContext('well-known', legacyDoc.url, legacyDoc.info.requestedUrl, limits));
      findings.push(...legacyDoc.findings, ...legacy.findings);
      if (keepText(legacyDoc.text)) rawDocuments.push({ url: legacyDoc.info.requestedUrl, text: legacyDoc.text });
      merged = legacy.entries.map((entry) => ({ entry, source: 'legacy' as const }));
    }
  }

  // The trust chain's documents share the pool with the skill files (D10).
  const trustChain = !ctx.trustChain ? trustSkipped(poppy) : trustRun(poppy, ctx);
  await recallUrls(skillMdUrls(merged), ctx);
  // D12: the API description a company's skills are judged against shares the pool too.
  let described: ApiDescription | null = null;
  const companySkills = merged.some((m) => m.source === 'poppy' || m.source === 'both');
  const describe = companySkills ? [async () => void (described = await fetchApiDescription(poppy, ctx))] : [];
  const outcomes = await verifyAll(merged, ctx, onProgress, [...trustChain.tasks, ...describe]);
  const skills: SkillReport[] = outcomes.map((o) => o.skill);
  // Offline, a name that does not resolve is ours to say once, not the site's error per file.
  const offline = offlineHosts(ctx.hosts);
  for (const o of outcomes) findings.push(...(offline ? skillOffline(o.skill, o.findings, offline) : o.findings));
  findings.push(...judgeSkills(outcomes, lensOffer(poppy, origin, described)));
  findings.push(...notCheckedSummary(skills));
  const trust = trustChain.finish(offline);
  if (trust) findings.push(...trust.findings);
  if (offline) {
    const count = skills.filter((s) => s.notChecked === 'offline').length + (trust?.offline ?? 0);
    findings.push(offlineFinding(offline, count));
  }
  const cap = skillCap([embedded, wellKnown], limits.maxSkills);

  if (noAnswer) findings.unshift(siteUnreachable(poppyDoc.failure!, origin, ctx.site.local, limits.timeoutMs));
  const cut = ctx.budget.cut;
  if (cut) findings.push(cutShortFinding(cut, origin));
  const published = documents.some((d) => d.published) || skills.length > 0;
  const report: Report = {
    target: origin,
    checkedAt: now().toISOString(),
    verdict: computeVerdict(published, skills, findings),
    local: ctx.site.local,
    poppy,
    skills,
    findings: sortFindings(findings),
    documents,
  };
  if (cut) report.cutShort = { ...cut };
  if (cap) report.cap = cap;
  if (trust?.trust) report.trust = trust.trust;
  return { report, rawPoppy: poppyDoc.value ? poppyDoc.text : null, rawDocuments, serverFreshMs: ctx.serverFreshMs };
}

function indexContext(source: 'poppy' | 'well-known', document: string, requestedUrl: string, limits: Limits) {
  return { source, document, requestedUrl, pathPrefix: source === 'poppy' ? ['skill_index'] : [], maxSkills: limits.maxSkills };
}

/** Each skill is fetched *and* verified by one task of the check's pool, so at most
 *  `concurrency` requests are in flight, and at most that many bodies are alive. */
async function verifyAll(
  merged: readonly MergedEntry[],
  ctx: CheckContext,
  onProgress: CheckDeps['onProgress'],
  more: readonly (() => Promise<void>)[],
): Promise<SkillOutcome[]> {
  // Only pending entries are ever fetched: a listed-only row naming the same URL must not keep
  // the bytes alive.
  const fetchArtifact = sharedFetcher(
    merged.map((m) => (m.entry.status === 'pending' ? m.entry.url : null)),
    ctx,
  );
  let done = 0;
  // The few extra tasks first, so their requests overlap the skills' rather than trail them.
  const results = await inPool(more.length + merged.length, ctx.limits.concurrency, async (i) => {
    if (i < more.length) return void (await more[i]!());
    const outcome = await verifySkill(merged[i - more.length]!, ctx, fetchArtifact);
    onProgress?.({ done: ++done, total: merged.length });
    return outcome;
  });
  return results.slice(more.length) as SkillOutcome[];
}

/** D5: the largest v0.2.0 index past our cap, as the report's `cap`; undefined when none is. */
function skillCap(indexes: readonly (IndexParse | null)[], limit: number): SkillCap | undefined {
  const listed = Math.max(0, ...indexes.map((p) => (p?.format === 'v0.2.0' ? p.listed : 0)));
  if (listed <= limit) return undefined;
  return { limit, listed, unlisted: Math.max(0, listed - limit - OVER_CAP_LISTED) };
}

/**
 * Fetches each artifact URL once even when both indexes name it, but keeps the bytes only while
 * another entry still needs them: memory stays bounded by the caps, not by the skill count.
 */
function sharedFetcher(urls: readonly (string | null)[], ctx: CheckContext): ArtifactFetcher {
  const pending = new Map<string, { uses: number; result?: Promise<FetchResult> }>();
  for (const url of urls) if (url) pending.set(url, { uses: (pending.get(url)?.uses ?? 0) + 1 });
  return (url, kind, allowed) => {
    const slot = pending.get(url) ?? { uses: 1 };
    // Called from a task of the check's pool, which is what limits the requests in flight.
    // With validators from a kept body, an unchanged file costs a 304 and no body (D5).
    if (!slot.result) {
      const kept = kind === 'skill-md' ? ctx.remembered.get(url) : undefined;
      const options = fetchOptions(ctx, kind, kept && { etag: kept.etag, lastModified: kept.lastModified });
      if (allowed) options.allowed = allowed;
      slot.result = fetchBounded(url, options).then((r) => {
        if (r.ok) noteFreshness(ctx, r.cacheControl, r.age);
        return r;
      });
    }
    const result = slot.result;
    if (--slot.uses <= 0) pending.delete(url);
    return result;
  };
}

/** A site document the checked files did not include (CheckDeps.provides). */
const fileNotProvided = (document: string, path: string): Finding => finding(C['file-not-provided'].says.document({ path }), { document });

/** One finding for all skills on other hosts that privacy settings kept us from contacting. */
function notCheckedSummary(skills: readonly SkillReport[]): Finding[] {
  // An `other-host` skill passed the URL policy, so its URL (or where it redirects) is an absolute web address.
  const elsewhere = skills.filter((s) => s.notChecked === 'other-host');
  if (elsewhere.length === 0) return [];
  const hosts = [...new Set(elsewhere.map((s) => new URL(s.redirectsTo ?? s.url!).host))];
  return [finding(C['skill-not-checked'].says({ count: elsewhere.length, hosts: and(hosts) }))];
}

/** The origin a check of `siteUrl` covers, as `checkSite` reads the address; null when it is none. */
export function targetOrigin(siteUrl: string): string | null {
  const target = normaliseTarget(siteUrl);
  return target.ok ? target.origin : null;
}

type Target = { ok: true; origin: string; findings: Finding[] } | { ok: false; finding: Finding };

function normaliseTarget(siteUrl: string): Target {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(siteUrl) ? siteUrl : `https://${siteUrl}`);
  } catch {
    return { ok: false, finding: finding(C['unsupported-url'].says.notAddress({ address: quote(siteUrl, 200) })) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, finding: finding(C['unsupported-url'].says.scheme({ scheme: url.protocol })) };
  }
  if (url.protocol === 'http:' && !siteContext(url.origin).local) {
    url.protocol = 'https:';
    return {
      ok: true,
      origin: url.origin,
      findings: [finding(C['checked-over-https'].says({ origin: url.origin }))],
    };
  }
  return { ok: true, origin: url.origin, findings: [] };
}

function emptyReport(target: string, at: Date, findings: Finding[]): Report {
  return { target, checkedAt: at.toISOString(), verdict: 'errors', local: false, poppy: null, skills: [], findings, documents: [] };
}
