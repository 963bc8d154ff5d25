import { describe, expect, it } from 'vitest';
import { markdownToSafeTree as toTree, SAFE_TREE_LIMITS, type SafeTreeLimits } from '../../../utils/engine/markdown/safe-tree';
import type { SafeNode } from '../../../utils/engine/markdown/types';
import { safeLinkTarget } from '../../../utils/engine/net/safe-link';

/** The tree alone; the `cut` tests below read the whole result. */
const markdownToSafeTree = (markdown: string, base: string | null, site: string, limits?: SafeTreeLimits) =>
  toTree(markdown, base, site, limits).nodes;

const SITE = 'https://flowers.example';
const BASE = `${SITE}/.well-known/agent-skills/change-flower-delivery/SKILL.md`;

/** Every node of a tree, depth first, for "nothing like X anywhere" assertions. */
function allNodes(nodes: readonly SafeNode[]): SafeNode[] {
  const out: SafeNode[] = [];
  for (const node of nodes) {
    out.push(node);
    if ('children' in node) out.push(...allNodes(node.children));
    if (node.kind === 'list') for (const item of node.items) out.push(...allNodes(item));
  }
  return out;
}
const texts = (nodes: readonly SafeNode[]) =>
  allNodes(nodes).flatMap((n) => (n.kind === 'text' || n.kind === 'inline-code' || n.kind === 'code' ? [n.text] : []));
const links = (nodes: readonly SafeNode[]) => allNodes(nodes).flatMap((n) => (n.kind === 'link' ? [n.href] : []));
const depthOf = (nodes: readonly SafeNode[]): number =>
  Math.max(0, ...nodes.map((n) => 1 + depthOf('children' in n ? n.children : n.kind === 'list' ? n.items.flat() : [])));

describe('markdownToSafeTree: the allowlisted structure', () => {
  it('maps a realistic skill body', () => {
    const tree = markdownToSafeTree(
      [
        '# Change a flower delivery',
        '',
        "This skill is the **store's guidance**. It grants *no* account access.",
        '',
        '## Steps',
        '',
        '3. **Find the order.** `my_orders` (`GET /poppy/orders`).',
        '4. Ask the User.',
        '',
        '- a',
        '- b',
        '',
        '> Confirm only what they approved.',
        '',
        '```http',
        'POST /poppy/orders/{order_id}/changes',
        '```',
        '',
        '---',
        'line one  ',
        'line two',
      ].join('\n'),
      BASE,
      SITE,
    );
    expect(tree.map((n) => n.kind)).toEqual(['heading', 'paragraph', 'heading', 'list', 'list', 'blockquote', 'code', 'rule', 'paragraph']);
    expect(tree[0]).toEqual({ kind: 'heading', depth: 1, children: [{ kind: 'text', text: 'Change a flower delivery' }] });
    expect(tree[1]).toMatchObject({
      children: [{ kind: 'text' }, { kind: 'strong' }, { kind: 'text' }, { kind: 'emphasis' }, { kind: 'text' }],
    });
    expect(tree[3]).toMatchObject({ kind: 'list', ordered: true, start: 3 });
    expect(tree[3]?.kind === 'list' && tree[3].items).toHaveLength(2);
    expect(tree[4]).toMatchObject({ kind: 'list', ordered: false, start: null });
    expect(tree[6]).toEqual({ kind: 'code', lang: 'http', text: 'POST /poppy/orders/{order_id}/changes' });
    expect(tree[8]).toEqual({
      kind: 'paragraph',
      children: [{ kind: 'text', text: 'line one' }, { kind: 'break' }, { kind: 'text', text: 'line two' }],
    });
  });

  it('keeps a later thematic break, which is not frontmatter', () => {
    expect(markdownToSafeTree('Intro\n\n---\n\nEnd', BASE, SITE).map((n) => n.kind)).toEqual(['paragraph', 'rule', 'paragraph']);
  });
});

