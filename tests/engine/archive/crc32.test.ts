import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Crc32, crc32 } from '../../../utils/engine/archive/crc32';

describe('crc32', () => {
  it.each([0, 1, 3, 4, 5, 8, 1000, 4099])('matches zlib for %i bytes, whole or in uneven chunks', (n) => {
    const bytes = new Uint8Array(n).map((_, i) => (i * 31 + 7) & 255);
    expect(crc32(bytes)).toBe(zlib.crc32(bytes));
    const running = new Crc32();
    for (let at = 0; at < n; at += 7) running.update(bytes.subarray(at, at + 7));
    expect(running.value()).toBe(zlib.crc32(bytes));
  });
});
