import type { ComponentChildren } from 'preact';
import type { SafeNode } from '../utils/engine/markdown/types';
import { ExternalLink } from './ExternalLink';
import type { Translate } from '../utils/extension/i18n';
import { useT } from './i18n';
import { revealInProse } from '../utils/engine/text/reveal';

type HeadingTag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * Renders the allowlisted tree with Preact elements only: text is always a text node, and no
 * node kind can yield script, img, iframe or raw HTML. `headingLevel` is the level of the
 * heading this content sits under; the document's own headings start one below it. `site` is
 * the checked site's origin, which links are judged for (again: the tree crossed a boundary).
 */
export function SafeMarkdown(props: { nodes: readonly SafeNode[]; headingLevel: number; site: string }) {
  const t = useT();
  return <div class="markdown">{renderAll(props.nodes, { level: props.headingLevel, site: props.site, t })}</div>;
}

interface Context {
  level: number;
  site: string;
  t: Translate;
}

function renderAll(nodes: readonly SafeNode[], ctx: Context): ComponentChildren {
  // The tree crossed a message boundary: render arrays only, skip anything malformed.
  return Array.isArray(nodes) ? nodes.map((node, i) => render(node, ctx, i)) : null;
}

function render(node: SafeNode, ctx: Context, key: number): ComponentChildren {
  if (typeof node !== 'object' || node === null) return null;
  switch (node.kind) {
    case 'heading': {
      const depth = Math.min(6, Math.max(1, Math.trunc(Number(node.depth)) || 1));
      const Tag = `h${Math.min(6, ctx.level + depth)}` as HeadingTag;
      return <Tag key={key}>{renderAll(node.children, ctx)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{renderAll(node.children, ctx)}</p>;
    case 'blockquote':
      return <blockquote key={key}>{renderAll(node.children, ctx)}</blockquote>;
    case 'list': {
      const items = Array.isArray(node.items) ? node.items.map((item, i) => <li key={i}>{renderAll(item, ctx)}</li>) : null;
      return node.ordered ? (
        <ol key={key} start={typeof node.start === 'number' ? node.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'code':
      return (
        <figure key={key} class="code-block">
          {node.lang ? <figcaption>{String(node.lang)}</figcaption> : null}
          <pre>
            <code>{revealInProse(String(node.text))}</code>
          </pre>
        </figure>
      );
    case 'rule':
      return <hr key={key} />;
    case 'break':
      return <br key={key} />;
    case 'text':
      return revealInProse(String(node.text));
    case 'inline-code':
      return <code key={key}>{revealInProse(String(node.text))}</code>;
    case 'emphasis':
      return <em key={key}>{renderAll(node.children, ctx)}</em>;
    case 'strong':
      return <strong key={key}>{renderAll(node.children, ctx)}</strong>;
    case 'link':
      return (
        <ExternalLink key={key} url={String(node.href)} site={ctx.site}>
          {renderAll(node.children, ctx)}
        </ExternalLink>
      );
    case 'truncated':
      return (
        <p key={key} class="truncated">
          {ctx.t('markdownTruncated')}
        </p>
      );
    default:
      return null;
  }
}
