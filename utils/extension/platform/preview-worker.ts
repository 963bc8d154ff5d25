import { browser } from 'wxt/browser';
import type { PreviewWorker } from '../skill-preview';

/**
 * A fresh SKILL.md preview worker (entrypoints/skill-preview.ts): an extension page's dedicated
 * Worker from our own origin, so the pages' CSP (`script-src 'self'`) allows it in Chrome and
 * Firefox alike, and `terminate()` stops it mid-parse.
 */
export function startPreviewWorker(): PreviewWorker {
  return new Worker(browser.runtime.getURL('/skill-preview.js')) as unknown as PreviewWorker;
}
