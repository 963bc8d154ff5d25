import markdownIt from 'markdown-it';
import type { MarkdownIt, Token } from 'markdown-it';
import { safeLinkTarget } from '../net/safe-link';
import type { SafeNode } from './types';
import { revealHidden } from '../text/reveal';
import { SAFE_TREE_LIMITS, type SafeTreeLimits } from '../spec';

export { SAFE_TREE_LIMITS, type SafeTreeLimits };

/**
 * SKILL.md text → the allowlisted tree of ./types.ts (docs/architecture.md, "SKILL.md preview").
 * Raw HTML stays visible as literal text, images become their alt text, and only links our URL
 * policy allows for the checked site (net/safe-link.ts) survive as links.
 *
 * Why markdown-it and not micromark: micromark 4 (mdast-util-from-markdown 2.1) is quadratic on
 * some inputs. Its EditMap rebuilds the whole event list on every edit, and edits happen once per
 * setext heading (`a\n=\n` ×25 000 took 37–49 s in the extension) and once per closed list item
 * or container (`- a`, `> - > - >` lines); a lazy continuation line (`> a\nb`) rescans the open
 * paragraph's events. markdown-it is linear on those shapes and on every 1–3 character pattern
 * over Markdown's punctuation we tried (`npm run bench` prints the growth), and 10–20× faster on
 * ordinary documents, so bounding the input is enough: a length cap, a node cap, and a nesting
 * cap that markdown-it enforces itself.
 */

/** Why a tree is incomplete; the panel says so and may offer the plain text. */
export type TreeCut = 'size' | 'nodes' | 'depth';

export interface SafeTree {
  nodes: SafeNode[];
  /** The first bound that cut content, or null when the tree is the whole document. */
  cut: TreeCut | null;
}

/** Tokens nest about twice as deep as the tree (a list and its item); past this markdown-it stops. */
const NESTING_PER_DEPTH = 2;

const parsers = new Map<number, MarkdownIt>();

function parserFor(maxNesting: number): MarkdownIt {
  let md = parsers.get(maxNesting);
  if (md === undefined) {
    // CommonMark only (no tables, no linkify, no typographer): what the SKILL.md spec assumes.
    md = new markdownIt('commonmark', { html: true, maxNesting });
    // Every link reaches our own URL policy: markdown-it's would drop `javascript:` links to raw
    // text, and its normalisers would percent-encode the target we show or turn a punycode host
    // into Unicode (a homograph) in autolink text.
    md.validateLink = () => true;
    md.normalizeLink = (url: string) => url;
    md.normalizeLinkText = (text: string) => text;
    parsers.set(maxNesting, md);
  }
  return md;
}

/**
 * `markdown` is a SKILL.md's body, from the one frontmatter split (skillMdBody in
 * skill-md/frontmatter.ts), so the preview never shows YAML that the checks read as frontmatter.
 * `base` resolves relative links (the SKILL.md's own URL); null keeps them text (an archive's
 * SKILL.md: its relative links name files in the archive). `site` is the checked site's origin.
 */
export function markdownToSafeTree(
  markdown: string,
  base: string | null,
  site: string,
  limits: SafeTreeLimits = SAFE_TREE_LIMITS,
): SafeTree {
  let source = markdown;
  let cut: TreeCut | null = null;
  if (source.length > limits.maxChars) {
    cut = 'size';
    source = source.slice(0, limits.maxChars);
    // Cut at a line end when there is one, so the last line is not half a construct.
    if (source.includes('\n')) source = source.slice(0, source.lastIndexOf('\n'));
  }
  const maxNesting = (limits.maxDepth + 1) * NESTING_PER_DEPTH;
  const md = parserFor(maxNesting);
  const mapped = tokensToSafeTree(md.parse(source, {}), base, site, limits, md.utils.unescapeAll);
  const nodes = mapped.nodes;
  // A cut by size is at the end; cuts by depth or node count placed their own marker.
  if (cut === 'size' && nodes.at(-1)?.kind !== 'truncated') nodes.push({ kind: 'truncated' });
  return { nodes, cut: cut ?? mapped.cut };
}

/** A cursor over one token list (the block tokens, or one inline token's children). */
interface Cursor {
  tokens: Token[];
  at: number;
}

