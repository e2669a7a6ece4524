import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Backend } from '../../src-main/core/app/backend';
import { MemoryTokenStore } from '../../src-main/core/session/tokenStore';
import { startWebHost, type WebHost } from '../../src-main/web/webHost';
import { ServiceProcess } from '../support/syncHarness';

export interface AppUnderTest {
  service: ServiceProcess;
  backend: Backend;
  host: WebHost;
}

const root = resolve(__dirname, '..', '..');
export const SCREENSHOTS = join(root, 'test-results', 'screenshots');

/** The real service, the real backend and the web host, fresh for each test; the page opened on it. */
export const test = base.extend<{ app: AppUnderTest }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  app: async ({}, use) => {
    const service = await new ServiceProcess(8).start();
    const dataDir = mkdtempSync(join(tmpdir(), 'hr-e2e-'));
    const backend = new Backend({
      dataDir,
      tokens: new MemoryTokenStore(),
      demoServiceUrl: service.url,
      sync: { debounceMs: 400, intervalMs: 3_600_000, reconnectMs: 500 },
      requestTimeoutMs: 4_000,
    });
    const host = await startWebHost({ backend, rendererDir: join(root, 'out', 'renderer') });
    await use({ service, backend, host });
    await host.close();
    backend.close();
    await service.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect };

export async function signIn(page: Page, app: AppUnderTest, email: string) {
  await page.goto(app.host.url);
  await expect(page.getByLabel('Service URL')).toHaveValue(app.service.url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status', { name: 'Sync status' })).toContainText('Synced', { timeout: 30_000 });
}

/** No serious or critical accessibility violation on the page as it is. */
export async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
