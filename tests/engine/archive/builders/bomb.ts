// Decompression bombs made in milliseconds: deflate one MiB of zeros after a sync flush, and the
// resulting ~1 KiB block decodes to another MiB of zeros wherever the window already holds
// zeros, so repeating it N times is a valid stream for N MiB. A 10 MiB file inflates to ~10 GiB.

import { Deflate } from 'fflate';
import { concat, tarHeader } from './tar';

const MiB = 1024 * 1024;

/** Raw deflate of `prefix` then `zerosMiB` MiB of zeros, about 1 KiB per MiB. */
export function deflateZeros(zerosMiB: number, prefix: Uint8Array = new Uint8Array(0)): Uint8Array {
  let pending: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => pending.push(chunk));
  const cut = () => {
    const out = concat(pending);
    pending = [];
    return out;
  };
  deflate.push(concat([prefix, new Uint8Array(MiB)]));
  deflate.flush(true);
  const first = cut();
  deflate.push(new Uint8Array(MiB));
  deflate.flush(true);
  const repeat = cut();
  deflate.push(new Uint8Array(0), true);
  const last = cut();
  const parts = [first];
  for (let i = 1; i < zerosMiB; i++) parts.push(repeat);
  parts.push(last);
  return concat(parts);
}

/** A gzip member around raw deflate data; the trailer's CRC is not computed (never reached). */
export function gzipMember(deflated: Uint8Array): Uint8Array {
  return concat([new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]), deflated, new Uint8Array(8)]);
}

/** A .tar.gz of about `packedMiB` MiB (~1000x zeros): one tar entry of `declaredBytes`, whose
 * data and then end-of-archive zero blocks go on for GiBs. */
export function tarGzBomb(packedMiB: number, declaredBytes = 19 * MiB): Uint8Array {
  const header = tarHeader({ name: 'zeros.bin', size: declaredBytes });
  return gzipMember(deflateZeros(Math.round(packedMiB * 1000), header));
}
