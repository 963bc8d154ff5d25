/**
 * How long a panel takes to show a settled verdict, measured inside the page: a mutation
 * observer installed before the page's own scripts notes `performance.now()` (milliseconds since
 * the navigation started) the moment a `[data-verdict]` first appears, and a settled one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SETTLED } from './panel';

const SLOT = '__poppyE2eFirstVerdict';

/** For `page.addInitScript`: records the first verdict shown (even `checking`) and the first settled one. */
export const RECORD_FIRST_VERDICT = `(() => {
  const note = (selector, key) => {
    const el = document.querySelector(selector);
    if (el && !window.${SLOT}[key]) window.${SLOT}[key] = { at: performance.now(), verdict: el.getAttribute('data-verdict') };
  };
  window.${SLOT} = {};
  new MutationObserver(() => {
    note('[data-verdict]', 'first');
    note(${JSON.stringify(SETTLED)}, 'settled');
  }).observe(document, { subtree: true, childList: true, attributes: true });
})()`;

/** Evaluate in the page once the verdict settled. */
export const READ_FIRST_VERDICT = `window.${SLOT}`;

export interface VerdictSeen {
  /** Milliseconds from the start of the navigation. */
  at: number;
  verdict: string;
}

export interface FirstVerdicts {
  first?: VerdictSeen;
  settled?: VerdictSeen;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const ARTIFACTS = fileURLToPath(new URL('../../.artifacts/', import.meta.url));

/** Prints one bench line and keeps the numbers for `npm run bench` in tests/.artifacts/. */
export function reportBench(name: string, runsMs: number[]): void {
  const rounded = runsMs.map((ms) => Math.round(ms * 10) / 10);
  console.log(`bench: ${name}: median ${median(rounded)} ms over ${rounded.length} runs (${rounded.join(', ')} ms)`);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(`${ARTIFACTS}e2e-bench-${name}.json`, `${JSON.stringify({ name, unit: 'ms', median: median(rounded), runs: rounded }, null, 2)}\n`);
}
