import { SKILL_TITLE_MAX, SKILL_TITLE_SCAN } from '../spec';

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_H1 = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/**
 * A skill's human title: the first ATX `# ` heading of its SKILL.md body ("Change a flower
 * delivery"), outside code fences. Bounded: only the first lines and characters are read, and the
 * title is cut to SKILL_TITLE_MAX characters. Plain site text; the panel reveals it like any other.
 */
export function skillMdTitle(body: string | null): string | null {
  if (body === null) return null;
  const lines = body.slice(0, SKILL_TITLE_SCAN.chars).split(/\r\n|\r|\n/, SKILL_TITLE_SCAN.lines);
  let fence: string | null = null;
  for (const line of lines) {
    const opened = FENCE.exec(line)?.[1];
    if (fence !== null) {
      // A fence closes with at least as many of the same marks (CommonMark).
      if (opened !== undefined && opened[0] === fence[0] && opened.length >= fence.length && line.trim() === opened) fence = null;
      continue;
    }
    if (opened !== undefined) {
      fence = opened;
      continue;
    }
    const heading = ATX_H1.exec(line)?.[1]?.trim();
    if (heading !== undefined && heading !== '') return [...heading].slice(0, SKILL_TITLE_MAX).join('');
  }
  return null;
}
