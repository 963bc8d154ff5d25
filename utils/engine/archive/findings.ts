import { finding, type Finding } from '../report/findings';
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

/** A lister problem as a finding about the archive at `archiveUrl`, under the index entry `skill`. */
export function problemFinding(problem: ArchiveProblem, archiveUrl: string, skill: string): Finding {
  const says = ARCHIVE_CODES[problem.code].says;
  const values = Object.fromEntries(says.sentence.names.map((name, i) => [name, valueOf(name, problem.params[i] ?? '')]));
  const said = (says as (values: Record<string, Param>) => ReturnType<typeof says>)(values);
  return finding(said, { document: archiveUrl, skill, ...(problem.hint ? { hint: problem.hint } : {}) });
}
