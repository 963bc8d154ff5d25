import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { treeFor } from '../utils/extension/preview-tree';

/** A dedicated worker's global: what this script uses of it. */
declare const self: { onmessage: ((event: { data: unknown }) => void) | null; postMessage(data: unknown): void };

/**
 * The SKILL.md preview worker, started by the panel (utils/extension/platform/preview-worker.ts)
 * for one parse and terminated when it answers or when its time budget is spent. It runs off the
 * panel's thread and far from the background worker, so no SKILL.md can hold either.
 */
export default defineUnlistedScript(() => {
  self.onmessage = (event) => self.postMessage(treeFor(event.data));
});
