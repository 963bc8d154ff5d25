import { markdownToSafeTree, type SafeTree } from '../engine/markdown/safe-tree';

/**
 * The preview worker's side (entrypoints/skill-preview.ts): a request that is not one gets no
 * tree. Apart from skill-preview.ts so that the panel, which only starts the worker, does not
 * load the Markdown parser (about 40 KB gzip) when it opens.
 */
export function treeFor(request: unknown): SafeTree | null {
  if (typeof request !== 'object' || request === null) return null;
  const { markdown, base, site } = request as Record<string, unknown>;
  if (typeof markdown !== 'string' || (typeof base !== 'string' && base !== null) || typeof site !== 'string') return null;
  return markdownToSafeTree(markdown, base, site);
}
