// Little-endian readers for zip (and gzip trailer) fields. Callers check lengths first.

export const u16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
export const u32 = (b: Uint8Array, at: number): number => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
/** 64-bit values beyond 2^53 become Infinity: no offset or size in a 10 MiB archive is that large. */
export const u64 = (b: Uint8Array, at: number): number => {
  const value = u32(b, at) + u32(b, at + 4) * 2 ** 32;
  return value > Number.MAX_SAFE_INTEGER ? Infinity : value;
};

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
