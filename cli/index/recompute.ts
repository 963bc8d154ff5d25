/**
 * `index <dir>`: every digest published in poppy.json's `skill_index` and in
 * agent-skills/index.json, recomputed from the files the entries point at.
 */
import { readFile } from 'node:fs/promises';
import { formatDigest, sha256Hex } from '../../utils/engine/check/digest';
import { sitePathOf } from '../../utils/engine/net/site-files';
import { POPPY, WELL_KNOWN } from '../../utils/engine/spec';
import { positionAt, type Position } from '../locate';
import { fileOf } from '../site-dir';
import { digestEntries, type DigestEntry } from './digest-entries';

/** The two documents that publish digests, and where their entries are. */
export const DIGEST_DOCUMENTS = [
  { sitePath: WELL_KNOWN.poppy, skillsPath: [POPPY.skillIndex, 'skills'] },
  { sitePath: WELL_KNOWN.skillIndex, skillsPath: ['skills'] },
] as const;

export type EntryState =
  /** The published digest is the file's. */
  | 'current'
  /** The file's digest is another (or the entry has none): `--write` sets it. */
  | 'stale'
  /** The URL names a file that is not in the directory. */
  | 'no-file'
  /** On another origin: nothing here to compute it from. */
  | 'other-host'
  /** No `url`, one that does not resolve, or a `digest` that is not a string: fix by hand. */
  | 'unusable';

export interface EntryResult {
  entry: DigestEntry;
  position: Position;
  state: EntryState;
  /** The resolved URL, when there is one. */
  url: string | null;
  /** The file in the directory (`.well-known/agent-skills/x/SKILL.md`), when the URL names one. */
  file: string | null;
  /** The file's digest, when it was read. */
  computed: string | null;
}

export interface DocumentResult {
  /** `.well-known/poppy.json` */
  file: string;
  text: string;
  entries: EntryResult[];
}

/** Each digest-publishing document in `dir` with an entry list; null text means not UTF-8. */
export async function recomputeDigests(dir: string, origin: string): Promise<{ documents: DocumentResult[]; unreadable: string[] }> {
  const documents: DocumentResult[] = [];
  const unreadable: string[] = [];
  for (const { sitePath, skillsPath } of DIGEST_DOCUMENTS) {
    const bytes = await readFile(fileOf(dir, sitePath)).catch(() => null);
    if (bytes === null) continue;
    let text: string;
    try {
      // Fatal: a file rewritten from replacement characters would not be the owner's file.
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      unreadable.push(sitePath.slice(1));
      continue;
    }
    const entries = digestEntries(text, skillsPath);
    if (entries === null) continue;
    const base = origin + sitePath;
    const results = await Promise.all(entries.map((entry) => judge(dir, origin, base, text, entry)));
    documents.push({ file: sitePath.slice(1), text, entries: results });
  }
  return { documents, unreadable };
}

async function judge(dir: string, origin: string, base: string, text: string, entry: DigestEntry): Promise<EntryResult> {
  const result: EntryResult = { entry, position: positionAt(text, entry.offset), state: 'unusable', url: null, file: null, computed: null };
  if (entry.url === null || !URL.canParse(entry.url, base) || (entry.digestSpan === null && entry.insertAt === null)) return result;
  result.url = new URL(entry.url, base).href;
  if (new URL(result.url).origin !== origin) return { ...result, state: 'other-host' };
  result.file = sitePathOf(result.url, origin);
  if (result.file === null) return result;
  const bytes = await readFile(fileOf(dir, `/${result.file}`)).catch(() => null);
  if (bytes === null) return { ...result, state: 'no-file' };
  result.computed = formatDigest(await sha256Hex(new Uint8Array(bytes)));
  return { ...result, state: result.computed === entry.digest ? 'current' : 'stale' };
}
