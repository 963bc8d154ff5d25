// What a built extension page or script makes the browser load, and how big that is gzipped.
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  /** Path inside the build directory, without a leading slash. */
  path: string;
  raw: number;
  gzip: number;
}

export interface BundleSize {
  files: FileSize[];
  raw: number;
  gzip: number;
}

/**
 * Text a library's build always carries, to tell whether it is in a bundle: identifiers are
 * minified, these strings are not.
 */
export const FRAMEWORK_MARKERS: Readonly<Record<string, string>> = {
  preact: 'http://www.w3.org/2000/svg',
  zod: '$ZodType',
  'webextension-polyfill': 'This script should only be loaded in a browser extension',
};

// Vite writes root-relative URLs into the HTML and relative ones between chunks.
const HTML_REFS = /<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+\.(?:js|css))"/g;
const STATIC_IMPORTS = /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`](\.{1,2}\/[^"'`]+\.m?js)["'`]/g;

/** A page's static closure: what its HTML loads (scripts, modulepreloads, styles) and what they import. */
export function pageClosure(dir: string, html: string): string[] {
  const text = readFileSync(posix.join(dir, html), 'utf8');
  // The page itself counts too: the popup's stylesheet is inlined into it.
  return [
    html,
    ...scriptClosure(
      dir,
      [...text.matchAll(HTML_REFS)].map((m) => posix.normalize(m[1]!.replace(/^\//, ''))),
    ),
  ];
}

/** The given files and every module they import statically (dynamic `import()` loads later, on demand). */
export function scriptClosure(dir: string, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    if (!/\.m?js$/.test(path)) return;
    for (const m of readFileSync(posix.join(dir, path), 'utf8').matchAll(STATIC_IMPORTS)) visit(posix.join(posix.dirname(path), m[1]!));
  };
  entries.forEach(visit);
  return [...seen];
}

/** Each file gzipped on its own (as served from the package), then summed. */
export function bundleSize(dir: string, files: readonly string[]): BundleSize {
  const sized = files.map((path) => {
    const bytes = readFileSync(posix.join(dir, path));
    return { path, raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
  });
  return { files: sized, raw: sized.reduce((n, f) => n + f.raw, 0), gzip: sized.reduce((n, f) => n + f.gzip, 0) };
}

/** Names of the FRAMEWORK_MARKERS libraries found in any of the files. */
export function frameworksIn(dir: string, files: readonly string[]): string[] {
  const text = files.map((path) => readFileSync(posix.join(dir, path), 'utf8')).join('\n');
  return Object.entries(FRAMEWORK_MARKERS)
    .filter(([, marker]) => text.includes(marker))
    .map(([name]) => name);
}
