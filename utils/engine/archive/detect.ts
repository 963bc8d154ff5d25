// The format is told by the bytes. The Content-Type and the URL's extension are hints: owners get
// a warning when either disagrees with the bytes or uses a non-standard name (Agent Skills
// discovery §8: application/gzip and application/zip; `.tar.gz`/`.tgz` and `.zip`).

import { MEDIA_TYPES } from '../spec';
import { ARCHIVE_CODES } from './codes';
import type { ProblemSink } from './problems';

export type ArchiveFormat = 'tar.gz' | 'zip' | 'unknown';

const MEDIA_TYPE: Readonly<Record<Exclude<ArchiveFormat, 'unknown'>, string>> = { 'tar.gz': MEDIA_TYPES.tarGz[0], zip: MEDIA_TYPES.zip[0] };

/** Media types and the format they claim; `nonstandard` ones still get a warning. */
const CONTENT_TYPES: Readonly<Record<string, { claims?: ArchiveFormat; nonstandard?: true }>> = {
  'application/gzip': { claims: 'tar.gz' },
  'application/zip': { claims: 'zip' },
  'application/x-gzip': { claims: 'tar.gz', nonstandard: true },
  'application/x-gtar': { claims: 'tar.gz', nonstandard: true },
  'application/x-tgz': { claims: 'tar.gz', nonstandard: true },
  'application/x-zip-compressed': { claims: 'zip', nonstandard: true },
  'application/x-zip': { claims: 'zip', nonstandard: true },
  'application/x-tar': { nonstandard: true },
  'application/octet-stream': { nonstandard: true },
};

export function formatOfBytes(bytes: Uint8Array): ArchiveFormat | 'tar' {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'tar.gz';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))) return 'zip';
  if (String.fromCharCode(...bytes.subarray(257, 262)) === 'ustar') return 'tar';
  return 'unknown';
}

function formatOfUrl(url: string | undefined): { extension: string; format: ArchiveFormat } | undefined {
  if (url === undefined) return undefined;
  const path = url.split(/[?#]/, 1)[0]!.toLowerCase();
  for (const [extension, format] of [
    ['.tar.gz', 'tar.gz'],
    ['.tgz', 'tar.gz'],
    ['.zip', 'zip'],
  ] as const) {
    if (path.endsWith(extension)) return { extension, format };
  }
  return undefined;
}

/** Reports how the header and the URL compare with `format` (the bytes' verdict). A
 * `contentType` of null was absent; undefined is unknown (bytes not from a response): not judged. */
export function checkHints(
  format: Exclude<ArchiveFormat, 'unknown'>,
  url: string | undefined,
  contentType: string | null | undefined,
  sink: ProblemSink,
): void {
  const essence = contentType?.split(';', 1)[0]!.trim().toLowerCase() ?? '';
  const known = CONTENT_TYPES[essence];
  if (contentType === undefined) {
    // Nothing to compare with but the URL.
  } else if (essence === '') {
    sink.add(
      'archive-content-type-missing',
      [],
      undefined,
      ARCHIVE_CODES['archive-content-type-missing'].fixes.send({ mediaType: MEDIA_TYPE[format] }),
    );
  } else if (known?.claims !== undefined && known.claims !== format) sink.add('archive-content-type-disagrees', [essence, format]);
  else if (known === undefined) sink.add('archive-content-type-disagrees', [essence, format]);
  else if (known.nonstandard) sink.add('archive-content-type-nonstandard', [essence, MEDIA_TYPE[format]]);
  const fromUrl = formatOfUrl(url);
  if (fromUrl && fromUrl.format !== format) sink.add('archive-extension-disagrees', [fromUrl.extension, format]);
  if (!fromUrl && known?.claims === undefined && url !== undefined) sink.add('archive-format-unnamed', [format]);
}

export function hexPrefix(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
}
