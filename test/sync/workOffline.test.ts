import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Leave } from '../../src-shared/wire';
import { Backend } from '../../src-main/core/app/backend';
import { FaultProxy, seededRandom } from '../support/faultProxy';
import { ServiceProcess, TestBackend } from '../support/syncHarness';
import { quietFor } from '../support/waits';

let service: ServiceProcess;
let proxy: FaultProxy;
/** Every request that reached the loopback proxy in front of the service. */
let requests: string[] = [];

beforeAll(async () => {
  service = await new ServiceProcess(4).start();
  proxy = await new FaultProxy(() => service.url, {
    rate: 0,
    random: seededRandom(1),
    onRequest: () => undefined,
  }).start();
  proxy.beforeForward = (url) => void requests.push(url);
});
afterAll(async () => {
  await proxy.stop();
  await service.dispose();
});

// The engine's debounce, interval, probe and reconnect, short: in the quiet checks below (400 ms
// and more) each has several chances to send.
const FAST = { autoStart: true, debounceMs: 20, intervalMs: 150, probeMs: 50, reconnectMs: 50 };

describe('Work offline', () => {
  it('keeps every request from leaving, is remembered after a restart, and syncs at once when turned off', async () => {
    const app = new TestBackend({ sync: FAST });
    try {
      await app.signIn(proxy.url, 'alice@acme.test');
      // Synced, live and at rest: no request is under way (the stream's aside, which going offline ends).
      await vi.waitFor(async () =>
        expect(await app.call('sync.status')).toMatchObject({ live: true, phase: 'idle', lastError: null }),
      );
      requests = [];

      const status = await app.call('sync.workOffline', { on: true });
      expect(status).toMatchObject({ workingOffline: true, online: false });
      const made = await app.call('leave.create', { startDate: '2027-11-15', endDate: '2027-11-16', type: 'ANNUAL' });
      await app.call('sync.now');
      expect(await app.call('sync.status')).toMatchObject({ workingOffline: true, online: false, pending: 1 });
      // A negative check: the change and Sync now asked for a sync; the timers had their chances too.
      await quietFor(600, 'requests sent while working offline', () => requests, []);

      // A restart keeps the choice: nothing is sent when the account opens again.
      app.backend.close();
      const again = new Backend({ dataDir: app.dataDir, tokens: app.tokens, sync: FAST, requestTimeoutMs: 5_000 });
      try {
        const accountId = (await again.handlers['session.accounts'](undefined))[0]!.id;
        await again.handlers['session.open']({ accountId });
        expect((await again.handlers['app.info'](undefined)).workingOffline).toBe(true);
        await expect(
          again.handlers['session.signIn']({ serviceUrl: proxy.url, email: 'bob@acme.test', password: 'demo1234' }),
        ).rejects.toThrow('You are working offline: turn Work offline off to sign in');
        // A negative check: opened (its sync starts at once when online) and asked to sign in, it sent nothing.
        await quietFor(400, 'requests sent by the app opened again, working offline', () => requests, []);

        // Off: a sync starts at once, and the request made offline reaches the service once.
        const back = await again.handlers['sync.workOffline']({ on: false });
        expect(back?.workingOffline).toBe(false);
        await vi.waitFor(
          async () =>
            expect(await again.handlers['sync.status'](undefined)).toMatchObject({ online: true, pending: 0 }),
          {
            timeout: 5_000,
          },
        );
        expect(requests.length).toBeGreaterThan(0);
        const alice = await service.as('alice@acme.test');
        const mine = `/api/leave?userId=${made.userId}&pageSize=500`;
        const onService = (await alice<{ data: Leave[] }>('GET', mine)).body.data;
        expect(onService.filter((l) => l.startDate.startsWith('2027-11-15')).map((l) => l.type)).toEqual(['ANNUAL']);
        expect(made.status).toBe('PENDING');
      } finally {
        again.close();
      }
    } finally {
      app.dispose();
    }
  });

  it('stays offline when a sync that was under way as it was turned on ends well', async () => {
    const app = new TestBackend({ sync: { autoStart: false, debounceMs: 3_600_000 } });
    let release: () => void = () => undefined;
    let held = false;
    try {
      await app.signIn(proxy.url, 'bob@acme.test');
      await app.call('sync.now');
      // The next sync's first request waits in the proxy until Work offline is on.
      const gate = new Promise<void>((resolve) => (release = resolve));
      proxy.beforeForward = async (url) => {
        requests.push(url);
        if (held) return;
        held = true;
        await gate;
      };
      const syncing = app.call('sync.now');
      await vi.waitFor(() => expect(held).toBe(true));
      expect(await app.call('sync.workOffline', { on: true })).toMatchObject({ workingOffline: true, online: false });
      release();
      await syncing;
      expect(await app.call('sync.status')).toMatchObject({ workingOffline: true, online: false });
    } finally {
      release();
      proxy.beforeForward = (url) => void requests.push(url);
      app.dispose();
    }
  });
});
