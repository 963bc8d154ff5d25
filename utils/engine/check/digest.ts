import { sniffBody } from '../net/body-sniff';
import type { MismatchCause } from '../report/report';
import { DIGEST_PATTERN, DIGEST_PREFIX } from '../spec';

/** Byte → two lower-case hex digits; every skill is hashed, so the table pays for itself. */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/**
 * SHA-256 of the exact bytes, as lower-case hex. WebCrypto only: the same code runs in the
 * extension, in Node and in tests, and never sees decoded text (a decoder would drop a BOM).
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', ownBuffer(bytes)));
  let hex = '';
  for (let i = 0; i < hash.length; i++) hex += HEX[hash[i]!];
  return hex;
}

export function formatDigest(hex: string): string {
  return DIGEST_PREFIX + hex;
}

/** The hex part of a well-formed `sha256:` digest, or null when the digest is malformed. */
export function digestHex(digest: string): string | null {
  return DIGEST_PATTERN.test(digest) ? digest.slice(DIGEST_PREFIX.length) : null;
}

const CR = 0x0d;
const LF = 0x0a;
const BOM = Uint8Array.of(0xef, 0xbb, 0xbf);
const GZIP_TYPES: readonly string[] = ['application/gzip', 'application/x-gzip', 'application/x-tgz'];

/**
 * Why served bytes may differ from the published digest. Each byte-level transformation is tried
 * on its own; a cause is returned only when the transformed bytes hash to `expectedHex`. The
 * verdict stays `mismatch`: this explains, it never excuses. `served.contentType` is the media-type
 * essence the fetcher reports (`FetchSuccess.contentType`), or null.
 */
export async function explainMismatch(
  bytes: Uint8Array,
  expectedHex: string,
  served: { contentEncoding: string | null; contentType: string | null; url: string },
): Promise<MismatchCause[]> {
  const expected = expectedHex.toLowerCase();
  const causes: MismatchCause[] = [];
  for (const [cause, candidates] of transformations(bytes)) {
    for (const candidate of candidates) {
      if ((await sha256Hex(candidate)) === expected) {
        causes.push(cause);
        break;
      }
    }
  }
  if (contentCoded(served)) causes.push('content-encoding');
  if (sniffBody(bytes, served.contentType) === 'html') causes.push('html-body');
  return causes;
}

/** Candidate "published" byte strings per cause; a cause that cannot apply has none. */
function transformations(bytes: Uint8Array): [MismatchCause, Uint8Array[]][] {
  const hasCrlf = indexOfCrlf(bytes) >= 0;
  const endsWithLf = bytes.length > 0 && bytes[bytes.length - 1] === LF;
  const endsWithCrlf = endsWithLf && bytes.length > 1 && bytes[bytes.length - 2] === CR;
  const startsWithBom = BOM.every((b, i) => bytes[i] === b);
  const added = [concat(bytes, Uint8Array.of(LF))];
  // A CRLF file was most likely published with a CRLF final line end.
  if (hasCrlf) added.push(concat(bytes, Uint8Array.of(CR, LF)));
  return [
    ['crlf-to-lf', hasCrlf ? [crlfToLf(bytes)] : []],
    ['lf-to-crlf', hasLoneLf(bytes) ? [lfToCrlf(bytes)] : []],
    ['bom-removed', startsWithBom ? [bytes.subarray(BOM.length)] : []],
    ['bom-added', startsWithBom ? [] : [concat(BOM, bytes)]],
    ['final-newline-added', added],
    ['final-newline-removed', endsWithLf ? [bytes.subarray(0, bytes.length - (endsWithCrlf ? 2 : 1))] : []],
  ];
}

function crlfToLf(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === CR && bytes[i + 1] === LF) continue;
    out[n++] = bytes[i]!;
  }
  return out.subarray(0, n);
}

/** Every LF not already preceded by CR becomes CRLF. */
function lfToCrlf(bytes: Uint8Array): Uint8Array {
  let lone = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === LF && bytes[i - 1] !== CR) lone++;
  const out = new Uint8Array(bytes.length + lone);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === LF && bytes[i - 1] !== CR) out[n++] = CR;
    out[n++] = bytes[i]!;
  }
  return out;
}

function hasLoneLf(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === LF && bytes[i - 1] !== CR) return true;
  return false;
}

function indexOfCrlf(bytes: Uint8Array): number {
  for (let i = 0; i + 1 < bytes.length; i++) if (bytes[i] === CR && bytes[i + 1] === LF) return i;
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** fetch undoes Content-Encoding, so a .tar.gz labelled `gzip` reaches us as a bare tar. */
function contentCoded(served: { contentEncoding: string | null; contentType: string | null; url: string }): boolean {
  const codings = (served.contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((c) => c.trim());
  if (!codings.some((c) => c === 'gzip' || c === 'x-gzip')) return false;
  return /\.(gz|tgz)$/i.test(urlPath(served.url)) || (served.contentType !== null && GZIP_TYPES.includes(served.contentType));
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split(/[?#]/, 1)[0] ?? '';
  }
}

/** WebCrypto takes only ArrayBuffer-backed views; copy the rare shared-memory one. */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}
