import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// End-to-end suites: the built extension in real browsers against the fixture sites. One file
// at a time (each launches a browser; the machines have two cores), generous timeouts for
// browser start-up, and the node environment (the tests drive browsers, they are not in one).
const shared: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  fileParallelism: false,
  globalSetup: ['tests/e2e/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // `it.concurrent` suites (the hostile corpora) visit four sites at a time in one browser.
  maxConcurrency: 4,
};

export default defineConfig({
  test: {
    fileParallelism: false,
    projects: [
      { test: { ...shared, name: 'chromium', include: ['tests/e2e/chromium/**/*.test.ts'] } },
      { test: { ...shared, name: 'firefox', include: ['tests/e2e/firefox/**/*.test.ts'] } },
    ],
  },
});
