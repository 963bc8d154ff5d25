/**
 * Files laid out like a site's root, checked as if they were served (issue: check before you
 * deploy): a Transport the engine takes like the network one. URLs on the site's origin map to
 * paths in the files; other hosts go to the network transport given, or fail as unreachable.
 * The command line reads a directory with node:fs; the extension's full-page report can hand in
 * dropped or pasted files. Platform-free: the caller opens the files.
 */
import { MEDIA_TYPES } from '../spec';
import type { Transport, TransportResponse } from './fetch-types';
import { honoursStop, takesStop } from './request-stop';

/**
 * One file, opened: its bytes read a chunk at a time (the engine's caps cut it off), and its
 * size if known. A web `ReadableStream` is one (dropped files); the command line's files answer
 * with a lighter reader of their own (cli/dir-files.ts), since web streams, `Response` and
 * `Headers` cost Node more than reading the file.
 */
export interface SiteFile {
  body: NonNullable<TransportResponse['body']>;
  size: number | null;
}

/** The files of a site's root. `path` is relative and `/`-separated (`.well-known/poppy.json`). */
export interface SiteFiles {
  /** The file at `path`, or null when there is none (a folder is none). */
  open(path: string): Promise<SiteFile | null>;
}

/**
 * The file path a URL names on `origin`, or null when it is on another origin or names no file
 * (a folder, an empty or dot segment, a separator or NUL hidden in percent-encoding). The query
 * and fragment are ignored, as a static file server does.
 */
export function sitePathOf(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  const segments: string[] = [];
  for (const raw of parsed.pathname.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments.length > 0 ? segments.join('/') : null;
}

/** What a static server would label the file with, by its name. */
export function mediaTypeOfPath(path: string): string {
  const name = path.toLowerCase();
  if (name.endsWith('.json')) return MEDIA_TYPES.json[0];
  if (name.endsWith('.md')) return MEDIA_TYPES.skillMd[0];
  if (name.endsWith('.tar.gz') || name.endsWith('.tgz')) return MEDIA_TYPES.tarGz[0];
  if (name.endsWith('.zip')) return MEDIA_TYPES.zip[0];
  return 'application/octet-stream';
}

/**
 * Headers of a correct deployment: files have none, so their check is about their content. The
 * deployed site's own headers (CORS, Cache-Control, content types) are what a check of its URL
 * reports; the command line says so beside every check of files.
 */
class FileHeaders {
  readonly #fields: Record<string, string>;

  constructor(path: string, size: number | null) {
    this.#fields = { 'content-type': mediaTypeOfPath(path), 'access-control-allow-origin': '*', 'cache-control': 'no-cache' };
    if (size !== null) this.#fields['content-length'] = String(size);
  }

  get(name: string): string | null {
    return Object.hasOwn(this.#fields, name.toLowerCase()) ? this.#fields[name.toLowerCase()]! : null;
  }
}

/** The answer for a file (`TransportResponse`, as the Node transport's): never redirected. */
function fileAnswer(status: number, headers: FileHeaders | null, body: SiteFile['body'] | null): TransportResponse {
  return { status, url: '', redirected: false, headers: headers ?? NO_HEADERS, body };
}

const NO_HEADERS = { get: () => null };

export interface SiteFilesTransportOptions {
  /** Where requests for other origins go; null: they fail as unreachable ("--same-origin-only"). */
  otherHosts: Transport | null;
}

export function siteFilesTransport(origin: string, files: SiteFiles, options: SiteFilesTransportOptions): Transport {
  const { otherHosts } = options;
  const transport: Transport = {
    // The files never redirect; the network transport decides for the rest.
    manualRedirects: otherHosts?.manualRedirects ?? true,
    async fetch(url, init, stop) {
      // sitePathOf is null for another origin as well: it parses the URL once for both.
      const path = sitePathOf(url, origin);
      if (path === null && URL.canParse(url) && new URL(url).origin !== origin) {
        if (otherHosts) return otherHosts.fetch(url, init, stop);
        throw new TypeError(`${new URL(url).origin} is not contacted while checking files`);
      }
      init.signal?.throwIfAborted();
      if (stop && stop.reason !== null) throw stop.reason;
      const file = path === null ? null : await files.open(path);
      if (path === null || file === null) return fileAnswer(404, null, null);
      return fileAnswer(200, new FileHeaders(path, file.size), file.body);
    },
  };
  // Without a network transport that takes the stop, requests get a signal (request-stop.ts);
  // with one (the command line's), none: an AbortController per file is the dearest part of it.
  return otherHosts === null || takesStop(otherHosts) ? honoursStop(transport) : transport;
}
