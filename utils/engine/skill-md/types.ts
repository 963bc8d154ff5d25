import type { Finding } from '../report/findings';

export interface SkillMdContext {
  /** URL of the SKILL.md: every finding's `document`. */
  document: string;
  /** The index entry's name; the frontmatter `name` must equal it (D6). */
  indexName: string | null;
  /** The index entry's description; a different frontmatter description is a warning. */
  indexDescription: string | null;
}

export interface SkillMdCheck {
  /** Plain JSON-safe copy of the frontmatter, bounded; null when there is none that parses. */
  frontmatter: Record<string, unknown> | null;
  /** The Markdown after the frontmatter, as text only (never rendered or processed here). */
  body: string | null;
  /** The body's first `# ` heading, bounded (title.ts); null when it has none. */
  title: string | null;
  findings: Finding[];
}
