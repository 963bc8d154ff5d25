import type { TestProject } from 'vitest/node';
import { ensureBuilt } from './harness/build';

/** Runs once per e2e project: each browser needs its own build of the extension. */
export default function setup(project: TestProject): void {
  ensureBuilt(project.name === 'firefox' ? 'firefox-mv3' : 'chrome-mv3');
}
