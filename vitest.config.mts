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
  },
});
