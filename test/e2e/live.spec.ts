import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Leave } from '../../src-shared/wire';
import { Backend } from '../../src-main/core/app/backend';
import { MemoryTokenStore } from '../../src-main/core/session/tokens';
import { startWebHost } from '../../src-main/web/webHost';
import { dayOf, expect, expectAccessible, literally, screenshot, signIn, test } from './fixtures';

// Two computers on one service: what one does, the other shows within a second or two, unasked.

test('a manager approves in one browser; the employee’s My leave shows it approved, with a toast, within 2 s and no click', async ({
  page,
  app,
  browser,
}) => {
  const alice = await app.service.as('alice@acme.test');
  const asked = (
    await alice<Leave>('POST', '/api/leave', { startDate: '2031-03-04', endDate: '2031-03-04', type: 'UNPAID' })
  ).body;
  // The manager's computer: its own backend and web host on the same service.
  const dataDir = mkdtempSync(join(tmpdir(), 'hr-e2e-second-'));
  const backend = new Backend({
    dataDir,
    tokens: new MemoryTokenStore(),
    demoServiceUrl: app.service.url,
    sync: { debounceMs: 100, intervalMs: 3_600_000, reconnectMs: 500 },
    requestTimeoutMs: 4_000,
  });
  const host = await startWebHost({ backend, rendererDir: join(resolve(__dirname, '..', '..'), 'out', 'renderer') });
  const other = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  try {
    await signIn(page, app, 'alice@acme.test');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Leave' }).click();
    const status = page.getByRole('status', { name: 'Sync status' });
    await expect(status).toContainText('Live', { timeout: 10_000 });
    const row = page
      .getByRole('grid', { name: 'My requests' })
      .getByRole('row', { name: literally(await dayOf(page, '2031-03-04')) });
    await expect(row).toContainText('Pending');

    await signIn(other, { ...app, backend, host }, 'manager@acme.test');
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
    const march4 = await dayOf(other, '2031-03-04');
    await other.getByRole('button', { name: `Approve Alice Archer, ${march4}` }).click();
    const dialog = other.getByRole('dialog', { name: `Approve Alice Archer, ${march4}` });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    const decided = Date.now();
    // Alice clicks nothing: her list and a toast say so.
    await expect(row).toContainText('Approved', { timeout: 2_000 });
    await expect(page.getByRole('status', { name: 'Messages' })).toContainText('Leave approved', { timeout: 2_000 });
    expect(Date.now() - decided).toBeLessThan(2_000);
    await expect(status).toContainText('Live');
    await expectAccessible(page, 'live update');
    await screenshot(page, '48-live-approved', { fullPage: false });
    const served = (await alice<Leave>('GET', `/api/leave/${asked.id}`)).body;
    expect(served.status).toBe('APPROVED');
  } finally {
    await other.close();
    await host.close();
    backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
