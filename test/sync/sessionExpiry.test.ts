import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Leave } from '../../src-shared/wire';
import { FaultProxy } from '../support/faultProxy';
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
});
