import { defineConfig } from 'vitest/config';

/**
 * The scale-out and fault suite (`npm run test:faults`; .ci/run runs it after `npm test`): real
 * `bankdata serve` and `worker` processes on a PostgreSQL the test starts, crashes and restarts
 * itself, so it needs no shared test database. About 3 minutes on 2 cores.
 */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['test/faults/**/*.faults.test.ts'],
    testTimeout: 400_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
