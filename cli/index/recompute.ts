/**
 * `index <dir>`: every entry published in poppy.json's `skill_index` and in
 * agent-skills/index.json, judged against the files its URL names: its digest recomputed, and
 * what a repair can do mechanically (`$schema`, `sha256` → `digest`, a missing `type`) told apart
 * from what needs the owner (a name that breaks the rule, a SKILL.md without usable frontmatter).
 * Files are read as `check <dir>` reads them (site-access.ts).
 */
import { formatDigest, sha256Hex } from '../../utils/engine/check/digest';
import { inPool } from '../../utils/engine/check/pool';
import { sitePathOf } from '../../utils/engine/net/site-files';
import { nameProblem } from '../../utils/engine/skill-index/fields';
import { looksInterim } from '../../utils/engine/skill-index/formats';
import type { Problem } from '../../utils/engine/skill-index/types';
import { checkSchemaUri } from '../../utils/engine/skill-index/schema-uri';
import { checkSkillMd } from '../../utils/engine/skill-md';
import { DEFAULT_LIMITS, DIGEST_PREFIX, POPPY, SKILL_ENTRY, SKILL_INDEX, SKILL_TYPES, WELL_KNOWN } from '../../utils/engine/spec';
import { isObject, own } from '../../utils/engine/json/values';
import type { Finding } from '../../utils/engine/report/findings';
import { positionAt, type Position } from '../../utils/engine/report/locate';
import { readIndexText, type DigestEntry, type IndexObject } from './digest-entries';
import { artifactCap, documentCap, type IndexFiles } from './site-access';

/** The two documents that publish digests, and where their entries are. */
export const DIGEST_DOCUMENTS = [
  { sitePath: WELL_KNOWN.poppy, skillsPath: [POPPY.skillIndex, SKILL_INDEX.skills] },
  { sitePath: WELL_KNOWN.skillIndex, skillsPath: [SKILL_INDEX.skills] },
] as const;

export type EntryState =
  /** The published digest is the file's. */
  | 'current'
  /** The file's digest is another (or the entry has none): `--write` sets it. */
  | 'stale'
  /** The URL names nothing that is a regular file inside the directory. */
  | 'no-file'
  /** The file is past the cap `check` applies to its kind: not hashed. */
  | 'too-large'
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
  /** The `type` a repair adds (the entry has none and its URL names a SKILL.md or an archive). */
  addType: 'skill-md' | 'archive' | null;
  /** The entry has no `type` and its URL says nothing of one: the owner picks it. */
  typeUnknown: boolean;
  /** A hash in `sha256` (no `digest`): whether it already is the file's, when the file was read. */
  sha256Matches: boolean | null;
  /** Why `name` breaks the naming rule, with the name to use when there is one. */
  nameProblem: Problem | null;
  /** Errors the SKILL.md itself has (no frontmatter, YAML that does not parse…): the owner's edit. */
  skillMd: Finding[];
}

export type SchemaState = 'known' | 'set' | 'interim' | 'v0.1';

export interface DocumentResult {
  /** `.well-known/poppy.json` */
  file: string;
  text: string;
  index: IndexObject;
  /**
   * `known`: a discovery `$schema`; `set`: a repair sets it (missing or unknown, entries shaped
   * as v0.2.0); `interim`: the unreleased draft (hand migration); `v0.1`: no `$schema` and no
   * v0.2.0 entry field (read as the old format).
   */
  schema: SchemaState;
  /** The `$schema` value as written, when it is not the known one. */
  schemaValue: unknown;
  entries: EntryResult[];
}

export type DocumentProblem = { file: string; problem: 'not-utf8' } | { file: string; problem: 'too-large'; max: number };

