/** Length in code points, as the specification and skills-ref (Python `len`) count: 1024 emoji fit. */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
