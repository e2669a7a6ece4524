import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './test/support/chromiumLaunch';

// Debian's Chromium by default (no browser download here); CHROMIUM_PATH picks another.
export default defineConfig({
  testDir: 'test/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  outputDir: 'test-results/playwright',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1366, height: 860 },
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'off',
  },
});
