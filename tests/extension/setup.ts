import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetHeldCopies } from '../../utils/extension/platform/storage';

// Code that talks to `chrome.*` (the content script) sees the same fake as `browser`.
(globalThis as { chrome?: unknown }).chrome = fakeBrowser;

beforeEach(() => {
  fakeBrowser.reset();
  // The worker's copies of what it alone writes go with the storage they copy.
  forgetHeldCopies();
});
