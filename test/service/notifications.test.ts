import { formAssignedWords } from '../../src-shared/records/notificationWords';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListSchema, notificationSchema, problemSchema, readAllResultSchema } from '../../src-shared/wire';
import { notify } from '../../src-server/notifications/notify';
import { TenantDb } from '../../src-server/db/tenantDb';
import { DEMO, signInAll, type Account } from '../support/accounts';
import { startTestService, type TestService } from '../support/testService';

let svc: TestService;
let a: Record<keyof typeof DEMO, Account>;

beforeAll(async () => {
  svc = await startTestService();
  const ids = await signInAll(svc, DEMO);
  const orgOf = async (userId: string) =>
    (await svc.engine.get<{ org: string }>('SELECT organization_id AS org FROM users WHERE id = :userId', { userId }))!
      .org;
  // 15 notifications for Alice, one a minute, and one for Bob.
  for (let i = 1; i <= 15; i++) {
    svc.clock.advance(60_000);
    await notify(
      new TenantDb(svc.engine, await orgOf(ids.alice.id)),
      {
        userId: ids.alice.id,
        type: 'FORM_ASSIGNED',
        words: formAssignedWords(`Survey ${i}`, null),
        data: { formId: `f${i}` },
      },
      svc.clock.now(),
    );
  }
  await notify(
    new TenantDb(svc.engine, await orgOf(ids.bob.id)),
    { userId: ids.bob.id, type: 'FORM_ASSIGNED', words: formAssignedWords('For Bob', null), data: {} },
    svc.clock.now(),
  );
  // Signed in after the clock moved, so the tokens are fresh.
  a = await signInAll(svc, DEMO);
});
afterAll(async () => {
  await svc.close();
});

const list = async (who: Account, q = '') =>
  (await svc.request('GET', `/api/notifications${q}`, { token: who.token })).as(notificationListSchema);

describe('notifications', () => {
  it('lists the caller’s own, newest first, 10 by default, with the unread count', async () => {
    const page = await list(a.alice);
    expect(page.data.map((n) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `New form: Survey ${15 - i}`));
    expect(page.meta).toMatchObject({ total: 15, unreadCount: 15, pageSize: 10 });
    expect(page.data.every((n) => !n.read && n.readAt === null)).toBe(true);
    expect((await list(a.alice, '?limit=3')).data).toHaveLength(3);
    expect((await list(a.alice, '?limit=1000')).meta.pageSize).toBe(100);
    expect((await list(a.alice, '?limit=10&page=2')).data.map((n) => n.title)).toEqual([
      'New form: Survey 5',
      'New form: Survey 4',
      'New form: Survey 3',
      'New form: Survey 2',
      'New form: Survey 1',
    ]);
    expect((await list(a.bob)).data.map((n) => n.title)).toEqual(['New form: For Bob']);
    for (const q of ['?limit=0', '?unreadOnly=yes', '?limit=ten']) {
      expect((await svc.request('GET', `/api/notifications${q}`, { token: a.alice.token })).status, q).toBe(400);
    }
  });

  it('marks one read, once; another user’s is 404', async () => {
    const [newest] = (await list(a.alice, '?limit=1')).data;
    svc.clock.advance(1000);
    const res = await svc.request('PUT', `/api/notifications/${newest!.id}/read`, { token: a.alice.token });
    expect(res.status).toBe(200);
    const read = res.as(notificationSchema);
    expect(read).toMatchObject({ id: newest!.id, read: true, readAt: svc.clock.now().toISOString(), version: 2 });
    svc.clock.advance(1000);
    const again = (await svc.request('PUT', `/api/notifications/${newest!.id}/read`, { token: a.alice.token })).as(
      notificationSchema,
    );
    expect(again).toEqual(read);

    const stranger = await svc.request('PUT', `/api/notifications/${newest!.id}/read`, { token: a.bob.token });
    expect(stranger.status).toBe(404);
    expect(stranger.as(problemSchema).detail).toBe('Notification not found');
    expect((await svc.request('PUT', `/api/notifications/${newest!.id}/read`, { token: a.dave.token })).status).toBe(
      404,
    );

    const unread = await list(a.alice, '?unreadOnly=true&limit=100');
    expect(unread.meta).toMatchObject({ total: 14, unreadCount: 14 });
    expect(unread.data.some((n) => n.id === newest!.id)).toBe(false);
  });

  it('marks all read and answers how many changed', async () => {
    const res = await svc.request('PUT', '/api/notifications/read-all', { token: a.alice.token });
    expect(res.as(readAllResultSchema)).toEqual({ updated: 14 });
    expect((await list(a.alice)).meta.unreadCount).toBe(0);
    expect(
      (await svc.request('PUT', '/api/notifications/read-all', { token: a.alice.token })).as(readAllResultSchema),
    ).toEqual({
      updated: 0,
    });
    expect((await list(a.bob)).meta.unreadCount).toBe(1);
  });
});
