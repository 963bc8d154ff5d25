import { applyEdits, type Edit } from 'jsonc-parser';
import { parseArgs } from 'node:util';
import { formatBytes } from '../utils/engine/net/fetch-bounded';
import { SCHEMA } from '../utils/engine/skill-index/codes';
import { SKILL_ENTRY, WELL_KNOWN } from '../utils/engine/spec';
import { counted, english } from './english';
import { addMembers, renameSha256, replaceDigest, setSchema } from './index/digest-entries';
import { newFileDiff, unifiedDiff } from './index/diff';
import { initIndex } from './index/init';
import { asDigest, recomputeDigests, type DocumentResult, type EntryResult } from './index/recompute';
import { documentCap, indexFiles, type IndexFiles } from './index/site-access';
import { replaceFile, WriteFailed } from './index/write-file';
import { usageError, type Io } from './io';
import { isDirectory, originForDirectory } from './site-dir';
import { safeText } from './style';
import { INDEX_HELP } from './usage';

/** Stands in for the site's origin when none is known: only relative URLs can name files then. */
const UNKNOWN_ORIGIN = 'https://origin.invalid';
const INDEX_FILE = WELL_KNOWN.skillIndex.slice(1);
const LEGACY_FILE = WELL_KNOWN.legacySkillIndex.slice(1);

/**
 * `poppy-inspector index <dir>`: recomputes every published digest from the files and names
 * every wrong shape of the index; `--write` repairs what is mechanical (the `$schema`, `sha256`
 * fields to `digest`, a `type` the URL gives, missing or stale digests, a v0.2.0 index for a
 * legacy-only site) and changes no other byte; `--dry-run` prints that as a diff. Exit 1 while
 * something is left to repair or needs the owner's edit, so it can gate a deploy; 2 when nothing
 * could be read or written.
 */
export async function indexCommand(args: string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        write: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        init: { type: 'boolean', default: false },
        origin: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    return usageError(io, (e as Error).message, INDEX_HELP);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${INDEX_HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) return usageError(io, 'index needs exactly one directory.', INDEX_HELP);
  if (values.write && values['dry-run']) return usageError(io, '--write and --dry-run do not go together.', INDEX_HELP);
  const dir = positionals[0]!;
  if (!(await isDirectory(dir))) return usageError(io, `${dir} is not a directory.`, INDEX_HELP);
  const choice = await originForDirectory(dir, values.origin);
  if (!choice.ok && values.origin !== undefined) return usageError(io, choice.message, INDEX_HELP);
  const origin = choice.ok ? choice.origin : UNKNOWN_ORIGIN;
  const mode: Mode = values.write ? 'write' : values['dry-run'] ? 'dry-run' : 'check';

  const files = await indexFiles(dir);
  const { documents, problems } = await recomputeDigests(files, origin);
  for (const p of problems)
    io.stderr.write(
      `${p.file}: ${p.problem === 'not-utf8' ? 'not UTF-8' : `larger than ${formatBytes(p.max)}, the cap check reads`}; left alone.\n`,
    );
  try {
    if (documents.length === 0) {
      if (values.init || (mode !== 'check' && (await hasLegacy(files)))) return await writeInit(dir, files, io, mode);
      if (await hasLegacy(files)) return legacyOnly(io);
      return noIndex(io, problems.length > 0);
    }
    if (values.init) io.stderr.write('An index exists: --init writes one only where there is none.\n');
    return await repair(dir, documents, io, mode, origin === UNKNOWN_ORIGIN);
  } catch (e) {
    if (!(e instanceof WriteFailed)) throw e;
    io.stderr.write(`poppy-inspector: ${e.message} The original is unchanged.\n`);
    return 2;
  }
}

type Mode = 'check' | 'write' | 'dry-run';

interface Plan {
  doc: DocumentResult;
  edits: Edit[];
}

