import { defineConfig } from 'vitest/config';
import { rendererAliases } from './electron.vite.config';

export default defineConfig({
  resolve: { alias: rendererAliases },
  test: {
    include: ['test/**/*.test.{ts,tsx}', 'src-*/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two at a time even on two cores: most of a sync test is waiting on the service, not computing.
    maxWorkers: 2,
    // A condition waited on has 10 s (vitest's default is 1 s, which a busy machine outran): with
    // expect.poll here, with vi.waitFor in the setup file.
    expect: { poll: { timeout: 10_000 } },
    setupFiles: ['test/support/patience.ts'],
  },
});
