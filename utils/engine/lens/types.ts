/** One place in a skill's text, as it is written (hidden characters spelled out) and as an agent reads it. */
export interface LensPassage {
  /** 1-based line of the SKILL.md, or of `file`. */
  line: number;
  /** Another file of a verified archive, by its path there (absent: the SKILL.md). */
  file?: string;
  /** The line as written, hidden characters spelled out (`⟨U+200B⟩`), clipped. */
  text: string;
  /** What it says once decoded: hidden characters dropped, lookalikes folded, base64 or tag characters read. */
  decoded?: string;
}
