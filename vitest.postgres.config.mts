import { defineConfig } from 'vitest/config';
import base from './vitest.config.mts';

/**
 * The second pass of `npm test`: the service and sync suites again, every test's service on
 * PostgreSQL (a database of its own on one throwaway cluster). Left out are the tests of what only
 * SQLite has, which the first pass runs: its files, its group commit, its query plans and its
 * change counters' shortcut.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/service/**/*.test.ts', 'test/sync/**/*.test.ts', 'test/multiInstance/**/*.test.ts'],
    exclude: [
      ...(base.test?.exclude ?? []),
      'test/service/database.test.ts',
      'test/service/groupCommit.test.ts',
      'test/service/queryPlans.test.ts',
      'test/service/changeCounters.test.ts',
      'test/service/paging.test.ts',
      'test/service/demoData.test.ts',
    ],
    env: { HR_TEST_STORE: 'postgres' },
    globalSetup: ['test/support/postgresSetup.ts'],
  },
});