describe("markdownToSafeTree without a base (an archive's SKILL.md)", () => {
  it('keeps relative links as text with their target, and absolute ones as links when the policy allows', () => {
    const tree = markdownToSafeTree(
      'See [the notes](references/search.md), [up](../x) and [hours](https://flowers.example/hours).',
      null,
      SITE,
    );
    expect(links(tree)).toEqual(['https://flowers.example/hours']);
    expect(texts(tree)).toEqual(['See the notes (references/search.md), up (../x) and ', 'hours', '.']);
  });
});

describe('markdownToSafeTree: hostile content stays text', () => {
  it.each([
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['Hi <img src=x onerror=alert(1)> there', '<img src=x onerror=alert(1)>'],
    ['<iframe src="https://evil.example"></iframe>', '<iframe src="https://evil.example"></iframe>'],
    ['<a href="javascript:alert(1)">x</a>', '<a href="javascript:alert(1)">'],
  ])('raw HTML %j is literal text', (markdown, literal) => {
    const tree = markdownToSafeTree(markdown, BASE, SITE);
    expect(texts(tree).join('')).toContain(literal);
    expect(links(tree)).toEqual([]);
  });

  it.each([
    ['[click](javascript:alert(1))', 'click (javascript:alert(1))'],
    ['[data](data:text/html;base64,PHNjcmlwdD4=)', 'data (data:text/html;base64,PHNjcmlwdD4=)'],
    ['[plain](http://flowers.example/x)', 'plain (http://flowers.example/x)'],
    ['[mail](mailto:a@b.example)', 'mail (mailto:a@b.example)'],
    ['[who](https://bank.example@evil.example/)', 'who (https://bank.example@evil.example/)'],
    ['[vb](vbscript:msgbox)', 'vb (vbscript:msgbox)'],
  ])('link %j becomes text showing its target', (markdown, shown) => {
    const tree = markdownToSafeTree(markdown, BASE, SITE);
    expect(links(tree)).toEqual([]);
    expect(texts(tree).join('')).toBe(shown);
  });

  it('spells out bidi and zero-width characters in a refused target', () => {
    const tree = markdownToSafeTree('[x](javascript:\u202Ealert\u200B(1))', BASE, SITE);
    expect(texts(tree).join('')).toBe('x (javascript:⟨U+202E⟩alert⟨U+200B⟩(1))');
  });

  it.each([
    ['![logo](https://tracker.example/pixel.png)', '[logo]'],
    ['![](https://tracker.example/pixel.png)', '[image]'],
    ['![alt][ref]\n\n[ref]: https://tracker.example/p.png', '[alt]'],
  ])('image %j becomes its alt text, never a URL to load', (markdown, shown) => {
    const tree = markdownToSafeTree(markdown, BASE, SITE);
    expect(texts(tree).join('')).toBe(shown);
    expect(JSON.stringify(tree)).not.toContain('tracker.example');
  });

  it('keeps https links, resolving relative ones against the skill URL', () => {
    const tree = markdownToSafeTree(
      '[docs](https://flowers.example/docs) [ref][r] [rel](../find-flowers/SKILL.md)\n\n[r]: https://flowers.example/ref "title"',
      BASE,
      SITE,
    );
    expect(links(tree)).toEqual([
      'https://flowers.example/docs',
      'https://flowers.example/ref',
      'https://flowers.example/.well-known/agent-skills/find-flowers/SKILL.md',
    ]);
  });

  it.each([
    ['[router](https://192.168.1.1/reboot)', 'router (https://192.168.1.1/reboot)'],
    ['[metadata](https://169.254.169.254/latest)', 'metadata (https://169.254.169.254/latest)'],
    ['[me](https://localhost:8080/admin)', 'me (https://localhost:8080/admin)'],
    ['[dec](https://2130706433/)', 'dec (https://2130706433/)'],
    ['[intranet](https://wiki.corp.internal/)', 'intranet (https://wiki.corp.internal/)'],
    ['[nas](https://nas/)', 'nas (https://nas/)'],
    ['[v6](https://[::ffff:10.0.0.1]/)', 'v6 (https://[::ffff:10.0.0.1]/)'],
    ['[ref][lan]\n\n[lan]: https://10.0.0.1/', 'ref (https://10.0.0.1/)'],
  ])("a public site's link %j to a LAN or loopback host becomes text", (markdown, shown) => {
    const tree = markdownToSafeTree(markdown, BASE, SITE);
    expect(links(tree)).toEqual([]);
    expect(texts(tree).join('')).toBe(shown);
  });

  it('a relative link resolved onto a LAN host becomes text (the policy judges the resolved URL)', () => {
    const tree = markdownToSafeTree('[up](../admin)', 'https://192.168.1.1/skills/x/SKILL.md', SITE);
    expect(links(tree)).toEqual([]);
  });

  it('a local dev site may link to http: and to its own machine (D5), still not to javascript:', () => {
    const local = 'http://localhost:5173';
    const tree = markdownToSafeTree(
      '[a](http://localhost:5173/docs) [b](https://192.168.1.1/) [c](../x.md) [d](javascript:alert(1))',
      `${local}/skills/a/SKILL.md`,
      local,
    );
    expect(links(tree)).toEqual(['http://localhost:5173/docs', 'https://192.168.1.1/', 'http://localhost:5173/skills/x.md']);
  });

  it('a relative link without a usable base becomes text', () => {
    expect(links(markdownToSafeTree('[rel](x.md)', 'not a url', SITE))).toEqual([]);
  });

  it('links with a bidi override in the path are percent-encoded, so the target shows no override', () => {
    const [href] = links(markdownToSafeTree('[x](https://flowers.example/\u202Egnp.exe)', BASE, SITE));
    expect(href).toBe('https://flowers.example/%E2%80%AEgnp.exe');
  });
});

