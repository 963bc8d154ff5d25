/** Length in code points, as the specification and skills-ref (Python `len`) count: 1024 emoji fit. */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

const COPY_ENCODER = new TextEncoder();
const COPY_DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A copy of `s` that shares no storage with the string it was cut from. Engines keep a whole
 * string alive while any slice of it lives, so a frontmatter value sliced from a 1 MiB SKILL.md
 * would pin the whole file in the report: memory would grow with the number of skills.
 */
export function detached(s: string): string {
  // Encoding and decoding build a new string in two native passes, about twice as fast as a
  // JSON round trip. `s` came from a fatal UTF-8 decode (no lone surrogates), so the bytes
  // round-trip exactly; ignoreBOM keeps a leading U+FEFF.
  return COPY_DECODER.decode(COPY_ENCODER.encode(s));
}
