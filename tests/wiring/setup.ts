import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// @webext-core/messaging talks to `chrome.*`; point it at the same fake as `browser`.
(globalThis as { chrome?: unknown }).chrome = fakeBrowser;

beforeEach(() => {
  fakeBrowser.reset();
});
