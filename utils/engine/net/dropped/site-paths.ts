/**
 * Files a site owner dropped (or picked) to check before publishing, as the site's files
 * (../site-files.ts). Dropped files carry a name, and for a picked folder a relative path, but no
 * place on the site: a file serves a site path when its path is that path's tail, from whole
 * segments (`poppy.json` serves `.well-known/poppy.json`, `find-flowers/SKILL.md` serves
 * `.well-known/agent-skills/find-flowers/SKILL.md`); the longest tail wins, and a tie between two
 * files serves neither. Loose SKILL.md files are told apart by name (loose-skill-names.ts): each
 * answers for its aliases too. Platform-free: the page hands in `File`s, tests hand in bytes.
 */
import { DROPPED_FILES_MAX } from '../../spec';
import type { SiteFile, SiteFiles } from '../site-files';

/** One dropped file: its path as the browser gave it (`webkitRelativePath` or the name). */
export interface DroppedFile {
  path: string;
  /** Other site-path tails it answers for (a loose SKILL.md's `<name>/SKILL.md`, loose-skill-names.ts). */
  aliases?: readonly string[];
  size: number;
  /** A fresh stream of its bytes each call (`File.stream()`); the engine's caps stop reading. */
  stream(): ReadableStream<Uint8Array>;
}

/** The path's segments from `.well-known` on when it has one, else all (a picked site folder's name goes). */
function segmentsOf(path: string): string[] {
  const segments = path.split(/[\\/]/).filter((s) => s !== '' && s !== '.');
  const wellKnown = segments.indexOf('.well-known');
  return wellKnown > 0 ? segments.slice(wellKnown) : segments;
}

/** How many trailing segments of `file` end `wanted`, or 0 when `file` is not a tail of it. */
function tailLength(file: readonly string[], wanted: readonly string[]): number {
  if (file.length === 0 || file.length > wanted.length) return 0;
  const offset = wanted.length - file.length;
  return file.every((segment, i) => segment === wanted[offset + i]) ? file.length : 0;
}

/** The dropped file serving `sitePath`, or null when none does or two do equally. */
export function fileForSitePath<F extends { path: string; aliases?: readonly string[] }>(files: readonly F[], sitePath: string): F | null {
  const wanted = sitePath.split('/');
  let best: F | null = null;
  let bestLength = 0;
  let tie = false;
  for (const file of files) {
    const length = Math.max(...[file.path, ...(file.aliases ?? [])].map((path) => tailLength(segmentsOf(path), wanted)));
    if (length === 0 || length < bestLength) continue;
    if (length === bestLength) {
      tie = true;
      continue;
    }
    [best, bestLength, tie] = [file, length, false];
  }
  return tie ? null : best;
}

/**
 * Which files a check reads first: 0 for those under `.well-known/` and poppy.json or index.json
 * by name (a loose drop), 1 for what skills are made of (Markdown, archives), 2 for the rest.
 */
function readOrder(path: string): number {
  const segments = path.split(/[\\/]/).filter((s) => s !== '' && s !== '.');
  if (segments.includes('.well-known') || /^(poppy|index)\.json$/i.test(segments.at(-1) ?? '')) return 0;
  return /\.(md|zip|tar\.gz|tgz)$/i.test(path) ? 1 : 2;
}

/**
 * The files a check reads, at most DROPPED_FILES_MAX, in `readOrder` (a stable sort): a site
 * folder of 20,000 files still has its poppy.json read. `leftOut` are the files past the cap, for
 * the page to name.
 */
export function takeDroppedFiles<F extends { path: string }>(files: readonly F[]): { taken: F[]; leftOut: F[] } {
  if (files.length <= DROPPED_FILES_MAX) return { taken: [...files], leftOut: [] };
  const ordered = files
    .map((file) => ({ file, order: readOrder(file.path) }))
    .sort((a, b) => a.order - b.order)
    .map(({ file }) => file);
  return { taken: ordered.slice(0, DROPPED_FILES_MAX), leftOut: ordered.slice(DROPPED_FILES_MAX) };
}

/** The files `takeDroppedFiles` takes, as a site's files. */
export function droppedSiteFiles(files: readonly DroppedFile[]): SiteFiles {
  const { taken } = takeDroppedFiles(files);
  return {
    async open(path: string): Promise<SiteFile | null> {
      const file = fileForSitePath(taken, path);
      return file === null ? null : { body: file.stream(), size: file.size };
    },
  };
}

/** A dropped file's text, read up to `maxBytes` (UTF-8, lenient); `cut` when more was there. */
export async function readDroppedText(file: DroppedFile, maxBytes: number): Promise<{ text: string; cut: boolean }> {
  const reader = file.stream().getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let cut = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - total;
      if (value.byteLength > room) {
        chunks.push(value.subarray(0, room));
        total = maxBytes;
        cut = true;
        break;
      }
      chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(bytes), cut };
}