describe('bounds', () => {
  it('stops at the node cap with a truncated marker at the end', () => {
    const tree = markdownToSafeTree('word\n\n'.repeat(SAFE_TREE_LIMITS.maxNodes), BASE, SITE);
    expect(allNodes(tree).length).toBeLessThanOrEqual(SAFE_TREE_LIMITS.maxNodes + 1);
    expect(tree.at(-1)).toEqual({ kind: 'truncated' });
  });

  it('replaces content nested beyond the depth cap with a marker', () => {
    const tree = markdownToSafeTree('> '.repeat(11) + '- '.repeat(8) + 'deep', BASE, SITE);
    expect(depthOf(tree)).toBeLessThanOrEqual(SAFE_TREE_LIMITS.maxDepth);
    expect(allNodes(tree).some((n) => n.kind === 'truncated')).toBe(true);
    expect(texts(tree)).not.toContain('deep');
  });

  it('cuts over-long documents at a line end and says so', () => {
    const tree = markdownToSafeTree(`${'a'.repeat(60)}\n\n${'b'.repeat(60)}`, BASE, SITE, { ...SAFE_TREE_LIMITS, maxChars: 100 });
    expect(tree).toEqual([{ kind: 'paragraph', children: [{ kind: 'text', text: 'a'.repeat(60) }] }, { kind: 'truncated' }]);
  });

  // Shapes that made the previous parser (micromark) quadratic or worse (minutes for some at 1 MiB).
  it.each([
    ['unmatched emphasis', 'a*'.repeat(500_000)],
    ['nested images', '!['.repeat(250_000) + 'x' + '](y)'.repeat(250_000)],
    ['one-line nested lists', '- '.repeat(500_000) + 'x'],
    ['growing quotes', Array.from({ length: 1400 }, (_, i) => '>'.repeat(i) + ' x').join('\n')],
    ['growing indentation', Array.from({ length: 1000 }, (_, i) => ' '.repeat(2 * i) + '- x').join('\n')],
  ])('%s (1 MiB) finishes (within the test timeout; speed is measured by the bench) and stays bounded', (_label, markdown) => {
    const tree = markdownToSafeTree(markdown, BASE, SITE);
    expect(depthOf(tree)).toBeLessThanOrEqual(SAFE_TREE_LIMITS.maxDepth);
    expect(allNodes(tree).length).toBeLessThanOrEqual(SAFE_TREE_LIMITS.maxNodes + 1);
  });
});

