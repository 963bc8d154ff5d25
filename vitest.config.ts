import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Projects: pure logic and network code in node (no browser fakes), the packed command line
// installed as users install it, extension wiring through WXT's fakeBrowser and components
// rendered in happy-dom. End-to-end suites have
// their own config (vitest.e2e.config.ts) because they need the built extension.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The package as users install it (npm pack, offline install): `npm test` runs it as its own suite.
        test: { name: 'pack', environment: 'node', include: ['tests/pack/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'wiring',
          environment: 'happy-dom',
          include: ['tests/wiring/**/*.test.{ts,tsx}', 'tests/components/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/wiring/setup.ts'],
        },
      },
    ],
  },
});