function tokensToSafeTree(
  tokens: Token[],
  base: string | null,
  site: string,
  limits: SafeTreeLimits,
  unescape: (s: string) => string,
): SafeTree {
  let nodes = 0;
  let cut: TreeCut | null = null;
  const deepestToken = (limits.maxDepth + 1) * NESTING_PER_DEPTH;

  /** Advances past the rest of a container we do not render. */
  const skip = (from: Cursor, token: Token) => {
    for (let level = token.nesting === 1 ? 1 : 0; level > 0 && from.at < from.tokens.length;) level += from.tokens[from.at++]!.nesting;
  };

  /** Counts a node against the budget; past it (or too deep) the token's content is skipped. */
  const admit = (from: Cursor, token: Token, depth: number): 'yes' | 'no' | 'too-deep' => {
    if (cut === 'nodes' || nodes >= limits.maxNodes) {
      cut ??= 'nodes';
      skip(from, token);
      return 'no';
    }
    // An inline token is only the wrapper of a paragraph's or heading's content.
    if (token.type !== 'inline') nodes++;
    if (depth >= limits.maxDepth && token.type !== 'inline') {
      skip(from, token);
      cut ??= 'depth';
      return 'too-deep';
    }
    // markdown-it drops what lies past its nesting cap; a container that deep says so.
    if (token.nesting === 1 && token.level + 1 >= deepestToken) cut ??= 'depth';
    return 'yes';
  };

  /** Maps tokens until the close of the container the cursor is in (or the end of the list). */
  const children = (from: Cursor, depth: number): SafeNode[] => {
    const out: SafeNode[] = [];
    while (from.at < from.tokens.length) {
      const token = from.tokens[from.at++]!;
      if (token.nesting === -1) break;
      const admitted = admit(from, token, depth);
      if (admitted === 'yes') out.push(...node(from, token, depth));
      else if (admitted === 'too-deep') out.push({ kind: 'truncated' });
    }
    return mergeText(out);
  };

  /** A list's items, each the blocks inside one `list_item_open` … `list_item_close`. */
  const items = (from: Cursor, depth: number): SafeNode[][] => {
    const out: SafeNode[][] = [];
    while (from.at < from.tokens.length) {
      const token = from.tokens[from.at++]!;
      if (token.nesting === -1) break;
      const admitted = admit(from, token, depth);
      if (admitted === 'yes') out.push(token.type === 'list_item_open' ? children(from, depth) : node(from, token, depth));
      else if (admitted === 'too-deep') out.push([{ kind: 'truncated' }]);
    }
    return out;
  };

  const node = (from: Cursor, token: Token, depth: number): SafeNode[] => {
    const inner = () => children(from, depth + 1);
    switch (token.type) {
      case 'heading_open':
        return [{ kind: 'heading', depth: Number(token.tag.slice(1)), children: children(from, depth) }];
      case 'paragraph_open':
        return [{ kind: 'paragraph', children: children(from, depth) }];
      case 'inline':
        // The content of the paragraph or heading being read, at that block's depth + 1.
        return children({ tokens: token.children ?? [], at: 0 }, depth + 1);
      case 'blockquote_open':
        return [{ kind: 'blockquote', children: inner() }];
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        return [{ kind: 'list', ordered, start: ordered ? Number(token.attrGet('start') ?? 1) : null, items: items(from, depth + 1) }];
      }
      case 'code_block':
        return [{ kind: 'code', lang: null, text: withoutFinalNewline(token.content) }];
      case 'fence': {
        const lang = unescape(token.info).trim().split(/\s+/)[0] ?? '';
        return [{ kind: 'code', lang: lang === '' ? null : lang, text: withoutFinalNewline(token.content) }];
      }
      case 'html_block':
      case 'html_inline':
        // Literal text, so `<script>` is visible as what it is and never becomes an element.
        return [{ kind: 'text', text: withoutFinalNewline(token.content) }];
      case 'hr':
        return [{ kind: 'rule' }];
      case 'text':
      case 'text_special':
        return [{ kind: 'text', text: token.content }];
      case 'softbreak':
        return [{ kind: 'text', text: '\n' }];
      case 'hardbreak':
        return [{ kind: 'break' }];
      case 'code_inline':
        return [{ kind: 'inline-code', text: token.content }];
      case 'em_open':
        return [{ kind: 'emphasis', children: inner() }];
      case 'strong_open':
        return [{ kind: 'strong', children: inner() }];
      case 'link_open':
        return link(String(token.attrGet('href') ?? ''), inner(), base, site);
      case 'image':
        return [{ kind: 'text', text: `[${plainText(token.children ?? []) || 'image'}]` }];
      default:
        // A token type outside the allowlist keeps only its text.
        if (token.nesting === 1) return inner();
        return token.content ? [{ kind: 'text', text: token.content }] : [];
    }
  };

  const tree = children({ tokens, at: 0 }, 1);
  if (cut === 'nodes') tree.push({ kind: 'truncated' });
  return { nodes: tree, cut };
}

/** A link the URL policy allows stays a link; anything else is its text plus the target. */
function link(url: string, children: SafeNode[], base: string | null, site: string): SafeNode[] {
  const href = safeLinkTarget(resolve(url, base), site);
  if (href !== null) return [{ kind: 'link', href, children }];
  return mergeText([...children, { kind: 'text', text: ` (${revealHidden(url)})` }]);
}

/** Absolute as written, else against `base`; unresolvable (or no base) stays as written (and is refused). */
function resolve(url: string, base: string | null): string {
  if (URL.canParse(url)) return url;
  return base !== null && URL.canParse(url, base) ? new URL(url, base).href : url;
}

/** Adjacent text nodes as one, empty ones dropped (markdown-it splits text at breaks and entities). */
function mergeText(nodes: SafeNode[]): SafeNode[] {
  const out: SafeNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'text' && node.text === '') continue;
    const last = out.at(-1);
    if (node.kind === 'text' && last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + node.text };
    else out.push(node);
  }
  return out;
}

function plainText(tokens: Token[]): string {
  return tokens.map((t) => (t.type === 'image' ? plainText(t.children ?? []) : t.type === 'softbreak' ? '\n' : t.content)).join('');
}

function withoutFinalNewline(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}
