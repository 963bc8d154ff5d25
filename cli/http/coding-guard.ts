/**
 * Content codings the command line accepts: the ones it asks for, decoded through node:zlib. A
 * brotli decoder allocates the window the stream declares (up to 16 MiB) before the first byte
 * comes out, whatever our cap: six such streams at once once cost 116 MiB, so we never ask for
 * it and refuse it. gzip and deflate decode through a 32 KiB window, and the decoder only runs
 * as fast as the engine reads (which stops at the cap), so a gzip bomb costs no more than the cap
 * we read to (bench/compression-bombs.ts prints the figures).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Transform } from 'node:stream';
import { constants, createGunzip, createInflate, createInflateRaw, type ZlibOptions } from 'node:zlib';

/** What we send as Accept-Encoding, and so what we decode. */
export const ACCEPT_ENCODING = 'gzip, deflate';
const DECODED = new Set(['gzip', 'x-gzip', 'deflate', 'identity']);

// As lenient as browsers and curl with a stream cut short after its last whole block.
const LENIENT: ZlibOptions = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };

/** The codings a response names, in order, lower case. */
export function codingsOf(headers: IncomingHttpHeaders): string[] {
  const raw = headers['content-encoding'];
  return [raw ?? []]
    .flat()
    .join(',')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '');
}

/** The one coding we decode for these codings, 'identity' for none, or why the body is refused. */
export type CodingVerdict = { ok: true; coding: 'gzip' | 'deflate' | 'identity' } | { ok: false; why: string };

export function judgeCodings(codings: readonly string[]): CodingVerdict {
  // One coding we asked for, at most: a stack of them multiplies the work.
  if (codings.length > 1 || !codings.every((c) => DECODED.has(c)))
    return { ok: false, why: `the server sent Content-Encoding ${codings.join(', ')}, which was not asked for` };
  const coding = codings[0];
  if (coding === 'gzip' || coding === 'x-gzip') return { ok: true, coding: 'gzip' };
  return { ok: true, coding: coding === 'deflate' ? 'deflate' : 'identity' };
}

/**
 * A decoder for the coding, or null when the bytes come as they are. `deflate` means a zlib
 * stream (RFC 9110), but servers also send raw deflate, which browsers accept: the first byte
 * tells them apart (a zlib header's low nibble is 8, the deflate method).
 */
export function decoderFor(coding: 'gzip' | 'deflate' | 'identity', firstByte: number | null): Transform | null {
  if (coding === 'gzip') return createGunzip(LENIENT);
  if (coding === 'deflate') return firstByte === null || (firstByte & 0x0f) === 0x08 ? createInflate(LENIENT) : createInflateRaw(LENIENT);
  return null;
}
