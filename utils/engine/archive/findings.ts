import { finding, type Finding, type Said } from '../report/findings';
import { sentence, type Param, type Sentence } from '../report/words';
import { ARCHIVE_CODES } from './codes';
import type { EntryType } from './listing';
import type { ArchiveProblem } from './problems';

/** An entry's type in words, for the panel's listing and for findings that name one. */
export const ENTRY_TYPE_WORDS: Readonly<Record<EntryType, Sentence<readonly []>>> = {
  file: sentence('archive_entry_file', []),
  directory: sentence('archive_entry_directory', []),
  symlink: sentence('archive_entry_symlink', []),
  hardlink: sentence('archive_entry_hardlink', []),
  'char-device': sentence('archive_entry_char_device', []),
  'block-device': sentence('archive_entry_block_device', []),
  fifo: sentence('archive_entry_fifo', []),
  socket: sentence('archive_entry_socket', []),
};

/** Values named `kind` are entry types, said in the reader's words; the rest are shown as they are. */
function valueOf(name: string, raw: string): Param {
  return name === 'kind' && Object.hasOwn(ENTRY_TYPE_WORDS, raw) ? ENTRY_TYPE_WORDS[raw as EntryType]({}) : raw;
}

type Speaker = ((values: Record<string, Param>) => Said) & { sentence: { names: readonly string[] } };

/** The sentence a problem says: the code's own, or its `entry` or `archive` one (codes.ts). */
function speakerOf(problem: ArchiveProblem): { speaker: Speaker; params: readonly string[] } {
  const says = ARCHIVE_CODES[problem.code].says as Speaker | Record<'archive' | 'entry', Speaker>;
  if (typeof says === 'function') return { speaker: says, params: problem.params };
  if (problem.entry === undefined) return { speaker: says.archive, params: problem.params };
  return { speaker: says.entry, params: [problem.entry, ...problem.params] };
}

/** A lister problem as a finding about the archive at `archiveUrl`, under the index entry `skill`. */
export function problemFinding(problem: ArchiveProblem, archiveUrl: string, skill: string): Finding {
  const { speaker, params } = speakerOf(problem);
  const said = speaker(Object.fromEntries(speaker.sentence.names.map((name, i) => [name, valueOf(name, params[i] ?? '')])));
  return finding(said, { document: archiveUrl, skill, ...(problem.hint ? { hint: problem.hint } : {}) });
}
