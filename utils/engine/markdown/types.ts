/**
 * The allowlisted Markdown tree the panel renders (extension-security.md §9). It is plain JSON so
 * the background worker can parse a SKILL.md and send the result to the popup, which renders it
 * with Preact elements only and never needs a Markdown parser or HTML.
 */
export type SafeNode =
  /** Depth as written (1–6); the renderer places it below the panel's own headings. */
  | { kind: 'heading'; depth: number; children: SafeNode[] }
  | { kind: 'paragraph'; children: SafeNode[] }
  | { kind: 'list'; ordered: boolean; start: number | null; items: SafeNode[][] }
  | { kind: 'blockquote'; children: SafeNode[] }
  /** A code block; `lang` is shown as a label, never used to pick a highlighter. */
  | { kind: 'code'; lang: string | null; text: string }
  | { kind: 'rule' }
  | { kind: 'break' }
  | { kind: 'text'; text: string }
  | { kind: 'inline-code'; text: string }
  | { kind: 'emphasis' | 'strong'; children: SafeNode[] }
  /** An absolute URL that utils/engine/net/safe-link.ts allowed for the checked site; anything else became text. */
  | { kind: 'link'; href: string; children: SafeNode[] }
  /** Content was cut here because the document exceeds the tree's bounds. */
  | { kind: 'truncated' };
