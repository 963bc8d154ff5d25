import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// tests/ mirrors the source folders. Projects: the engine, the command line and the fixture
// servers in node (no browser fakes); the packed command line installed as users install it;
// extension logic, its platform adapters and the entrypoints through WXT's fakeBrowser; components
// rendered in happy-dom with props only. End-to-end suites have their own config
// (vitest.e2e.config.ts) because they need the built extension.
export default defineConfig({
  test: {
    // Two test files at a time even on a two-core machine (Vitest's default there is one): most
    // files wait on loopback servers, timeouts and deadlines rather than on the CPU.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/engine/**/*.test.ts', 'tests/cli/**/*.test.ts', 'tests/fixtures/**/*.test.ts', 'tests/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
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
          include: ['tests/extension/**/*.test.{ts,tsx}', 'tests/entrypoints/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/extension/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