describe('markdownToSafeTree: GFM syntax (the parser runs without GFM)', () => {
  it('shows a table and strikethrough as the text they are written as', () => {
    const markdown = '| Scope | Why |\n| --- | --- |\n| `orders:read` | ![pic](https://t.example/p.png) |\n\n~~old~~ text\n';
    expect(markdownToSafeTree(markdown, BASE, SITE)).toEqual([
      {
        kind: 'paragraph',
        children: [
          { kind: 'text', text: '| Scope | Why |\n| --- | --- |\n| ' },
          { kind: 'inline-code', text: 'orders:read' },
          { kind: 'text', text: ' | [pic] |' },
        ],
      },
      { kind: 'paragraph', children: [{ kind: 'text', text: '~~old~~ text' }] },
    ]);
  });
});

describe('safeLinkTarget: the one link rule (URL policy for the checked site)', () => {
  it.each<[string, string, string | null]>([
    ['https://flowers.example/docs', SITE, 'https://flowers.example/docs'],
    ['https://cdn.example/a b', SITE, 'https://cdn.example/a%20b'],
    ['HTTPS://Flowers.Example/', SITE, 'https://flowers.example/'],
    ['http://flowers.example/', SITE, null],
    ['https://192.168.1.1/reboot', SITE, null],
    ['https://127.0.0.1/', SITE, null],
    ['https://0x7f.1/', SITE, null],
    ['https://[::1]/', SITE, null],
    ['https://100.64.0.1/', SITE, null],
    ['https://printer.local/', SITE, null],
    ['https://intranet/', SITE, null],
    ['https://bank.example@evil.example/', SITE, null],
    ['javascript:alert(1)', SITE, null],
    ['data:text/html,x', SITE, null],
    ['/relative', SITE, null],
    ['http://localhost:3000/a', 'http://localhost:3000', 'http://localhost:3000/a'],
    ['http://192.168.1.5/', 'http://127.0.0.1:8080', 'http://192.168.1.5/'],
    ['https://u:p@localhost/', 'http://localhost', null],
    ['file:///etc/passwd', 'http://localhost', null],
    ['https://flowers.example/', 'not an origin', 'https://flowers.example/'],
    ['https://10.0.0.1/', 'not an origin', null],
  ])('%s for %s → %s', (url, site, href) => {
    expect(safeLinkTarget(url, site)).toBe(href);
  });
});
describe('no SKILL.md shape makes the preview slow', () => {
  // The first three took 20 s to minutes in Node with the previous parser (micromark 4 via
  // mdast-util-from-markdown 2.1.0; `a\n=\n` ×25 000 took 37–49 s in Chromium); now each takes
  // about 0.1–0.3 s. The 15 s timeout is a bound with a wide margin for a busy machine, not a
  // measurement: `npm run bench` prints their parse time at 10 K–100 K characters and its growth.
  it.each([
    ['setext headings', 'a\n=\n'.repeat(25_000), 'heading'],
    ['lazy quote continuations', '> a\nb\n'.repeat(16_666), 'blockquote'],
    ['nested quote and list lines', '> - > - >\n'.repeat(10_000), 'blockquote'],
    ['a long list', '- a\n'.repeat(25_000), 'list'],
    ['![ runs', '!['.repeat(50_000), 'paragraph'],
    // From cmark's pathological tests, which markdown-it runs too.
    ['nested strong emphasis', '*a **a '.repeat(5000) + 'b' + ' a** a*'.repeat(5000), 'paragraph'],
    ['link openers and emphasis closers', '[ a_'.repeat(10_000), 'paragraph'],
    ['many references', Array.from({ length: 5000 }, (_, i) => `[${i}]: /u\n`).join('') + '[0] '.repeat(5000), 'paragraph'],
  ])(
    '%s (100 K characters) build a bounded tree at once',
    (_label, markdown, first) => {
      const { nodes, cut } = toTree(markdown, BASE, SITE);
      expect(nodes[0]?.kind).toBe(first);
      expect(allNodes(nodes).length).toBeLessThanOrEqual(SAFE_TREE_LIMITS.maxNodes + 1);
      expect(depthOf(nodes)).toBeLessThanOrEqual(SAFE_TREE_LIMITS.maxDepth);
      expect(cut === null || ['nodes', 'depth'].includes(cut)).toBe(true);
    },
    15_000,
  );
});

