import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Nodes, Root } from 'mdast';
import { safeLinkTarget } from '../net/safe-link';
import { defuseMarkdown, type DefuseLimits } from './defuse';
import type { SafeNode } from './types';
import { revealHidden } from '../text/reveal';

/**
 * SKILL.md text → the allowlisted tree of ./types.ts (extension-security.md §9). Runs in the
 * background worker; the popup only renders the result. Raw HTML stays visible as literal text,
 * images become their alt text, and only links our URL policy allows for the checked site
 * (utils/engine/net/safe-link.ts) survive as links.
 */
export interface SafeTreeLimits extends DefuseLimits {
  maxNodes: number;
  maxDepth: number;
}

export const SAFE_TREE_LIMITS: Readonly<SafeTreeLimits> = Object.freeze({
  maxChars: 100_000,
  maxContainerDepth: 12,
  maxIndent: 64,
  maxDelimitersPerBlock: 512,
  maxNodes: 5000,
  maxDepth: 12,
});

/**
 * `markdown` is a SKILL.md's body, from the one frontmatter split (skillMdBody in
 * skill-md/frontmatter.ts), so the preview never shows YAML that the checks read as frontmatter.
 * `base` resolves relative links (the SKILL.md's own URL); `site` is the checked site's origin.
 */
export function markdownToSafeTree(markdown: string, base: string, site: string, limits: SafeTreeLimits = SAFE_TREE_LIMITS): SafeNode[] {
  const defused = defuseMarkdown(markdown, limits);
  const tree = mdastToSafeTree(fromMarkdown(defused.text), base, site, limits);
  if (defused.truncated && tree.at(-1)?.kind !== 'truncated') tree.push({ kind: 'truncated' });
  return tree;
}

/** The parser runs without GFM: tables, strikethrough and footnotes reach us as plain text. */
function mdastToSafeTree(root: Root, base: string, site: string, limits: SafeTreeLimits = SAFE_TREE_LIMITS): SafeNode[] {
  const definitions = new Map<string, string>();
  collectDefinitions(root, definitions);
  const state = { nodes: 0, full: false };

  const mapAll = (nodes: readonly Nodes[], depth: number): SafeNode[] => {
    const out: SafeNode[] = [];
    for (const node of nodes) {
      if (state.full) break;
      out.push(...map(node, depth));
    }
    return out;
  };

  const map = (node: Nodes, depth: number): SafeNode[] => {
    if (++state.nodes > limits.maxNodes) {
      state.full = true;
      return [];
    }
    if (depth >= limits.maxDepth) return [{ kind: 'truncated' }];
    const inner = (n: Nodes) => ('children' in n ? mapAll(n.children as Nodes[], depth + 1) : []);
    switch (node.type) {
      case 'root':
        return inner(node);
      case 'heading':
        return [{ kind: 'heading', depth: node.depth, children: inner(node) }];
      case 'paragraph':
        return [{ kind: 'paragraph', children: inner(node) }];
      case 'blockquote':
        return [{ kind: 'blockquote', children: inner(node) }];
      case 'list':
        return [
          {
            kind: 'list',
            ordered: node.ordered === true,
            start: node.ordered === true ? (node.start ?? 1) : null,
            items: node.children.filter(() => !state.full).map((item) => mapAll(item.children, depth + 1)),
          },
        ];
      case 'code':
        return [{ kind: 'code', lang: node.lang ?? null, text: node.value }];
      case 'html':
        // Literal text, so `<script>` is visible as what it is and never becomes an element.
        return [{ kind: 'text', text: node.value }];
      case 'thematicBreak':
        return [{ kind: 'rule' }];
      case 'break':
        return [{ kind: 'break' }];
      case 'text':
        return [{ kind: 'text', text: node.value }];
      case 'inlineCode':
        return [{ kind: 'inline-code', text: node.value }];
      case 'emphasis':
      case 'strong':
        return [{ kind: node.type, children: inner(node) }];
      case 'link':
        return link(node.url, inner(node), base, site);
      case 'linkReference': {
        const url = definitions.get(node.identifier);
        return url === undefined ? inner(node) : link(url, inner(node), base, site);
      }
      case 'image':
      case 'imageReference':
        return [{ kind: 'text', text: `[${node.alt || 'image'}]` }];
      case 'definition':
        return [];
      default:
        // Nodes outside the allowlist keep only their text.
        if ('children' in node) return inner(node);
        return 'value' in node && typeof node.value === 'string' ? [{ kind: 'text', text: node.value }] : [];
    }
  };

  const tree = map(root, 0);
  if (state.full) tree.push({ kind: 'truncated' });
  return tree;
}

/** A link the URL policy allows stays a link; anything else is its text plus the target. */
function link(url: string, children: SafeNode[], base: string, site: string): SafeNode[] {
  const href = safeLinkTarget(resolve(url, base), site);
  if (href !== null) return [{ kind: 'link', href, children }];
  return [...children, { kind: 'text', text: ` (${revealHidden(url)})` }];
}

/** Absolute as written, else against `base`; unresolvable stays as written (and is refused). */
function resolve(url: string, base: string): string {
  if (URL.canParse(url)) return url;
  return URL.canParse(url, base) ? new URL(url, base).href : url;
}

function collectDefinitions(root: Root, into: Map<string, string>): void {
  const stack: Nodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    // The first definition of a label wins (CommonMark).
    if (node.type === 'definition') {
      if (!into.has(node.identifier)) into.set(node.identifier, node.url);
    } else if ('children' in node) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
    }
  }
}
