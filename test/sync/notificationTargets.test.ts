import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leave, Notification } from '../../src-shared/wire';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
let app: TestBackend;

beforeAll(async () => {
  service = await new ServiceProcess(4).start();
  app = new TestBackend();
});
afterAll(async () => {
  app.dispose();
  await service.dispose();
});

describe('a notification opened', () => {
  it('is read at once and leads to its request, or says it was withdrawn', async () => {
    const alice = await service.as('alice@acme.test');
    const ask = async (day: string) =>
      (await alice<Leave>('POST', '/api/leave', { startDate: day, endDate: day, type: 'ANNUAL' })).body;
    const kept = await ask('2027-10-13');
    const withdrawn = await ask('2027-10-20');
    const never = await ask('2027-10-27');
    await alice('DELETE', `/api/leave/${never.id}`);
    await app.signIn(service.url, 'manager@acme.test');
    await app.call('sync.now');
    await alice('DELETE', `/api/leave/${withdrawn.id}`);
    await app.call('sync.now');
    const all = (await app.call('notifications.list', { pageSize: 100 })).data;
    const about = (leave: Leave) => all.find((n: Notification) => n.data.leaveId === leave.id)!;
    const unread = (await app.call('notifications.list', { unreadOnly: true })).unreadCount;

    await service.stop();
    try {
      expect(await app.call('notifications.open', { id: about(kept).id })).toEqual({ view: 'approvals', id: kept.id });
      expect(await app.call('notifications.open', { id: about(withdrawn).id })).toEqual({
        gone: 'The request of Alice Archer for 20 October 2027 was withdrawn.',
      });
      // Withdrawn before this computer ever saw it: what can be said without knowing.
      expect(await app.call('notifications.open', { id: about(never).id })).toEqual({
        gone: 'This request is no longer there: it was withdrawn, or you may no longer see it.',
      });
      expect((await app.call('notifications.list', { unreadOnly: true })).unreadCount).toBe(unread - 3);
    } finally {
      await service.start();
    }
    expect(await app.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    const manager = await service.as('manager@acme.test');
    const served = (await manager<{ data: Notification[] }>('GET', '/api/notifications?limit=100')).body.data;
    for (const leave of [kept, withdrawn, never]) {
      expect(served.find((n) => n.data.leaveId === leave.id)?.read).toBe(true);
    }
  });
});
