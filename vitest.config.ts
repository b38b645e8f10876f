import { defineConfig } from 'vitest/config';

// Tests use the client's sources, not a dist/ that may be older.
const resolve = { alias: { '@bankdata/client': new URL('./packages/client/src/index.ts', import.meta.url).pathname } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'packages/*/test/**/*.test.ts'], exclude: ['src/**/*.int.test.ts'] },
      },
      {
        resolve,
        test: {
          name: 'integration',
          include: ['test/**/*.int.test.ts', 'src/**/*.int.test.ts', 'examples/*/test/**/*.int.test.ts'],
          globalSetup: ['test/helpers/global-db.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
