/**
 * Length in code points, as the specification and skills-ref (Python `len`) count: 1024 emoji
 * fit. A surrogate pair is one code point, a lone surrogate one too (as `for…of` counts them);
 * a loop over char codes, because every SKILL.md's name and description is counted (docs/benchmarks.md).
 */
export function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}
