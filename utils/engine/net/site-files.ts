/**
 * Files laid out like a site's root, checked as if they were served (issue: check before you
 * deploy): a Transport the engine takes like the network one. URLs on the site's origin map to
 * paths in the files; other hosts go to the network transport given, or fail as unreachable.
 * The command line reads a directory with node:fs; the extension's full-page report can hand in
 * dropped or pasted files. Platform-free: the caller opens the files.
 */
import { MEDIA_TYPES } from '../spec';
import type { Transport } from './fetch-types';

/** One file, opened: its bytes as a stream (the engine's caps cut it off), and its size if known. */
export interface SiteFile {
  body: ReadableStream<Uint8Array>;
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
function headersFor(path: string, size: number | null): Headers {
  const headers = new Headers({ 'content-type': mediaTypeOfPath(path), 'access-control-allow-origin': '*', 'cache-control': 'no-cache' });
  if (size !== null) headers.set('content-length', String(size));
  return headers;
}

export interface SiteFilesTransportOptions {
  /** Where requests for other origins go; null: they fail as unreachable ("--same-origin-only"). */
  otherHosts: Transport | null;
}

export function siteFilesTransport(origin: string, files: SiteFiles, options: SiteFilesTransportOptions): Transport {
  const { otherHosts } = options;
  return {
    // The files never redirect; the network transport decides for the rest.
    manualRedirects: otherHosts?.manualRedirects ?? true,
    async fetch(url, init) {
      if (new URL(url).origin !== origin) {
        if (otherHosts) return otherHosts.fetch(url, init);
        throw new TypeError(`${new URL(url).origin} is not contacted while checking files`);
      }
      init.signal?.throwIfAborted();
      const path = sitePathOf(url, origin);
      const file = path === null ? null : await files.open(path);
      if (path === null || file === null) return new Response(null, { status: 404, statusText: 'Not Found' });
      return new Response(file.body, { status: 200, headers: headersFor(path, file.size) });
    },
  };
}
