import { digestHex, explainMismatch, formatDigest } from './digest';
import { fetchBounded, type FetchResult } from '../net/fetch-bounded';
import { finding, jsonPath, type Finding } from '../report/findings';
import { clip } from '../json/values';
import type { SkillReport } from '../report/report';
import { parsedEntryUrl, type EntryStatus, type MergedEntry } from '../skill-index';
import { checkSkillMd } from '../skill-md';
import { DESCRIPTION_MAX, MEDIA_TYPES } from '../spec';
import { checkFetchTarget, mayContactOrigin } from '../net/url-policy';
import { FETCH_WORDS } from '../net/fetch-words';
import { ENGINE_CODES as C } from './codes';
import { noteCut } from './budget';
import { fetchOptions, notProvided, type CheckContext } from './context';
import type { Validators } from '../net/fetch-types';
import { localInsecureRedirect } from './documents';
import { verifyArchive } from './verify-archive';
import { mergeScans, scanSkillText, type LensScan } from '../lens';
import { keepAnswer, refreshAnswer } from './remember';
import { describeCauses } from '../report/mismatch-words';
import { or, sentence } from '../report/words';

/** Why a skill is not verified, when its finding does not say it already. */
export const SKILL_REASONS = {
  hostedOn: FETCH_WORDS.hostedOn,
  noCors: sentence('reason_no_cors', []),
  notProvided: sentence('reason_not_provided', []),
};
const NO_CONTENT_TYPE = sentence('words_no_content_type', []);

/** Fetches a skill's file; `allowed` is its URL as the URL policy allowed it (FetchOptions.allowed). */
export type ArtifactFetcher = (url: string, kind: 'skill-md' | 'archive', allowed?: URL) => Promise<FetchResult>;

/** The index reader leaves entries `not-checked` only past the cap, `skipped` only for a format
 *  (index or entry type) it lists without verifying. */
const LISTED_ONLY: Partial<Record<EntryStatus, NonNullable<SkillReport['notChecked']>>> = { 'not-checked': 'over-cap', skipped: 'format' };

export interface SkillOutcome {
  skill: SkillReport;
  findings: Finding[];
  /** What the verified SKILL.md asks of an agent (D12), judged once the company's offer is known. */
  lens?: LensScan;
}

