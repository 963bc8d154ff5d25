import type { SafeTree } from '../engine/markdown/safe-tree';
import { SAFE_TREE_LIMITS } from '../engine/spec';
import type { SafeNode } from '../engine/markdown/types';
import type { VerifiedMarkdown } from './verified-markdown';

/**
 * Builds a SKILL.md's preview tree off every thread that matters: the background worker never
 * parses (a slow parse there would hold every tab's checks), and the panel hands the text to a
 * dedicated worker it can stop. Past the budget the worker is terminated, whatever it is doing,
 * and the panel shows the plain text instead (`too-complex`); so it does for a document past the
 * tree's node budget (25 000 setext headings, say), of which a tree would show a sliver.
 */
export interface PreviewRequest {
  markdown: string;
  /** The SKILL.md's own URL, for relative links; null for an archive's SKILL.md, whose relative
   * links name files inside the archive and stay text. */
  base: string | null;
  /** The checked site's origin, which links are judged for. */
  site: string;
}

export type Preview = { kind: 'tree'; tree: SafeTree } | { kind: 'too-complex'; reason: 'time' | 'failed' };

/** What the panel needs of a Worker; platform/preview-worker.ts makes the real one. */
export interface PreviewWorker {
  postMessage(request: PreviewRequest): void;
  terminate(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export const PREVIEW_BUDGET_MS = 2000;

export function previewSkill(request: PreviewRequest, startWorker: () => PreviewWorker, budgetMs = PREVIEW_BUDGET_MS): Promise<Preview> {
  return new Promise((resolve) => {
    let worker: PreviewWorker;
    const finish = (preview: Preview) => {
      clearTimeout(timer);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
      resolve(preview);
    };
    const timer = setTimeout(() => finish({ kind: 'too-complex', reason: 'time' }), budgetMs);
    try {
      worker = startWorker();
    } catch {
      clearTimeout(timer);
      resolve({ kind: 'too-complex', reason: 'failed' });
      return;
    }
    worker.onmessage = (event) => {
      const tree = asTree(event.data);
      finish(tree ? { kind: 'tree', tree } : { kind: 'too-complex', reason: 'failed' });
    };
    worker.onerror = () => finish({ kind: 'too-complex', reason: 'failed' });
    worker.postMessage(request);
  });
}

/** The answer crossed a thread boundary: only its shape is trusted, the renderer re-checks nodes. */
function asTree(data: unknown): SafeTree | null {
  if (typeof data !== 'object' || data === null) return null;
  const { nodes, cut } = data as Record<string, unknown>;
  if (!Array.isArray(nodes)) return null;
  if (cut !== null && cut !== 'size' && cut !== 'nodes' && cut !== 'depth') return null;
  return { nodes, cut } as SafeTree;
}

/** What the panel shows of a verified SKILL.md. */
export type SkillPreview =
  | { kind: 'tree'; nodes: SafeNode[] }
  /** Too complex to preview in time: the text itself, cut at `TEXT_MAX_CHARS` (`cut`). */
  | { kind: 'text'; text: string; cut: boolean };

/** A fallback text longer than a preview is not worth a panel's layout time either. */
export const TEXT_MAX_CHARS = SAFE_TREE_LIMITS.maxChars;

/** The preview of a skill's verified text: its tree in time, else the text itself. */
export async function previewOf(
  source: VerifiedMarkdown,
  site: string,
  startWorker: () => PreviewWorker,
  budgetMs = PREVIEW_BUDGET_MS,
): Promise<SkillPreview> {
  const preview = await previewSkill({ markdown: source.markdown, base: source.base, site }, startWorker, budgetMs);
  // Past the node budget a tree would show a sliver of the document: the text says more.
  if (preview.kind === 'tree' && preview.tree.cut !== 'nodes') return { kind: 'tree', nodes: preview.tree.nodes };
  const cut = source.markdown.length > TEXT_MAX_CHARS;
  return { kind: 'text', text: cut ? source.markdown.slice(0, TEXT_MAX_CHARS) : source.markdown, cut };
}
