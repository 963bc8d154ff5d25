/**
 * The files `index` reads, through the same access as `check <dir>` (cli/dir-files.ts): only
 * regular files inside the directory once links resolve, each under the cap the check applies to
 * its kind. A pull request is untrusted input: a SKILL.md that is a link to /dev/zero, a FIFO or a
 * sparse 1 GiB file is refused or cut off, never read whole.
 */
import type { SiteFiles } from '../../utils/engine/net/site-files';
import { DEFAULT_LIMITS, SKILL_TYPES, WELL_KNOWN } from '../../utils/engine/spec';
import { directoryFiles } from '../dir-files';
import { CLI_LIMITS } from '../network-options';

export type FileRead = { kind: 'ok'; bytes: Uint8Array } | { kind: 'missing' } | { kind: 'too-large'; max: number };

export interface IndexFiles {
  /** The file at a site path (`.well-known/poppy.json`, no leading slash), at most `max` bytes. */
  read(path: string, max: number): Promise<FileRead>;
}

export async function indexFiles(dir: string): Promise<IndexFiles> {
  const files: SiteFiles = await directoryFiles(dir);
  return {
    async read(path, max) {
      const file = await files.open(path);
      if (file === null) return { kind: 'missing' };
      if (file.size !== null && file.size > max) {
        await file.body.cancel().catch(() => {});
        return { kind: 'too-large', max };
      }
      const bytes = await readUpTo(file.body, max);
      return bytes === null ? { kind: 'too-large', max } : { kind: 'ok', bytes };
    },
  };
}

/** What `SiteFile.body` offers, whether a web stream or the directory's own reader. */
interface Body {
  getReader(): { read(): Promise<ReadableStreamReadResult<Uint8Array>>; cancel(): Promise<void> };
}

/** The body's bytes, or null as soon as it passes `max` (a file may grow after its size was read). */
async function readUpTo(body: Body, max: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The command line's check's cap for a document the `index` command reads (D5): an index `check` reads, `index` reads too. */
export function documentCap(sitePath: string): number {
  return sitePath === WELL_KNOWN.poppy ? CLI_LIMITS.poppyBytes : CLI_LIMITS.indexBytes;
}

/** The check's cap for an artifact: an archive's, else a SKILL.md's (D5). */
export function artifactCap(type: string | null): number {
  return type === SKILL_TYPES[1] ? DEFAULT_LIMITS.archiveBytes : DEFAULT_LIMITS.skillMdBytes;
}