describe('the result says when and why it is cut short', () => {
  it('a whole document: no cut', () => {
    expect(toTree('# Hi\n\ntext', BASE, SITE)).toEqual({
      nodes: [
        { kind: 'heading', depth: 1, children: [{ kind: 'text', text: 'Hi' }] },
        { kind: 'paragraph', children: [{ kind: 'text', text: 'text' }] },
      ],
      cut: null,
    });
  });

  it('too long: size, and the marker at the end', () => {
    const { nodes, cut } = toTree(`${'a'.repeat(60)}\n\n${'b'.repeat(60)}`, BASE, SITE, { ...SAFE_TREE_LIMITS, maxChars: 100 });
    expect(cut).toBe('size');
    expect(nodes.at(-1)).toEqual({ kind: 'truncated' });
  });

  it('too many nodes: nodes', () => {
    const { nodes, cut } = toTree('- a\n'.repeat(50), BASE, SITE, { ...SAFE_TREE_LIMITS, maxNodes: 20 });
    expect(cut).toBe('nodes');
    expect(nodes.at(-1)).toEqual({ kind: 'truncated' });
    expect(allNodes(nodes).length).toBeLessThanOrEqual(21);
  });

  it('too deep: depth, the marker where content was left out', () => {
    const { nodes, cut } = toTree('> '.repeat(30) + 'deep', BASE, SITE);
    expect(cut).toBe('depth');
    expect(texts(nodes)).not.toContain('deep');
    expect(allNodes(nodes).filter((n) => n.kind === 'truncated')).toHaveLength(1);
  });

  it('a 40-deep list (past the parser’s own nesting cap) still says depth', () => {
    const markdown = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    const { nodes, cut } = toTree(markdown, BASE, SITE);
    expect(cut).toBe('depth');
    expect(texts(nodes)).toContain('level 0');
    expect(texts(nodes)).not.toContain('level 39');
  });
});

describe('what markdown-it would change if left to its defaults', () => {
  it('an autolink to a punycode host keeps its punycode text (no homograph)', () => {
    const tree = markdownToSafeTree('<https://xn--pypal-4ve.example/>', BASE, SITE);
    expect(texts(tree).join('')).toBe('https://xn--pypal-4ve.example/');
    expect(links(tree)).toEqual(['https://xn--pypal-4ve.example/']);
  });

  it('a refused target is shown as written, not percent-encoded', () => {
    expect(texts(markdownToSafeTree('[x](javascript:alert("é"))', BASE, SITE)).join('')).toBe('x (javascript:alert("é"))');
  });

  it('code spans, fences with an info string, html and entities map as before', () => {
    expect(markdownToSafeTree('```js title\nlet a;\n```\n\n`x`&amp;<b>y</b>', BASE, SITE)).toEqual([
      { kind: 'code', lang: 'js', text: 'let a;' },
      {
        kind: 'paragraph',
        children: [
          { kind: 'inline-code', text: 'x' },
          { kind: 'text', text: '&<b>y</b>' },
        ],
      },
    ]);
  });
});