async function repair(dir: string, documents: readonly DocumentResult[], io: Io, mode: Mode, originUnknown: boolean): Promise<number> {
  const out: string[] = [];
  const manual: string[] = [];
  const plans: Plan[] = [];
  let stale = 0;
  let schemaSets = 0;
  let typeAdds = 0;
  let sha256 = 0;
  let sha256Match = 0;
  let sha256Compared = 0;
  let renamedKept = 0;
  const hashFields = new Set<string>();
  for (const doc of documents) {
    const edits: Edit[] = [];
    if (doc.schema === 'set') {
      edits.push(setSchema(doc.index, SCHEMA));
      schemaSets++;
      out.push(
        doc.schemaValue === undefined
          ? `${doc.file}  no \`$schema\`: agents read the index as the old v0.1 format and find no skill to verify.`
          : `${doc.file}  \`$schema\` ${safeText(JSON.stringify(doc.schemaValue))} is not the discovery schema: agents skip this index.`,
        `    set it to ${SCHEMA}`,
      );
    } else if (doc.schema === 'interim') {
      manual.push(
        `${doc.file}  the interim "0.2.0" draft format (top-level \`version\` "0.2.0" or \`files\` objects): agents skip this index.`,
        `    rewrite each entry as name, description, type, url and digest; or delete the file and run index --init`,
      );
    } else if (doc.schema === 'v0.1') {
      manual.push(
        `${doc.file}  no \`$schema\` and no url, type or digest in any entry: agents read it as the old v0.1 format and verify nothing.`,
        `    delete it and run index --init to write one from your SKILL.md files`,
      );
    }
    for (const r of doc.entries) {
      const lines = describe(doc, r, originUnknown);
      out.push(...lines.repair);
      manual.push(...lines.manual);
      if (r.state === 'stale') stale++;
      if (r.entry.sha256 !== null) {
        sha256++;
        hashFields.add(r.entry.sha256.field);
      }
      if (r.sha256Matches) sha256Match++;
      if (r.sha256Matches !== null) sha256Compared++;
      if (keptHash(r) !== null) renamedKept++;
      if (r.addType) typeAdds++;
      edits.push(...entryEdits(r));
    }
    if (edits.length > 0) plans.push({ doc, edits });
  }
  const total = documents.reduce((n, d) => n + d.entries.length, 0);
  const changedFiles = plans.length;
  if (mode === 'write') for (const p of plans) await replaceFile(dir, p.doc.file, applyEdits(p.doc.text, p.edits));
  if (mode === 'dry-run') for (const p of plans) io.stdout.write(unifiedDiff(p.doc.file, p.doc.text, p.edits));

  const summary: string[] = [];
  if (sha256 > 0)
    summary.push(
      `${sha256} entr${sha256 === 1 ? 'y carries its hash' : 'ies carry their hash'} in ${[...hashFields].map((f) => `\`${safeText(f)}\``).join(' or ')}, which agents ignore${sha256Compared > 0 ? `: ${sha256Match} of the ${sha256Compared} whose files are here already match them` : ''}.`,
    );
  const current = documents.reduce((n, d) => n + d.entries.filter((r) => r.state === 'current').length, 0);
  const otherRepairs = schemaSets + typeAdds + renamedKept;
  if (stale === 0 && otherRepairs === 0)
    summary.push(
      current === total
        ? `All ${counted(total, 'digest')} match their files.`
        : `${current} of ${counted(total, 'digest')} match their files.`,
    );
  else if (mode === 'write') {
    if (stale > 0) summary.push(`Updated ${counted(stale, 'digest')} in ${counted(changedFiles, 'file')}.`);
    if (schemaSets > 0) summary.push(`Set \`$schema\` in ${counted(schemaSets, 'file')}.`);
    if (typeAdds > 0) summary.push(`Added \`type\` to ${typeAdds} entr${typeAdds === 1 ? 'y' : 'ies'}.`);
    if (renamedKept > 0) summary.push(`Renamed ${renamedKept} hash(es) of files on other hosts to \`digest\`.`);
  } else {
    if (stale > 0)
      summary.push(
        `${stale} of ${counted(total, 'digest')} ${stale === 1 ? 'is' : 'are'} stale; run with --write to update ${stale === 1 ? 'it' : 'them'}.`,
      );
    if (schemaSets > 0) summary.push(`\`$schema\` to set in ${counted(schemaSets, 'file')}; run with --write to set it.`);
    if (typeAdds > 0) summary.push(`\`type\` to add to ${typeAdds} entr${typeAdds === 1 ? 'y' : 'ies'}; run with --write to add it.`);
    if (renamedKept > 0)
      summary.push(`${renamedKept} hash(es) of files on other hosts to rename to \`digest\`; run with --write to rename them.`);
  }
  const needs = manual.filter((l) => !l.startsWith(' ')).length;
  if (needs > 0) summary.push(`${needs} ${needs === 1 ? 'problem needs' : 'problems need'} your edit (index cannot make it):`, ...manual);
  const report = [...out, ...summary, ''].join('\n');
  // A diff goes to stdout alone, so it can be piped to `patch`; the words go to stderr then.
  (mode === 'dry-run' ? io.stderr : io.stdout).write(report);
  return needs > 0 || ((stale > 0 || otherRepairs > 0) && mode !== 'write') ? 1 : 0;
}

/** The edits one entry takes: its digest (replaced, renamed from `sha256`, or added) and a missing `type`. */
function entryEdits(r: EntryResult): Edit[] {
  const edits: Edit[] = [];
  const added: [string, string][] = [];
  if (r.addType) added.push([SKILL_ENTRY.type, r.addType]);
  if (r.state === 'stale') {
    const digest = r.computed!;
    if (r.entry.digestSpan) edits.push(replaceDigest(r.entry, digest)!);
    else if (r.entry.sha256) edits.push(...renameSha256(r.entry, digest));
    else added.push([SKILL_ENTRY.digest, digest]);
  }
  const kept = keptHash(r);
  if (kept !== null) edits.push(...renameSha256(r.entry, kept));
  const add = addMembers(r.entry, added);
  if (add) edits.push(add);
  return edits;
}

/**
 * A misnamed hash whose file is on another host: renamed to `digest` with the publisher's own
 * hash, prefixed (nothing here to recompute it from; a check of the site verifies it).
 */
function keptHash(r: EntryResult): string | null {
  return r.state === 'other-host' && r.entry.sha256?.value != null ? asDigest(r.entry.sha256.value) : null;
}