/** Each digest-publishing document in `dir` with an entry list, and those that could not be read. */
export async function recomputeDigests(
  files: IndexFiles,
  origin: string,
): Promise<{ documents: DocumentResult[]; problems: DocumentProblem[] }> {
  const documents: DocumentResult[] = [];
  const problems: DocumentProblem[] = [];
  for (const { sitePath, skillsPath } of DIGEST_DOCUMENTS) {
    const file = sitePath.slice(1);
    const read = await files.read(file, documentCap(sitePath));
    if (read.kind === 'missing') continue;
    if (read.kind === 'too-large') {
      problems.push({ file, problem: 'too-large', max: read.max });
      continue;
    }
    let text: string;
    try {
      // Fatal: a file rewritten from replacement characters would not be the owner's file.
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(read.bytes);
    } catch {
      problems.push({ file, problem: 'not-utf8' });
      continue;
    }
    const parsed = readIndexText(text, skillsPath);
    if (parsed === null) continue;
    const base = origin + sitePath;
    // As many files open at once as the check fetches (D5): at most that many bodies are alive.
    const entries = await inPool(parsed.entries.length, DEFAULT_LIMITS.concurrency, (i) =>
      judge(files, origin, base, text, parsed.entries[i]!),
    );
    const schemaValue = isObject(parsed.index.value) ? own(parsed.index.value, SKILL_INDEX.schema) : undefined;
    documents.push({
      file,
      text,
      index: parsed.index,
      schema: schemaState(parsed.index.value, schemaValue, parsed.entries),
      schemaValue,
      entries,
    });
  }
  return { documents, problems };
}

/** Markers of a v0.2.0 entry (D8), the misnamed digest field included. */
const V020_MARKERS = [SKILL_ENTRY.type, SKILL_ENTRY.url, SKILL_ENTRY.digest, 'sha256'];

function schemaState(top: unknown, value: unknown, entries: readonly DigestEntry[]): SchemaState {
  if (checkSchemaUri(value).kind === 'known') return 'known';
  const raw = entries.map((e) => e.value);
  if (value === undefined && isObject(top) && looksInterim(top, raw)) return 'interim';
  const v020 = entries.some((e) => e.sha256 !== null) || raw.some((e) => isObject(e) && V020_MARKERS.some((k) => own(e, k) !== undefined));
  return v020 || value !== undefined ? 'set' : 'v0.1';
}

/** What the URL's file name says the entry is: a SKILL.md, an archive, or nothing. */
export function typeFromUrl(url: string): 'skill-md' | 'archive' | null {
  const path = new URL(url).pathname.toLowerCase();
  if (path.endsWith('/skill.md')) return SKILL_TYPES[0];
  if (/\.(zip|tar\.gz|tgz)$/.test(path)) return SKILL_TYPES[1];
  return null;
}

async function judge(files: IndexFiles, origin: string, base: string, text: string, entry: DigestEntry): Promise<EntryResult> {
  const problem = nameProblem(isObject(entry.value) ? own(entry.value, SKILL_ENTRY.name) : undefined);
  const result: EntryResult = {
    entry,
    position: positionAt(text, entry.offset),
    state: 'unusable',
    url: null,
    file: null,
    computed: null,
    addType: null,
    typeUnknown: !entry.hasType,
    sha256Matches: null,
    nameProblem: problem,
    skillMd: [],
  };
  const digestWritable = entry.digestSpan !== null || entry.sha256 !== null || (!entry.hasDigest && entry.insertAt !== null);
  if (entry.url === null || !URL.canParse(entry.url, base)) return result;
  result.url = new URL(entry.url, base).href;
  if (!entry.hasType) {
    result.addType = typeFromUrl(result.url);
    result.typeUnknown = result.addType === null;
  }
  if (!digestWritable) return result;
  if (new URL(result.url).origin !== origin) return { ...result, state: 'other-host' };
  result.file = sitePathOf(result.url, origin);
  if (result.file === null) return result;
  const type = entry.type ?? result.addType;
  const read = await files.read(result.file, artifactCap(type));
  if (read.kind === 'missing') return { ...result, state: 'no-file' };
  if (read.kind === 'too-large') return { ...result, state: 'too-large' };
  result.computed = formatDigest(await sha256Hex(read.bytes));
  if (entry.sha256?.value != null) result.sha256Matches = sameHash(entry.sha256.value, result.computed);
  if (type === SKILL_TYPES[0]) {
    const check = checkSkillMd(read.bytes, { document: result.url, indexName: entry.name, indexDescription: null });
    result.skillMd = check.findings.filter((f) => f.severity === 'error');
  }
  return { ...result, state: result.computed === entry.digest ? 'current' : 'stale' };
}

/** A hash as publishers write it in `sha256` (bare hex, or with the prefix, any case) against ours. */
function sameHash(written: string, computed: string): boolean {
  return asDigest(written) === computed;
}

/** That hash as a `digest` value, or null when it is not SHA-256 hex. */
export function asDigest(written: string): string | null {
  const hex = written.trim().toLowerCase();
  const digest = hex.startsWith(DIGEST_PREFIX) ? hex : DIGEST_PREFIX + hex;
  return /^sha256:[0-9a-f]{64}$/.test(digest) ? digest : null;
}
