import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEventName, BridgeReply, SyncStatus } from '../../src-shared/appApi';
import type { Training } from '../../src-shared/wire';
import { MemoryTokenStore } from '../../src-main/core/session/tokens';
import { forkedBackend } from '../support/forkedBackend';
import { BackendSupervisor, CRASHED, GAVE_UP } from '../../src-main/launch/backendSupervisor';
import { FaultProxy, seededRandom } from '../support/faultProxy';
import { ServiceProcess } from '../support/syncHarness';

let service: ServiceProcess;
let proxy: FaultProxy;
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
  // Every request a little slow, so a kill lands in the middle of a push.
  proxy = await new FaultProxy(() => service.url, {
    rate: 1,
    random: seededRandom(5),
    faults: ['slow'],
    slowMs: 30,
  }).start();
});
afterAll(async () => {
  await proxy.stop();
  await service.dispose();
});

const ok = <T>(reply: BridgeReply): T => {
  if ('error' in reply) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.result as T;
};

function supervised(dataDir: string, tokens = new MemoryTokenStore()) {
  const children: ChildProcess[] = [];
  const supervisor = new BackendSupervisor({
    spawn: forkedBackend((child) => children.push(child)),
    tokens,
    start: {
      dataDir,
      serviceUrl: proxy.url,
      cacheKey: { hex: 'c4'.repeat(32), kept: true },
      sync: { autoStart: false, debounceMs: 3_600_000 },
    },
  });
  const events: { name: AppEventName; payload: unknown }[] = [];
  supervisor.on((name, payload) => events.push({ name, payload }));
  const call = async <T>(name: string, args?: unknown) => ok<T>(await supervisor.call(name, args));
  return { supervisor, children, events, call, tokens };
}

describe('the backend in its own process', () => {
  it('answers the app API over its channel, keeps refresh tokens with the main process, and sends its events', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hr-backend-'));
    const { supervisor, events, call, tokens } = supervised(dataDir);
    try {
      expect(await supervisor.started).toBeNull();
      const info = await call<{ version: string; protectedAtRest: boolean }>('app.info');
      expect(info).toMatchObject({ version: '0.1.0', protectedAtRest: true });
      const account = await call<{ id: string }>('session.signIn', {
        serviceUrl: proxy.url,
        email: 'alice@acme.test',
        password: 'demo1234',
      });
      // The refresh token was kept here, in the main process's store, not in the backend's.
      expect(await tokens.get(account.id)).toMatch(/.{20,}/);
      await call('sync.now');
      expect(events.some((e) => e.name === 'session')).toBe(true);
      expect(events.some((e) => e.name === 'sync.status' && (e.payload as SyncStatus).lastSyncedAt)).toBe(true);
      const refused = await supervisor.call('leave.create', { startDate: 'soon' });
      expect(refused).toMatchObject({ error: { code: 'INVALID_INPUT' } });
    } finally {
      await supervisor.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it(
    'killed in the middle of a sync: started again with the account open, calls under way fail in words, nothing lost or doubled',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'hr-backend-'));
      const { supervisor, children, events, call } = supervised(dataDir);
      try {
        const account = await call<{ id: string; userId: string }>('session.signIn', {
          serviceUrl: proxy.url,
          email: 'bob@acme.test',
          password: 'demo1234',
        });
        await call('sync.now');
        const refs = await call<{ types: { id: string }[]; categories: { id: string }[] }>('trainings.references');
        // Queued, not sent: this backend syncs only when asked.
        for (let i = 0; i < 60; i++) {
          await call('trainings.create', {
            name: `killed${i}`,
            typeId: refs.types[0]!.id,
            categoryId: refs.categories[0]!.id,
            startDate: '2031-02-03',
          });
        }
        // Killed while it pushes: the sync under way answers the sentence, and the backend comes back.
        let sent = 0;
        proxy.observe = (e) => void (e.method === 'POST' && (sent += 1));
        const syncing = supervisor.call('sync.now', undefined);
        await vi.waitFor(() => expect(sent).toBeGreaterThan(10), { timeout: 30_000, interval: 5 });
        children[0]!.kill('SIGKILL');
        expect(await syncing).toEqual({ error: { code: 'INTERNAL', message: CRASHED } });
        await vi.waitFor(() => expect(supervisor.status).toBe('ready'), { timeout: 60_000 });
        expect(events.map((e) => e.name === 'backend.status' && (e.payload as { state: string }).state)).toEqual(
          expect.arrayContaining(['reconnecting', 'ready']),
        );
        // The account is open again, from its cache: the rest goes, each once.
        expect(await call<{ id: string }>('session.current')).toMatchObject({ id: account.id });
        for (let i = 0; i < 5 && (await call<SyncStatus>('sync.status')).pending > 0; i++) await call('sync.now');
        expect((await call<SyncStatus>('sync.status')).pending).toBe(0);
        const bob = await service.as('bob@acme.test');
        const made = (
          await bob<{ data: Training[] }>('GET', `/api/trainings?userId=${account.userId}&search=killed&pageSize=500`)
        ).body.data.filter((t) => /^killed\d+$/.test(t.name));
        expect(made.map((t) => t.name).sort()).toEqual(Array.from({ length: 60 }, (_, i) => `killed${i}`).sort());
      } finally {
        proxy.observe = null;
        await supervisor.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it('gives up after three restarts in a minute, and says so to every call', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hr-backend-'));
    const { supervisor, children } = supervised(dataDir);
    try {
      for (let crash = 1; crash <= 4; crash++) {
        await supervisor.started;
        children[crash - 1]!.kill('SIGKILL');
        await vi.waitFor(() => expect(children.length > crash || supervisor.status === 'failed').toBe(true), {
          timeout: 30_000,
        });
      }
      expect(supervisor.status).toBe('failed');
      expect(children).toHaveLength(4);
      expect(await supervisor.call('app.info', undefined)).toEqual({ error: { code: 'INTERNAL', message: GAVE_UP } });
    } finally {
      await supervisor.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