function describe(doc: DocumentResult, r: EntryResult, originUnknown: boolean): { repair: string[]; manual: string[] } {
  const where = `${doc.file}:${r.position.line}:${r.position.column}`;
  const name = safeText(r.entry.name ?? `#${String(r.entry.path.at(-1))}`);
  const repair: string[] = [];
  const manual: string[] = [];
  if (r.addType)
    repair.push(
      `${where}  ${name}: no \`type\`: agents skip this entry`,
      `    add "type": "${r.addType}" (its url names ${r.addType === 'archive' ? 'an archive' : 'a SKILL.md'})`,
    );
  else if (r.typeUnknown)
    manual.push(
      `${where}  ${name}: no \`type\`: agents skip this entry`,
      `    add "type": "skill-md" for a SKILL.md or "type": "archive" for a .zip or .tar.gz`,
    );
  switch (r.state) {
    case 'stale':
      if (r.entry.sha256)
        repair.push(
          `${where}  ${name}: hash in \`${safeText(r.entry.sha256.field)}\`, not \`digest\`: agents skip this entry`,
          `    rename \`${safeText(r.entry.sha256.field)}\` to \`digest\` and prefix \`sha256:\`; ${r.sha256Matches ? 'the hash already matches the file' : `the file's is ${r.computed}`}`,
        );
      else
        repair.push(
          `${where}  ${name}: ${r.entry.digest === null ? 'no digest: agents skip this entry' : 'stale digest: agents refuse the file'}`,
          ...(r.entry.digest === null ? [] : [`    published ${safeText(r.entry.digest)}`]),
          `    file      ${r.computed}  (${safeText(r.file!)})`,
        );
      break;
    case 'no-file':
      manual.push(`${where}  ${name}: ${safeText(r.file!)} is not a regular file in the directory`);
      break;
    case 'too-large':
      manual.push(`${where}  ${name}: ${safeText(r.file!)} is larger than check reads; not hashed`);
      break;
    case 'other-host': {
      const hint = originUnknown ? ' (pass --origin if this is the site itself)' : '';
      if (keptHash(r) !== null)
        repair.push(
          `${where}  ${name}: hash in \`${safeText(r.entry.sha256!.field)}\`, not \`digest\`: agents skip this entry`,
          `    rename it to \`digest\` and prefix \`sha256:\`, keeping the published hash: the file is on ${new URL(r.url!).origin}${hint}`,
        );
      else repair.push(`${where}  ${name}: on ${new URL(r.url!).origin}, not in the directory; skipped${hint}`);
      break;
    }
    case 'unusable':
      manual.push(`${where}  ${name}: no usable url, or a digest that is not a string; fix it by hand`);
      break;
  }
  if (r.nameProblem) {
    const hint = r.nameProblem.hint ? ` ${english(r.nameProblem.hint)}` : '';
    manual.push(
      `${where}  ${name}: ${english(r.nameProblem.said.message)}`,
      `   ${hint} Rename it here, in its SKILL.md frontmatter and its folder.`,
    );
  }
  const said = new Set<string>();
  for (const f of r.skillMd) {
    const line = `${safeText(r.file!)}  ${english(f.message)}`;
    if (!said.has(line)) manual.push(line, `    ${english(f.hint)}`);
    said.add(line);
  }
  return { repair, manual };
}

async function hasLegacy(files: IndexFiles): Promise<boolean> {
  return (await files.read(LEGACY_FILE, documentCap(WELL_KNOWN.legacySkillIndex))).kind !== 'missing';
}

function legacyOnly(io: Io): number {
  io.stdout.write(
    `Only the legacy ${LEGACY_FILE} (v0.1, no digests): agents that verify skills find nothing to verify.\n` +
      `Run with --write to write ${INDEX_FILE} from your SKILL.md files; the legacy file stays as it is.\n`,
  );
  return 1;
}

async function writeInit(dir: string, files: IndexFiles, io: Io, mode: Mode): Promise<number> {
  const { index, notes } = await initIndex(dir, files);
  if (index.skills.length === 0) {
    io.stderr.write(`No ${WELL_KNOWN.skillIndex.replace(/index\.json$/, '')}<folder>/SKILL.md in ${dir}: nothing to index.\n`);
    return 1;
  }
  const text = `${JSON.stringify(index, null, 2)}\n`;
  for (const note of notes) io.stderr.write(`${safeText(note.text)}\n`);
  if (mode === 'dry-run') {
    io.stdout.write(newFileDiff(INDEX_FILE, text));
    return 1;
  }
  await replaceFile(dir, INDEX_FILE, text, true);
  io.stdout.write(`Wrote ${INDEX_FILE} with ${counted(index.skills.length, 'skill')}.\n`);
  return notes.some((n) => n.needs) ? 1 : 0;
}

function noIndex(io: Io, unreadable: boolean): number {
  if (!unreadable)
    io.stderr.write(`No skill index here (${WELL_KNOWN.poppy} skill_index or ${WELL_KNOWN.skillIndex}); --init writes one.\n`);
  return 2;
}
