import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// Code that talks to `chrome.*` (the content script) sees the same fake as `browser`.
(globalThis as { chrome?: unknown }).chrome = fakeBrowser;

beforeEach(() => {
  fakeBrowser.reset();
});
