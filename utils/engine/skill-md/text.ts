/** Length in code points, as the specification and skills-ref (Python `len`) count: 1024 emoji fit. */
export function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * A copy of `s` that shares no storage with the string it was cut from. Engines keep a whole
 * string alive while any slice of it lives, so a frontmatter value sliced from a 1 MiB SKILL.md
 * would pin the whole file in the report: memory would grow with the number of skills.
 */
export function detached(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}
