// The Markdown tree on hostile text (docs/security.md): whatever a SKILL.md body holds, the tree is
// built without throwing, holds only allowlisted kinds, stays within SAFE_TREE_LIMITS, and every
// link it keeps passes the URL policy for the checked site.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToSafeTree, SAFE_TREE_LIMITS } from '../../../utils/engine/markdown/safe-tree';
import type { SafeNode } from '../../../utils/engine/markdown/types';
import { safeLinkTarget } from '../../../utils/engine/net/safe-link';
import { FUZZ_TIMEOUT, fuzzRuns } from '../../helpers/fuzz';

const SITE = 'https://flowers.example';
const BASE = `${SITE}/.well-known/agent-skills/a/SKILL.md`;
const KINDS = [
  'heading',
  'paragraph',
  'list',
  'blockquote',
  'code',
  'rule',
  'break',
  'text',
  'inline-code',
  'emphasis',
  'strong',
  'link',
  'truncated',
];

/** Markdown's constructs, the quadratic families among them (docs/security.md), and hostile targets. */
const PIECES = [
  '# ',
  '## ',
  '\n',
  '\n\n',
  '=\n',
  '-\n',
  '> ',
  '- ',
  '* ',
  '1. ',
  '   ',
  '\t',
  '`',
  '```\n',
  '~~~',
  '*',
  '_',
  '**',
  '[',
  ']',
  '(',
  ')',
  '![',
  '](',
  '<',
  '>',
  '<script>',
  '<img src=x onerror=alert(1)>',
  '&amp;',
  '&#0;',
  '\\',
  'https://flowers.example/x',
  'http://192.168.1.1/',
  'javascript:alert(1)',
  'https://bank.example@evil.example/',
  '[x]: https://evil.localhost/\n',
  '[x]',
  'a',
  'text ',
  '\u202e',
  '\u200b',
  '🌸',
  '|',
  '---\n',
];
const markdown = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...PIECES), { maxLength: 120 }).map((p) => p.join('')) },
  fc
    .tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 5 }), fc.integer({ min: 20, max: 200 }))
    .map(([p, n]) => p.join('').repeat(n)),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
);

function walk(nodes: readonly SafeNode[], depth: number, seen: { nodes: number; depth: number }): void {
  for (const node of nodes) {
    seen.nodes++;
    seen.depth = Math.max(seen.depth, depth);
    expect(KINDS).toContain(node.kind);
    if (node.kind === 'link') expect(safeLinkTarget(node.href, SITE)).toBe(node.href);
    if ('children' in node) walk(node.children, depth + 1, seen);
    if (node.kind === 'list') for (const item of node.items) walk(item, depth + 1, seen);
  }
}

describe('the Markdown tree on hostile text (property)', () => {
  it(
    'never throws; allowlisted kinds only, within its node and depth bounds, links only the policy allows',
    () =>
      fc.assert(
        fc.property(markdown, (text) => {
          const seen = { nodes: 0, depth: 0 };
          walk(markdownToSafeTree(text, BASE, SITE).nodes, 1, seen);
          // The bound, plus the one `truncated` marker that says it was reached.
          expect(seen.nodes).toBeLessThanOrEqual(SAFE_TREE_LIMITS.maxNodes + 1);
          expect(seen.depth).toBeLessThanOrEqual(SAFE_TREE_LIMITS.maxDepth);
        }),
        fuzzRuns(150),
      ),
    FUZZ_TIMEOUT,
  );
});
