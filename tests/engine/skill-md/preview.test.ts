// One frontmatter split for the checks and the preview: what the checks read as frontmatter is
// never shown as Markdown, and what they read as the body is what the panel renders.
import { describe, expect, it } from 'vitest';
import { markdownToSafeTree } from '../../../utils/engine/markdown/safe-tree';
import type { SafeNode } from '../../../utils/engine/markdown/types';
import { checkSkillMd, skillMdBody } from '../../../utils/engine/skill-md';

const SITE = 'https://flowers.example';
const URL = `${SITE}/.well-known/agent-skills/find-flowers/SKILL.md`;
const FRONTMATTER = '---\nname: find-flowers\ndescription: Find flowers.\n---\n';
const bytes = (text: string) => new TextEncoder().encode(text);

function texts(nodes: readonly SafeNode[]): string[] {
  return nodes.flatMap((n) => [
    ...('text' in n ? [n.text] : []),
    ...('children' in n ? texts(n.children) : []),
    ...('items' in n ? n.items.flatMap(texts) : []),
  ]);
}

const preview = (text: string) => {
  const body = skillMdBody(bytes(text));
  return body === null ? null : markdownToSafeTree(body, URL, SITE).nodes;
};
const codes = (text: string) =>
  checkSkillMd(bytes(text), { document: URL, indexName: 'find-flowers', indexDescription: null }).findings.map((f) => f.code);

describe('the SKILL.md preview is the body of the one frontmatter split', () => {
  it('a leading blank line is an error for the checks, and the preview still does not show the YAML (skill-md.md §6 item 43)', () => {
    const text = `\n${FRONTMATTER}\n# Find flowers\n`;
    expect(codes(text)).toEqual(['skill-md-leading-blank-line']);
    const tree = preview(text)!;
    expect(tree).toEqual([{ kind: 'heading', depth: 1, children: [{ kind: 'text', text: 'Find flowers' }] }]);
    expect(texts(tree).join(' ')).not.toContain('name:');
  });

  it.each([
    ['plain', `${FRONTMATTER}\n# Find flowers\n`],
    ['after a BOM', `\uFEFF${FRONTMATTER}\n# Find flowers\n`],
    ['with CRLF line ends', `${FRONTMATTER}\n# Find flowers\n`.replace(/\n/g, '\r\n')],
    ['after two blank lines', `\n\n${FRONTMATTER}# Find flowers\n`],
  ])('%s: only the body', (_label, text) => {
    expect(texts(preview(text)!)).toEqual(['Find flowers']);
  });

  it('shows a file without frontmatter whole, and keeps a later `---` as a rule', () => {
    expect(preview('# Find flowers\n\n---\n\nEnd\n')!.map((n) => n.kind)).toEqual(['heading', 'rule', 'paragraph']);
  });

  it('shows nothing of a frontmatter that never closes: every line of it is YAML to the checks', () => {
    const text = '---\nname: find-flowers\ndescription: Find flowers.\n# Find flowers\n';
    expect(codes(text)).toContain('skill-md-frontmatter-unclosed');
    expect(preview(text)).toBeNull();
  });

  it('a `---yaml` opener is no frontmatter to either', () => {
    const text = '---yaml\nname: x\n---\n# Body\n';
    expect(codes(text)).toContain('skill-md-no-frontmatter');
    expect(texts(preview(text)!).join(' ')).toContain('name: x');
  });
});
