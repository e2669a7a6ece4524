import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src-shared/appApi';
import { Backend } from '../../src-main/core/app/backend';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

// The sync status tells the truth: offline until the service answered, offline soon after it
// stops answering, and back without a click when it answers again.
let service: ServiceProcess;
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterAll(async () => {
  await service.dispose();
});

async function until(read: () => Promise<SyncStatus>, ok: (s: SyncStatus) => boolean, withinMs: number) {
  const started = Date.now();
  for (;;) {
    const status = await read();
    if (ok(status)) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`Not within ${withinMs} ms: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the sync status', () => {
  it('opens offline with the last sync, never "synced", until the service answers', async () => {
    const first = new TestBackend();
    const account = await first.signIn(service.url, 'alice@acme.test');
    const synced = await first.call('sync.now');
    first.backend.close();
    await service.stop();
    // The same computer, started again while the service is away.
    const again = new Backend({
      dataDir: first.dataDir,
      tokens: first.tokens,
      sync: { autoStart: true, debounceMs: 60_000, intervalMs: 3_600_000, reconnectMs: 200, probeMs: 200 },
      requestTimeoutMs: 2_000,
    });
    try {
      await again.handlers['session.open']({ accountId: account.id });
      const status = () => again.handlers['sync.status'](undefined);
      expect(await status()).toMatchObject({ online: false, lastSyncedAt: synced.lastSyncedAt });
      await until(status, (s) => !s.online && s.phase === 'idle', 5_000);
      expect((await status()).lastSyncedAt).toBe(synced.lastSyncedAt);

      await service.start();
      await until(status, (s) => s.online && s.lastSyncedAt !== synced.lastSyncedAt, 10_000);
    } finally {
      again.close();
      first.dispose();
    }
  });

  it('shows a stopped service within a probe, and its return within seconds, with no call', async () => {
    const app = new TestBackend({
      sync: { autoStart: true, debounceMs: 60_000, intervalMs: 3_600_000, reconnectMs: 300, probeMs: 300 },
    });
    try {
      await app.signIn(service.url, 'bob@acme.test');
      const status = () => app.call('sync.status');
      // Settled: the stream open and the catch-up sync its opening starts done. A sync still running
      // when the service stops fails in its own words, before any probe (the test's intermittency).
      await until(status, (s) => s.online && s.live && s.phase === 'idle' && s.lastSyncedAt !== null, 10_000);
      await service.stop();
      expect(await until(status, (s) => !s.online, 5_000)).toBeLessThan(5_000);
      const offline = await status();
      expect(offline.lastError).toMatch(/cannot be reached/);
      await service.start();
      const back = Date.now();
      await until(status, (s) => s.online && s.lastSyncedAt! > offline.lastSyncedAt!, 10_000);
      expect(Date.now() - back).toBeLessThan(10_000);
    } finally {
      app.dispose();
    }
  });
});
