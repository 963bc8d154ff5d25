/**
 * How long a panel takes to show a settled verdict, measured inside the page: a mutation
 * observer installed before the page's own scripts notes `performance.now()` (milliseconds since
 * the navigation started) the moment a settled `[data-verdict]` first appears.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SETTLED } from './panel';

const SLOT = '__poppyE2eSettled';

/** For `page.addInitScript`: records the first settled verdict and when it appeared. */
export const RECORD_SETTLED = `(() => {
  new MutationObserver(() => {
    const el = document.querySelector(${JSON.stringify(SETTLED)});
    if (el && !window.${SLOT}) window.${SLOT} = { at: performance.now(), verdict: el.getAttribute('data-verdict') };
  }).observe(document, { subtree: true, childList: true, attributes: true });
})()`;

/** Evaluate in the page once the verdict settled: `{ at, verdict }`. */
export const READ_SETTLED = `window.${SLOT} || null`;

export interface SettledAt {
  /** Milliseconds from the start of the navigation. */
  at: number;
  verdict: string;
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
  writeFileSync(
    `${ARTIFACTS}e2e-bench-${name}.json`,
    `${JSON.stringify({ name, unit: 'ms', median: median(rounded), runs: rounded }, null, 2)}\n`,
  );
}
