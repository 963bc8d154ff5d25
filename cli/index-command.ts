import { rename, writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { WELL_KNOWN } from '../utils/engine/spec';
import { applyDigestEdits } from './index/digest-entries';
import { initIndex } from './index/init';
import { recomputeDigests, type DocumentResult, type EntryResult } from './index/recompute';
import { usageError, type Io } from './io';
import { fileOf, isDirectory, originForDirectory } from './site-dir';
import { safeText } from './style';
import { INDEX_HELP } from './usage';

/** Stands in for the site's origin when none is known: only relative URLs can name files then. */
const UNKNOWN_ORIGIN = 'https://origin.invalid';

/**
 * `poppy-inspector index <dir>`: recomputes every published digest from the files, prints what
 * changed, and with `--write` rewrites only the digest values. Exit 1 when a digest is stale (and
 * not written) or cannot be computed, so it can gate a deploy.
 */
export async function indexCommand(args: string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        write: { type: 'boolean', default: false },
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
  const dir = positionals[0]!;
  if (!(await isDirectory(dir))) return usageError(io, `${dir} is not a directory.`, INDEX_HELP);
  const choice = await originForDirectory(dir, values.origin);
  if (!choice.ok && values.origin !== undefined) return usageError(io, choice.message, INDEX_HELP);
  const origin = choice.ok ? choice.origin : UNKNOWN_ORIGIN;

  const { documents, unreadable } = await recomputeDigests(dir, origin);
  for (const file of unreadable) io.stderr.write(`${file}: not UTF-8; left alone.\n`);
  if (documents.length === 0) return values.init ? writeInit(dir, io) : noIndex(io, unreadable.length > 0);
  if (values.init) io.stderr.write('An index exists: --init writes one only where there is none.\n');

  const out: string[] = [];
  let stale = 0;
  let broken = 0;
  for (const doc of documents) {
    for (const r of doc.entries) {
      if (r.state === 'current') continue;
      out.push(describe(doc, r, origin === UNKNOWN_ORIGIN));
      if (r.state === 'stale') stale++;
      if (r.state === 'no-file' || r.state === 'unusable') broken++;
    }
  }
  const total = documents.reduce((n, d) => n + d.entries.length, 0);
  if (values.write && stale > 0) await writeDigests(dir, documents);
  const changedFiles = documents.filter((d) => d.entries.some((r) => r.state === 'stale')).length;
  const summary =
    stale === 0
      ? `All ${total} digest(s) match their files.`
      : values.write
        ? `Updated ${stale} digest(s) in ${changedFiles} file(s).`
        : `${stale} of ${total} digest(s) are stale; run with --write to update them.`;
  io.stdout.write(
    [...out, summary, ...(broken > 0 ? [`${broken} entr${broken === 1 ? 'y needs' : 'ies need'} fixing by hand.`] : []), ''].join('\n'),
  );
  return broken > 0 || (stale > 0 && !values.write) ? 1 : 0;
}

function describe(doc: DocumentResult, r: EntryResult, originUnknown: boolean): string {
  const where = `${doc.file}:${r.position.line}:${r.position.column}`;
  const name = safeText(r.entry.name ?? `#${String(r.entry.path.at(-1))}`);
  switch (r.state) {
    case 'stale':
      return [
        `${where}  ${name}: ${r.entry.digest === null ? 'no digest' : 'stale digest'}`,
        ...(r.entry.digest === null ? [] : [`    published ${safeText(r.entry.digest)}`]),
        `    file      ${r.computed}  (${safeText(r.file!)})`,
      ].join('\n');
    case 'no-file':
      return `${where}  ${name}: ${safeText(r.file!)} is not in the directory`;
    case 'other-host': {
      const hint = originUnknown ? ' (pass --origin if this is the site itself)' : '';
      return `${where}  ${name}: on ${new URL(r.url!).origin}, not in the directory; skipped${hint}`;
    }
    default:
      return `${where}  ${name}: no usable url, or a digest that is not a string; fix it by hand`;
  }
}

async function writeDigests(dir: string, documents: readonly DocumentResult[]): Promise<void> {
  for (const doc of documents) {
    const edits = doc.entries.filter((r) => r.state === 'stale').map((r) => ({ entry: r.entry, digest: r.computed! }));
    if (edits.length > 0) await writeAtomically(fileOf(dir, `/${doc.file}`), applyDigestEdits(doc.text, edits));
  }
}

/** Written aside, then renamed: an interrupted run never leaves half an index. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const aside = `${file}.${process.pid}.tmp`;
  await writeFile(aside, text);
  await rename(aside, file);
}

async function writeInit(dir: string, io: Io): Promise<number> {
  const { index, notes } = await initIndex(dir);
  if (index.skills.length === 0) {
    io.stderr.write(`No ${WELL_KNOWN.skillIndex.replace(/index\.json$/, '')}<folder>/SKILL.md in ${dir}: nothing to index.\n`);
    return 1;
  }
  const file = fileOf(dir, WELL_KNOWN.skillIndex);
  await mkdir(dirname(file), { recursive: true });
  await writeAtomically(file, `${JSON.stringify(index, null, 2)}\n`);
  for (const note of notes) io.stderr.write(`${safeText(note)}\n`);
  io.stdout.write(`Wrote ${WELL_KNOWN.skillIndex.slice(1)} with ${index.skills.length} skill(s).\n`);
  return notes.some((n) => n.includes('needs')) ? 1 : 0;
}

function noIndex(io: Io, unreadable: boolean): number {
  if (!unreadable)
    io.stderr.write(`No skill index here (${WELL_KNOWN.poppy} skill_index or ${WELL_KNOWN.skillIndex}); --init writes one.\n`);
  return 2;
}
