/**
 * Files dropped on the full-page report, checked as the site they will be once published: the
 * same engine over the in-memory site-files transport (utils/engine/net/dropped-files.ts), no
 * network at all (other hosts are not contacted, the sign-in chain is left to the deployed
 * site, as for the command line's `check <dir>`). Runs in the page: nothing leaves it.
 */
import { checkSite, type CheckResult } from '../engine/check';
import { droppedSiteFiles, fileForSitePath, readDroppedText, type DroppedFile } from '../engine/net/dropped-files';
import { nameDroppedFiles } from '../engine/net/dropped-names';
import { siteFilesTransport, sitePathOf } from '../engine/net/site-files';
import type { SkillReport } from '../engine/report/report';
import { skillMdBody } from '../engine/skill-md';
import type { VerifiedMarkdown } from './verified-markdown';
import { declaredOrigin } from '../engine/poppy/declared-origin';
import { sentence, type Words } from '../engine/report/words';
import { DEFAULT_LIMITS, DROPPED_FILES_MAX, WELL_KNOWN } from '../engine/spec';

/** A dropped text file as the page shows it, with line numbers. */
export interface RawDocument {
  path: string;
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
      ignored: number;
      /** The files as checked (loose SKILL.md files named): what `droppedSkillText` reads from. */
      files: DroppedFile[];
    }
  | { ok: false; words: Words };

const WORDS = {
  none: sentence('reportFilesNone', []),
  noOrigin: sentence('reportFilesNoOrigin', []),
};

/** Text documents shown raw: JSON and SKILL.md, the first few dozen. */
const RAW_SHOWN = 40;
const isText = (path: string) => /\.(json|md)$/i.test(path);
const sitePath = (path: string) => path.replace(/^\//, '');

/** `typedOrigin`: the page's field, when it holds a site the files belong to (else poppy.json says). */
export async function checkDroppedFiles(files: readonly DroppedFile[], typedOrigin: string | null): Promise<FilesCheck> {
  if (files.length === 0) return { ok: false, words: WORDS.none({}) };
  const taken = files.slice(0, DROPPED_FILES_MAX);
  const poppy = fileForSitePath(taken, sitePath(WELL_KNOWN.poppy));
  const declared = poppy === null ? null : declaredOrigin((await readDroppedText(poppy, DEFAULT_LIMITS.poppyBytes)).text);
  const origin = declared ?? typedOrigin;
  if (origin === null) return { ok: false, words: WORDS.noOrigin({}) };
  // Loose SKILL.md files get their names here, so each maps to its index entry.
  const named = await nameDroppedFiles(taken, origin);
  const transport = siteFilesTransport(origin, droppedSiteFiles(named), { otherHosts: null });
  const result = await checkSite(origin, { transport, trustChain: false, mayContact: () => false });
  const raw = await Promise.all(
    named
      .filter((f) => isText(f.path))
      .slice(0, RAW_SHOWN)
      .map(async (f) => ({ path: f.path, ...(await readDroppedText(f, DEFAULT_LIMITS.skillMdBytes)) })),
  );
  return { ok: true, origin, result, raw, ignored: files.length - taken.length, files: named };
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
