import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Leave } from '../../src-shared/wire';
import { FaultProxy, seededRandom } from '../support/faultProxy';
import { TestBackend } from '../support/syncHarness';
import { startTestService, type TestService } from '../support/testService';

let svc: TestService;
let app: TestBackend;

beforeEach(async () => {
  svc = await startTestService({ scale: 30, workload: true });
  app = new TestBackend({ now: () => svc.clock.now() });
});
afterEach(async () => {
  app.dispose();
  await svc.close();
});

describe('tokens during sync', () => {
  it('renews an access token that expires in the middle of a long sync, with no user action', async () => {
    let requests = 0;
    // Halfway through the pull, the service's clock jumps past the access token's 15 minutes.
    const proxy = await new FaultProxy(() => svc.url, {
      rate: 0,
      random: Math.random,
      onRequest: () => {
        requests += 1;
        if (requests === 6) svc.clock.advance(16 * 60_000);
      },
    }).start();
    try {
      await app.signIn(proxy.url, 'admin@acme.test');
      const status = await app.call('sync.now');
      expect(requests).toBeGreaterThan(10);
      expect(status).toMatchObject({ lastError: null, needsSignIn: false, online: true });
      expect((await app.call('trainings.list', {})).meta.total).toBeGreaterThan(100);
    } finally {
      await proxy.stop();
    }
  });

  it('a revoked sign-in asks to sign in again and keeps the outbox until then', async () => {
    const me = await app.signIn(svc.url, 'alice@acme.test');
    await app.call('sync.now');
    // Signed out elsewhere (or the token was stolen and reused): the family is revoked.
    const refreshToken = await app.tokens.get(me.id);
    expect((await svc.request('POST', '/api/auth/logout', { body: { refresh_token: refreshToken } })).status).toBe(204);
    svc.clock.advance(16 * 60_000);

    const leave = await app.call('leave.create', { startDate: '2028-02-07', endDate: '2028-02-08', type: 'ANNUAL' });
    const status = await app.call('sync.now');
    expect(status).toMatchObject({ needsSignIn: true, pending: 1 });
    expect(status.lastError).toMatch(/[Ss]ign in/);
    expect(await app.call('leave.get', { id: leave.id })).toMatchObject({ startDate: '2028-02-07T00:00:00.000Z' });

    await app.signIn(svc.url, 'alice@acme.test');
    const after = await app.call('sync.now');
    expect(after).toMatchObject({ needsSignIn: false, pending: 0, conflicts: 0 });
    const token = await svc.signIn('alice@acme.test');
    const mine = await svc.request('GET', `/api/leave?userId=${me.userId}&pageSize=500`, { token: token.access_token });
    expect((mine.body as { data: Leave[] }).data.filter((l) => l.startDate.startsWith('2028-02-07'))).toHaveLength(1);
  });

  it('a refresh whose answer was lost is retried with the token held, and the service answers it: still signed in', async () => {
    const proxy = await new FaultProxy(() => svc.url, { rate: 0, random: Math.random }).start();
    try {
      const me = await app.signIn(proxy.url, 'alice@acme.test');
      await app.call('sync.now');
      const held = await app.tokens.get(me.id);
      svc.clock.advance(16 * 60_000);
      const leave = await app.call('leave.create', { startDate: '2028-03-06', endDate: '2028-03-07', type: 'ANNUAL' });
      // The service rotates the refresh token, and its answer never arrives.
      let lost = 0;
      proxy.forced = (url) => (url.startsWith('/api/auth/refresh') && lost++ === 0 ? 'reset-after' : null);
      const cut = await app.call('sync.now');
      expect(lost).toBe(1);
      expect(cut).toMatchObject({ online: false, needsSignIn: false, pending: 1 });
      expect(await app.tokens.get(me.id)).toBe(held);

      svc.clock.advance(20_000);
      const after = await app.call('sync.now');
      expect(after).toMatchObject({ online: true, needsSignIn: false, pending: 0, conflicts: 0, lastError: null });
      expect(await app.tokens.get(me.id)).not.toBe(held);
      const token = await svc.signIn('alice@acme.test');
      const mine = await svc.request('GET', `/api/leave?userId=${me.userId}&pageSize=500`, {
        token: token.access_token,
      });
      expect((mine.body as { data: Leave[] }).data.filter((l) => l.startDate.startsWith('2028-03-06'))).toHaveLength(1);
      expect(await app.call('leave.get', { id: leave.id })).toMatchObject({ status: 'PENDING' });
    } finally {
      await proxy.stop();
    }
  });
});

describe('a wrong clock on this computer', () => {
  for (const [name, offset] of [
    ['two hours ahead', 2 * 3_600_000],
    ['two hours behind', -2 * 3_600_000],
  ] as const) {
    // Dozens of syncs through 30% faults: longer than the default 20 s on a busy machine.
    it(
      `keeps syncing with the clock ${name}, through faults, access tokens expiring on the service's clock`,
      { timeout: 60_000 },
      async () => {
        const proxy = await new FaultProxy(() => svc.url, {
          rate: 0.3,
          random: seededRandom(offset > 0 ? 1 : 2),
          faults: ['reset-before', 'reset-after', 'status-500'],
        }).start();
        const skewed = new TestBackend({ now: () => new Date(svc.clock.now().getTime() + offset) });
        // Through the faults, a few rounds get everything across.
        const syncUntilSent = async () => {
          let status = await skewed.call('sync.now');
          for (let round = 0; round < 30 && (status.pending > 0 || status.lastError); round++) {
            status = await skewed.call('sync.now');
          }
          return status;
        };
        try {
          proxy.enabled = false;
          const me = await skewed.signIn(proxy.url, 'bob@acme.test');
          proxy.enabled = true;
          expect(await syncUntilSent()).toMatchObject({ online: true, lastError: null, needsSignIn: false });
          for (let i = 0; i < 3; i++) {
            svc.clock.advance(16 * 60_000);
            await skewed.call('leave.create', { startDate: `2028-04-1${i}`, endDate: `2028-04-1${i}`, type: 'ANNUAL' });
            expect(await syncUntilSent()).toMatchObject({ online: true, needsSignIn: false, pending: 0, conflicts: 0 });
          }
          const token = await svc.signIn('bob@acme.test');
          const mine = await svc.request('GET', `/api/leave?userId=${me.userId}&pageSize=500`, {
            token: token.access_token,
          });
          expect((mine.body as { data: Leave[] }).data.filter((l) => l.startDate.startsWith('2028-04-1'))).toHaveLength(
            3,
          );
        } finally {
          skewed.dispose();
          await proxy.stop();
        }
      },
    );
  }
});