/** One index entry → its status (D3), digests and findings. Never throws. */
export async function verifySkill(merged: MergedEntry, ctx: CheckContext, fetchArtifact: ArtifactFetcher): Promise<SkillOutcome> {
  const { entry, source } = merged;
  const skill: SkillReport = {
    name: entry.name ?? `#${entry.position + 1}`,
    // An over-long description is already an `invalid` entry; the report keeps a readable cut.
    description: entry.description === null ? null : clip(entry.description, DESCRIPTION_MAX),
    type: entry.type,
    source,
    url: entry.url ?? entry.rawUrl,
    status: 'not-checked',
    expectedDigest: entry.digest,
    actualDigest: null,
  };
  if (entry.status !== 'pending') {
    skill.status = entry.status;
    if (entry.reason) skill.reason = entry.reason;
    const why = LISTED_ONLY[entry.status];
    if (why) skill.notChecked = why;
    return { skill, findings: [] };
  }
  const url = entry.url!;
  // The URL object the index reader parsed, when there is one: judged without a second parse.
  const policy = checkFetchTarget(parsedEntryUrl(entry) ?? url, ctx.site);
  if (!policy.ok) {
    skill.status = 'blocked';
    skill.reason = policy.detail;
    const where = { document: entry.document, path: jsonPath([...entry.path, 'url']), skill: skill.name };
    return { skill, findings: [finding(C['skill-blocked'].says.notFetched({ skill: skill.name, detail: policy.detail }), where)] };
  }
  const origin = policy.url.origin;
  if (!mayContactOrigin(ctx.site, origin, ctx.mayContact)) {
    skill.status = 'not-checked';
    skill.reason = SKILL_REASONS.hostedOn({ host: policy.url.host });
    skill.notChecked = 'other-host';
    return { skill, findings: [] };
  }
  if (notProvided(ctx, url)) {
    // Files checked before publishing: a file not given is not asked for, and not a 404.
    skill.status = 'not-checked';
    skill.reason = SKILL_REASONS.notProvided({});
    skill.notChecked = 'not-provided';
    const path = policy.url.pathname;
    return {
      skill,
      findings: [finding(C['file-not-provided'].says.skill({ skill: skill.name, path }), { document: url, skill: skill.name })],
    };
  }
  const kind = entry.type === 'archive' ? 'archive' : 'skill-md';
  const expectedHex = digestHex(entry.digest ?? '')!;
  // An archive is judged on the bytes its URL serves in this check, every time, and never asked
  // conditionally (recall in check-site.ts): its listing also judges the Content-Type, and a
  // 10 MiB body is not worth keeping. Only the SKILL.md found in it is kept (verify-archive.ts),
  // for the panel's preview.
  const served = await fetchAndScreen(url, policy.url, origin, kind, skill, ctx, fetchArtifact);
  if (Array.isArray(served)) return { skill, findings: served };
  const { bytes } = served;

  const findings: Finding[] = [...served.notes];
  const actualHex = await ctx.sha256(bytes);
  skill.actualDigest = formatDigest(actualHex);
  if (actualHex !== expectedHex) {
    skill.status = 'mismatch';
    skill.mismatch = await explainMismatch(bytes, expectedHex, served);
    const values = { skill: skill.name, expected: entry.digest ?? '', actual: skill.actualDigest };
    const said =
      skill.mismatch.length > 0
        ? C['digest-mismatch'].says.explained({ ...values, causes: describeCauses(skill.mismatch) })
        : C['digest-mismatch'].says.plain(values);
    // The digest to fix is in the index (the skill and its URL are in the report's skill row).
    findings.push(finding(said, { document: entry.document, path: jsonPath([...entry.path, 'digest']), skill: skill.name }));
    return { skill, findings };
  }
  skill.status = 'verified';
  if (served.validators && kind === 'skill-md')
    keepAnswer(ctx, { url, digestHex: actualHex, contentType: skill.contentType ?? null, bytes, ...served.validators });
  if (kind === 'archive') {
    // The archive lister judges the Content-Type against the bytes itself (D7).
    let lens: LensScan | undefined;
    // D12: the SKILL.md and the archive's other text files, each passage naming its file.
    const read = (md: Uint8Array, texts: readonly { path: string; bytes: Uint8Array }[]) =>
      (lens = mergeScans(
        lensScan(md),
        texts.map((t) => ({ path: t.path, scan: lensScan(t.bytes) })),
      ));
    findings.push(...(await verifyArchive(bytes, entry, skill, ctx, read)));
    return lens ? { skill, findings, lens } : { skill, findings };
  }
  const md = checkSkillMd(bytes, { document: url, indexName: entry.name, indexDescription: entry.description });
  skill.frontmatter = md.frontmatter;
  if (md.title !== null) skill.title = md.title;
  findings.push(...md.findings.map((f) => ({ ...f, skill: skill.name })));
  return { skill, findings: [...(contentTypeFinding(skill, url) ?? []), ...findings], lens: lensScan(bytes) };
}

/** D12: the lens reads only bytes whose digest verified, as text (undecodable bytes as U+FFFD). */
function lensScan(bytes: Uint8Array): LensScan {
  return scanSkillText(new TextDecoder().decode(bytes));
}

/** The served bytes and the response facts a mismatch explanation needs. */
interface Served {
  bytes: Uint8Array;
  contentEncoding: string | null;
  contentType: string | null;
  url: string;
  /** About the way it was served: a local site's redirect from https to http (D8). */
  notes: Finding[];
  /** What a 200 answer brings to remember (null for a 304: the kept answer stands). */
  validators: (Validators & { cors: boolean }) | null;
}

