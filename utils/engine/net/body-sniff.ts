/**
 * What a response body is, judged from its first bytes (the body is never decoded for this):
 * the JSON readers tell a document from a soft-404 or a login page by it (Decision D8), and a
 * digest mismatch is explained by it. One sniffer, so both agree on what "an HTML page" is.
 */
export type BodyKind =
  /** Nothing, or only whitespace and a byte order mark. */
  | 'empty'
  /** Starts with `{` or `[`: someone meant JSON (it may still not parse). */
  | 'json'
  /** A UTF-16 byte order mark: meant as text in the wrong encoding. */
  | 'utf16'
  | 'html'
  /** Another `<` document: XML, an RSS feed, an error page in XML. */
  | 'markup'
  /** Control bytes that no text file holds: an image, an archive. */
  | 'binary'
  | 'text';

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const HTML_STARTS = ['<!doctype html', '<html', '<head', '<body'];
/** Enough bytes to tell binary from text without walking a large body. */
const PROBE = 512;

const isSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);
/** C0 controls other than whitespace and ESC (terminal text may carry escapes). */
const isBinaryByte = (b: number) => b <= 0x08 || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f);

/** `contentType` is a media-type essence (see `mediaTypeEssence`), or null. */
export function sniffBody(bytes: Uint8Array, contentType: string | null): BodyKind {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'utf16';
  let i = UTF8_BOM.every((b, k) => bytes[k] === b) ? UTF8_BOM.length : 0;
  while (i < bytes.length && isSpace(bytes[i]!)) i++;
  if (i === bytes.length) return 'empty';
  const first = bytes[i];
  if (first === 0x7b || first === 0x5b) return 'json';
  if (first === 0x3c) {
    const start = String.fromCharCode(...bytes.subarray(i, i + 16)).toLowerCase();
    return HTML_STARTS.some((s) => start.startsWith(s)) || contentType === 'text/html' ? 'html' : 'markup';
  }
  const end = Math.min(bytes.length, i + PROBE);
  for (let k = i; k < end; k++) if (isBinaryByte(bytes[k]!)) return 'binary';
  return 'text';
}
