/**
 * Files dropped on the full-page report, checked as the site they will be once published: the
 * same engine over the in-memory site-files transport (utils/engine/net/dropped/site-paths.ts), no
 * network at all (other hosts are not contacted, the sign-in chain is left to the deployed
 * site, as for the command line's `check <dir>`). Runs in the page: nothing leaves it.
 */
import { checkSite, type CheckResult } from '../engine/check';
import { droppedSiteFiles, fileForSitePath, readDroppedText, takeDroppedFiles, type DroppedFile } from '../engine/net/dropped/site-paths';
import { nameDroppedFiles } from '../engine/net/dropped/loose-skill-names';
import { siteFilesTransport, sitePathOf } from '../engine/net/site-files';
import type { SkillReport } from '../engine/report/report';
import { skillMdBody } from '../engine/skill-md';
import type { VerifiedMarkdown } from './verified-markdown';
import { declaredOrigin } from '../engine/poppy/declared-origin';
import { sentence, type Words } from '../engine/report/words';
import { formatBytes } from '../engine/net/fetch-bounded';
import { DEFAULT_LIMITS, DROPPED_FILES_MAX, WELL_KNOWN } from '../engine/spec';

/** A dropped text file as the page shows it, with line numbers. */
export interface RawDocument {
  path: string;
  /** The site URLs it stands for (the report's `document`s), so a finding links to its line. */
  urls: readonly string[];
  text: string;
  /** More bytes were there than are shown (the file's cap). */
  cut: boolean;
}

export type FilesCheck =
  | {
      ok: true;
      origin: string;
      result: CheckResult;
      raw: RawDocument[];
      /** How many files were past the cap and not read… */
      ignored: number;
      /** …and the first LEFT_OUT_SHOWN of their paths. */
      leftOut: string[];
      /** The files as checked (loose SKILL.md files named): what `droppedSkillText` reads from. */
      files: DroppedFile[];
    }
  | { ok: false; words: Words };

const WORDS = {
  none: sentence('reportFilesNone', []),
  noOrigin: sentence('reportFilesNoOrigin', []),
  noPoppy: sentence('reportFilesNoPoppy', []),
  poppyLeftOut: sentence('reportFilesPoppyLeftOut', ['count', 'max']),
  poppyTooLarge: sentence('reportFilesPoppyTooLarge', ['size', 'max']),
};

/** Paths of files left out that the page names; the rest are counted. */
export const LEFT_OUT_SHOWN = 20;

/** A file's size as a person reads it (`30 MiB`); caps use `formatBytes`, which is exact. */
function roughBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round(n / (1024 * 1024))} MiB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KiB`;
  return `${n} bytes`;
}

/** Text documents shown raw: JSON and SKILL.md, the first few dozen. */
const RAW_SHOWN = 40;
const isText = (path: string) => /\.(json|md)$/i.test(path);
const sitePath = (path: string) => path.replace(/^\//, '');

/** `typedOrigin`: the page's field, when it holds a site the files belong to (else poppy.json says). */
export async function checkDroppedFiles(files: readonly DroppedFile[], typedOrigin: string | null): Promise<FilesCheck> {
  if (files.length === 0) return { ok: false, words: WORDS.none({}) };
  const { taken, leftOut } = takeDroppedFiles(files);
  const poppy = fileForSitePath(taken, sitePath(WELL_KNOWN.poppy));
  const read = poppy === null ? null : await readDroppedText(poppy, DEFAULT_LIMITS.poppyBytes);
  const declared = read === null || read.cut ? null : declaredOrigin(read.text);
  const origin = declared ?? typedOrigin;
  // Say what happened: no poppy.json at all, one past the file cap, one cut off by its byte cap
  // (our limit, not the site's error), or one that names no domain.
  if (origin === null) {
    if (poppy !== null && read?.cut)
      return { ok: false, words: WORDS.poppyTooLarge({ size: roughBytes(poppy.size), max: formatBytes(DEFAULT_LIMITS.poppyBytes) }) };
    if (poppy !== null) return { ok: false, words: WORDS.noOrigin({}) };
    if (fileForSitePath(leftOut, sitePath(WELL_KNOWN.poppy)) !== null)
      return { ok: false, words: WORDS.poppyLeftOut({ count: String(leftOut.length), max: String(DROPPED_FILES_MAX) }) };
    return { ok: false, words: WORDS.noPoppy({}) };
  }
  // Loose SKILL.md files get their names here, so each maps to its index entry.
  const named = await nameDroppedFiles(taken, origin);
  const transport = siteFilesTransport(origin, droppedSiteFiles(named), { otherHosts: null });
  const served = (url: string) => {
    const path = sitePathOf(url, origin);
    return path === null ? null : fileForSitePath(named, path);
  };
  // A file not given is "not provided", not the site's 404 (CheckDeps.provides).
  const result = await checkSite(origin, {
    transport,
    trustChain: false,
    mayContact: () => false,
    provides: (url) => served(url) !== null,
  });
  const urls = servedUrls(result, served);
  const raw = await Promise.all(
    named
      .filter((f) => isText(f.path))
      .slice(0, RAW_SHOWN)
      .map(async (f) => ({ path: f.path, urls: urls.get(f) ?? [], ...(await readDroppedText(f, DEFAULT_LIMITS.skillMdBytes)) })),
  );
  return {
    ok: true,
    origin,
    result,
    raw,
    ignored: leftOut.length,
    leftOut: leftOut.slice(0, LEFT_OUT_SHOWN).map((f) => f.path),
    files: named,
  };
}

/** Which file served each URL the report names (its documents, skills and findings). */
function servedUrls(result: CheckResult, served: (url: string) => DroppedFile | null): Map<DroppedFile, string[]> {
  const { report } = result;
  const named = new Set<string>();
  for (const doc of report.documents) for (const url of [doc.requestedUrl, doc.url]) if (url !== null) named.add(url);
  for (const skill of report.skills) if (skill.url !== null) named.add(skill.url);
  for (const f of report.findings) if (f.document !== null) named.add(f.document);
  const byFile = new Map<DroppedFile, string[]>();
  for (const url of named) {
    const file = served(url);
    if (file !== null) byFile.set(file, [...(byFile.get(file) ?? []), url]);
  }
  return byFile;
}

/** A verified skill's Markdown from the dropped file that served it (the bytes its digest matched);
 *  `files` are a check's own (`FilesCheck.files`), already named. */
export async function droppedSkillText(
  files: readonly DroppedFile[],
  origin: string,
  skill: SkillReport,
): Promise<VerifiedMarkdown | null> {
  const path = skill.url === null ? null : sitePathOf(skill.url, origin);
  const file = path === null ? null : fileForSitePath(files, path);
  if (file === null || skill.url === null) return null;
  const { text, cut } = await readDroppedText(file, DEFAULT_LIMITS.skillMdBytes);
  const markdown = cut ? null : skillMdBody(new TextEncoder().encode(text));
  return markdown === null ? null : { markdown, base: skill.url };
}