/** Fetches the artifact; returns what was served, or the findings of a failure (status set). */
async function fetchAndScreen(
  url: string,
  allowed: URL,
  origin: string,
  kind: 'skill-md' | 'archive',
  skill: SkillReport,
  ctx: CheckContext,
  fetchArtifact: ArtifactFetcher,
): Promise<Served | Finding[]> {
  let result = await fetchArtifact(url, kind, allowed);
  // A 304 to the validators this URL sent with a kept body: the server vouches for those bytes (D5).
  const remembered = result.ok && result.status === 304 ? ctx.remembered.get(url) : undefined;
  const keptBytes = remembered ? await remembered.bytes : null;
  // The kept body is gone from the store (or a 304 came unasked): ask again, for the whole file.
  if (result.ok && result.status === 304 && !keptBytes) result = await fetchBounded(url, fetchOptions(ctx, kind));
  const kept = result.ok && result.status === 304 ? { ...remembered!, bytes: keptBytes! } : null;
  if (kept) refreshAnswer(ctx, url);
  const where = { document: url, skill: skill.name };
  if (!result.ok && result.reason === 'not-contacted') {
    // A hop to a host this check may not contact yet (D5): it waits, like a skill hosted there.
    skill.status = 'not-checked';
    skill.reason = result.detail;
    skill.notChecked = 'other-host';
    if (result.elsewhere !== undefined) skill.redirectsTo = result.elsewhere;
    return [];
  }
  if (!result.ok) {
    // The check's own budget ran out: one finding says so for the whole check (cut-short.ts).
    if (noteCut(ctx.budget, result.reason, ctx.limits)) {
      skill.status = 'unreachable';
      skill.reason = result.detail;
      return [];
    }
    const policy = result.reason === 'blocked' || result.reason === 'redirect-blocked' || result.reason === 'insecure-redirect';
    skill.status = policy ? 'blocked' : 'unreachable';
    skill.reason = result.detail;
    const values = { skill: skill.name, detail: result.detail };
    const said = policy
      ? C['skill-blocked'].says.notRead(values)
      : result.reason === 'too-large'
        ? C['skill-too-large'].says(values)
        : C['skill-unreachable'].says(values);
    return [finding(said, where)];
  }
  skill.contentType = result.contentType ?? kept?.contentType ?? null;
  // Without a redirect the final URL is the one requested, whose origin is known already.
  const finalOrigin = result.redirected ? new URL(result.url).origin : origin;
  if (finalOrigin !== ctx.site.origin && !result.accessControlAllowOrigin && !kept?.cors) {
    skill.status = 'unreachable';
    skill.reason = SKILL_REASONS.noCors({});
    return [finding(C['skill-no-cors'].says({ skill: skill.name }), where)];
  }
  const served: Served = {
    bytes: kept ? kept.bytes : result.bytes,
    contentEncoding: result.contentEncoding,
    contentType: skill.contentType,
    url: result.url,
    notes: [],
    validators: kept ? null : { etag: result.etag, lastModified: result.lastModified, cors: result.accessControlAllowOrigin !== null },
  };
  const insecure = localInsecureRedirect(result, ctx, skill.name);
  if (insecure) served.notes.push(insecure);
  return served;
}

/** A SKILL.md served with another media type (archives: the lister's own findings). */
function contentTypeFinding(skill: SkillReport, url: string): Finding[] | null {
  const type = skill.contentType;
  if (type === undefined) return null; // not fetched
  const expected: readonly string[] = MEDIA_TYPES.skillMd;
  if (type !== null && expected.includes(type)) return null;
  const said = C['skill-content-type'].says({ skill: skill.name, served: type ?? NO_CONTENT_TYPE({}), expected: or([...expected]) });
  return [finding(said, { document: url, skill: skill.name })];
}
