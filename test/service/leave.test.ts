import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publicHolidaysBetween } from '../../src-shared/holidays/publicHolidays';
import {
  calendarSchema,
  leaveListSchema,
  leaveSchema,
  notificationListSchema,
  problemSchema,
  teamSortFields,
  upcomingSortFields,
  userSchema,
  type Leave,
} from '../../src-shared/wire';
import { DEMO, signInAll, type Account } from '../support/accounts';
import { startTestService, type TestService } from '../support/testService';

let svc: TestService;
let a: Record<keyof typeof DEMO, Account>;

// The service's clock stands on Monday 2 March 2026 for every test; each test gets a fresh service.
beforeEach(async () => {
  svc = await startTestService();
  a = await signInAll(svc, DEMO);
});
afterEach(async () => {
  await svc.close();
});

function ask(who: Account, body: Record<string, unknown>) {
  return svc.request('POST', '/api/leave', { token: who.token, body: { type: 'ANNUAL', ...body } });
}
async function asked(
  who: Account,
  startDate: string,
  endDate: string,
  extra: Record<string, unknown> = {},
): Promise<Leave> {
  const res = await ask(who, { startDate, endDate, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.as(leaveSchema);
}
function decide(who: Account, id: string, status: string, headers: Record<string, string> = {}) {
  return svc.request('PUT', `/api/leave/${id}/status`, { token: who.token, body: { status }, headers });
}
async function notificationsOf(who: Account) {
  return (await svc.request('GET', '/api/notifications?limit=100', { token: who.token })).as(notificationListSchema);
}

describe('working days', () => {
  it('skips a weekend and the public holidays of the owner’s nationality (Easter 2026)', async () => {
    // Thu 2 April to Tue 7 April: Good Friday, the weekend and Easter Monday fall between.
    expect((await asked(a.alice, '2026-04-02', '2026-04-07')).days).toBe(2); // GB: both holidays
    expect((await asked(a.bob, '2026-04-02', '2026-04-07')).days).toBe(2); // DE: both holidays
    expect((await asked(a.carol, '2026-04-02', '2026-04-07')).days).toBe(3); // FR: Easter Monday only
    expect((await asked(a.dave, '2026-04-02', '2026-04-07')).days).toBe(4); // US: neither
  });

  it('counts leave spanning the new year', async () => {
    // Mon 28 Dec 2026 (GB: Boxing Day substitute) to Mon 4 Jan 2027, with New Year's Day and a weekend.
    const alice = await asked(a.alice, '2026-12-28T00:00:00.000Z', '2027-01-04T00:00:00.000Z');
    expect(alice).toMatchObject({
      days: 4,
      startDate: '2026-12-28T00:00:00.000Z',
      endDate: '2027-01-04T00:00:00.000Z',
    });
    // Globex closes its year from 22 December to annual leave; unpaid leave is counted the same way.
    expect((await asked(a.dave, '2026-12-28', '2027-01-04', { type: 'UNPAID' })).days).toBe(5);
  });

  it('takes the date as written, whatever the offset', async () => {
    const leave = await asked(a.alice, '2026-03-09T00:00:00+02:00', '2026-03-09T23:30:00-05:00');
    expect(leave).toMatchObject({
      startDate: '2026-03-09T00:00:00.000Z',
      endDate: '2026-03-09T00:00:00.000Z',
      days: 1,
    });
  });

  it('refuses a request with no working day, one ending before it starts, an unknown type, a span over 366 days', async () => {
    const weekend = await ask(a.alice, { startDate: '2026-03-07', endDate: '2026-03-08' });
    expect(weekend.status).toBe(400);
    expect(weekend.as(problemSchema).detail).toMatch(/no working days/);
    const backwards = await ask(a.alice, { startDate: '2026-03-10', endDate: '2026-03-09' });
    expect(backwards.status).toBe(400);
    expect(backwards.as(problemSchema).errors?.[0]?.path).toBe('endDate');
    const type = await ask(a.alice, { startDate: '2026-03-10', endDate: '2026-03-10', type: 'HOLIDAY' });
    expect(type.as(problemSchema).errors?.[0]?.path).toBe('type');
    expect((await ask(a.alice, { startDate: '2026-03-10', endDate: '2027-03-11' })).status).toBe(400);
  });
});

describe('creating, changing and withdrawing', () => {
  it('creates PENDING leave and tells the owner’s manager', async () => {
    const leave = await asked(a.alice, '2026-03-16', '2026-03-20', { notes: 'Lisbon' });
    expect(leave).toMatchObject({
      status: 'PENDING',
      userId: a.alice.id,
      days: 5,
      notes: 'Lisbon',
      version: 1,
      reviewedBy: null,
    });
    const inbox = await notificationsOf(a.manager);
    const submitted = inbox.data.find((n) => n.data.leaveId === leave.id);
    expect(submitted).toMatchObject({ type: 'LEAVE_SUBMITTED', title: 'Leave request from Alice Archer', read: false });
    expect(submitted!.body).toBe('Annual leave, 2026-03-16 to 2026-03-20 (5 working days)');
    expect((await notificationsOf(a.bob)).data).toHaveLength(0);
  });

  it('refuses overlap with the owner’s pending or approved leave, not with rejected leave or other people', async () => {
    const first = await asked(a.alice, '2026-03-16', '2026-03-20');
    const clash = await ask(a.alice, { startDate: '2026-03-20', endDate: '2026-03-24' });
    expect(clash.status).toBe(409);
    expect(clash.as(problemSchema).detail).toMatch(/overlap/);
    await asked(a.alice, '2026-03-23', '2026-03-24'); // adjacent is fine
    await asked(a.bob, '2026-03-16', '2026-03-20'); // someone else
    await decide(a.manager, first.id, 'REJECTED');
    await asked(a.alice, '2026-03-18', '2026-03-19'); // the rejected one no longer blocks
    const approved = await asked(a.bob, '2026-04-13', '2026-04-14');
    await decide(a.manager, approved.id, 'APPROVED');
    expect((await ask(a.bob, { startDate: '2026-04-14', endDate: '2026-04-14' })).status).toBe(409);
  });

  it('lets only the owner change or withdraw, and only while pending', async () => {
    const leave = await asked(a.alice, '2026-03-16', '2026-03-20');
    const edit = { startDate: '2026-03-16', endDate: '2026-03-17', type: 'UNPAID', notes: 'Shorter' };
    expect((await svc.request('PUT', `/api/leave/${leave.id}`, { token: a.manager.token, body: edit })).status).toBe(
      403,
    );
    expect(
      (await svc.request('PUT', `/api/leave/${leave.id}`, { token: a.globexAdmin.token, body: edit })).status,
    ).toBe(404);
    const res = await svc.request('PUT', `/api/leave/${leave.id}`, {
      token: a.alice.token,
      body: edit,
      headers: { 'if-match': '"1"' },
    });
    expect(res.status).toBe(200);
    expect(res.as(leaveSchema)).toMatchObject({
      days: 2,
      type: 'UNPAID',
      notes: 'Shorter',
      version: 2,
      status: 'PENDING',
    });
    expect(res.headers.get('etag')).toBe('"2"');

    const stale = await svc.request('PUT', `/api/leave/${leave.id}`, {
      token: a.alice.token,
      body: edit,
      headers: { 'if-match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect(leaveSchema.parse(stale.as(problemSchema).current).version).toBe(2);

    expect((await svc.request('DELETE', `/api/leave/${leave.id}`, { token: a.bob.token })).status).toBe(403);
    await decide(a.manager, leave.id, 'APPROVED');
    const late = await svc.request('PUT', `/api/leave/${leave.id}`, { token: a.alice.token, body: edit });
    expect(late.status).toBe(409);
    expect(late.as(problemSchema).detail).toMatch(/approved/);
    expect((await svc.request('DELETE', `/api/leave/${leave.id}`, { token: a.alice.token })).status).toBe(409);

    const other = await asked(a.alice, '2026-05-04', '2026-05-05');
    expect((await svc.request('DELETE', `/api/leave/${other.id}`, { token: a.alice.token })).status).toBe(204);
    expect((await svc.request('GET', `/api/leave/${other.id}`, { token: a.alice.token })).status).toBe(404);
  });

  it('checks overlap again when dates change, ignoring the request itself', async () => {
    const one = await asked(a.alice, '2026-03-16', '2026-03-17');
    await asked(a.alice, '2026-03-19', '2026-03-20');
    const self = await svc.request('PUT', `/api/leave/${one.id}`, {
      token: a.alice.token,
      body: { startDate: '2026-03-16', endDate: '2026-03-18', type: 'ANNUAL' },
    });
    expect(self.status).toBe(200);
    const clash = await svc.request('PUT', `/api/leave/${one.id}`, {
      token: a.alice.token,
      body: { startDate: '2026-03-16', endDate: '2026-03-19', type: 'ANNUAL' },
    });
    expect(clash.status).toBe(409);
  });
});

describe('approving and rejecting', () => {
  it('lets the owner’s manager decide once, records the reviewer and tells the owner', async () => {
    const leave = await asked(a.alice, '2026-03-16', '2026-03-20');
    svc.clock.advance(5 * 60_000);
    const res = await decide(a.manager, leave.id, 'APPROVED', { 'if-match': '"1"' });
    expect(res.status).toBe(200);
    expect(res.as(leaveSchema)).toMatchObject({
      status: 'APPROVED',
      reviewedBy: a.manager.id,
      reviewedAt: svc.clock.now().toISOString(),
      version: 2,
    });
    const inbox = await notificationsOf(a.alice);
    expect(inbox.data.find((n) => n.data.leaveId === leave.id)).toMatchObject({
      type: 'LEAVE_APPROVED',
      title: 'Leave approved',
    });
    const again = await decide(a.manager, leave.id, 'REJECTED');
    expect(again.status).toBe(409);

    const second = await asked(a.bob, '2026-03-16', '2026-03-16');
    expect((await decide(a.manager, second.id, 'REJECTED')).as(leaveSchema).status).toBe('REJECTED');
    expect((await notificationsOf(a.bob)).data[0]).toMatchObject({
      type: 'LEAVE_REJECTED',
      data: { leaveId: second.id },
    });
  });

  it('refuses: a USER, a manager of someone else, one’s own request, a non-decision, another organization', async () => {
    const carols = await asked(a.carol, '2026-03-16', '2026-03-17');
    expect((await decide(a.alice, carols.id, 'APPROVED')).status).toBe(403);
    expect((await decide(a.manager, carols.id, 'APPROVED')).status).toBe(403);
    expect((await decide(a.globexAdmin, carols.id, 'APPROVED')).status).toBe(404);
    expect((await decide(a.admin, carols.id, 'PENDING')).status).toBe(400);
    expect((await decide(a.admin, carols.id, 'MAYBE')).status).toBe(400);

    const managers = await asked(a.manager, '2026-03-16', '2026-03-17');
    const own = await decide(a.manager, managers.id, 'APPROVED');
    expect(own.status).toBe(403);
    expect(own.as(problemSchema).detail).toMatch(/your own/);
    const admins = await asked(a.admin, '2026-03-16', '2026-03-17');
    expect((await decide(a.admin, admins.id, 'APPROVED')).status).toBe(403);

    // An admin may decide anyone else's.
    expect((await decide(a.admin, carols.id, 'APPROVED')).status).toBe(200);
    expect((await decide(a.admin, managers.id, 'REJECTED')).status).toBe(200);
  });

  it('answers 412 to a decision on a stale version', async () => {
    const leave = await asked(a.alice, '2026-03-16', '2026-03-20');
    await svc.request('PUT', `/api/leave/${leave.id}`, {
      token: a.alice.token,
      body: { startDate: '2026-03-16', endDate: '2026-03-18', type: 'ANNUAL' },
    });
    const res = await decide(a.manager, leave.id, 'APPROVED', { 'if-match': '"1"' });
    expect(res.status).toBe(412);
    expect(leaveSchema.parse(res.as(problemSchema).current)).toMatchObject({ status: 'PENDING', days: 3 });
  });
});

describe('review comments', () => {
  it('keeps what the reviewer wrote, returns it with the request and in the owner’s notification', async () => {
    const leave = await asked(a.alice, '2026-06-01', '2026-06-02');
    const res = await svc.request('PUT', `/api/leave/${leave.id}/status`, {
      token: a.manager.token,
      body: { status: 'REJECTED', comment: 'The release is that week' },
    });
    expect(res.status).toBe(200);
    expect(leaveSchema.parse(res.body)).toMatchObject({
      status: 'REJECTED',
      reviewComment: 'The release is that week',
    });
    const read = await svc.request('GET', `/api/leave/${leave.id}`, { token: a.alice.token });
    expect(leaveSchema.parse(read.body).reviewComment).toBe('The release is that week');
    const note = (await notificationsOf(a.alice)).data.find((n) => n.data.leaveId === leave.id)!;
    expect(note).toMatchObject({ type: 'LEAVE_REJECTED' });
    expect(note.body).toContain('“The release is that week”');

    const plain = await asked(a.bob, '2026-06-01', '2026-06-02');
    const approved = await decide(a.manager, plain.id, 'APPROVED');
    expect(leaveSchema.parse(approved.body).reviewComment).toBeNull();
  });

  it('refuses a comment over 500 characters, in words', async () => {
    const leave = await asked(a.alice, '2026-06-08', '2026-06-09');
    const res = await svc.request('PUT', `/api/leave/${leave.id}/status`, {
      token: a.manager.token,
      body: { status: 'APPROVED', comment: 'x'.repeat(501) },
    });
    expect(res.status).toBe(400);
    expect(res.as(problemSchema).errors).toMatchObject([
      { path: 'comment', message: 'The reason is too long: at most 500 characters' },
    ]);
  });
});

describe('reading leave', () => {
  it('GET /api/leave: own always, a direct report for a MANAGER, anyone for an ADMIN; else 403 or 404', async () => {
    await asked(a.alice, '2026-03-16', '2026-03-17');
    await asked(a.alice, '2026-04-13', '2026-04-14');
    await asked(a.carol, '2026-03-16', '2026-03-17');
    const own = (await svc.request('GET', '/api/leave', { token: a.alice.token })).as(leaveListSchema);
    expect(own.data.map((l) => l.startDate)).toEqual(['2026-04-13T00:00:00.000Z', '2026-03-16T00:00:00.000Z']);
    const byManager = await svc.request('GET', `/api/leave?userId=${a.alice.id}`, { token: a.manager.token });
    expect(byManager.as(leaveListSchema).meta.total).toBe(2);
    expect((await svc.request('GET', `/api/leave?userId=${a.carol.id}`, { token: a.manager.token })).status).toBe(403);
    expect((await svc.request('GET', `/api/leave?userId=${a.alice.id}`, { token: a.bob.token })).status).toBe(403);
    expect(
      (await svc.request('GET', `/api/leave?userId=${a.carol.id}`, { token: a.admin.token })).as(leaveListSchema).meta
        .total,
    ).toBe(1);
    expect((await svc.request('GET', `/api/leave?userId=${a.alice.id}`, { token: a.globexAdmin.token })).status).toBe(
      404,
    );
    const pending = await svc.request('GET', '/api/leave?status=APPROVED', { token: a.alice.token });
    expect(pending.as(leaveListSchema).data).toEqual([]);
  });

  it('pending-approvals: what the caller may decide; empty for a USER', async () => {
    const alices = await asked(a.alice, '2026-03-16', '2026-03-17');
    const bobs = await asked(a.bob, '2026-03-18', '2026-03-19');
    const carols = await asked(a.carol, '2026-03-16', '2026-03-17');
    const managers = await asked(a.manager, '2026-03-16', '2026-03-17');
    const admins = await asked(a.admin, '2026-03-16', '2026-03-17');
    await decide(a.manager, bobs.id, 'APPROVED');
    const ids = async (who: Account) =>
      (await svc.request('GET', '/api/leave/pending-approvals', { token: who.token }))
        .as(leaveListSchema)
        .data.map((l) => l.id)
        .sort();
    expect(await ids(a.manager)).toEqual([alices.id]);
    expect(await ids(a.alice)).toEqual([]);
    expect(await ids(a.admin)).toEqual([alices.id, carols.id, managers.id].sort());
    expect(await ids(a.admin)).not.toContain(admins.id);
  });

  it('upcoming: approved leave ending today or later, in scope, sorted as asked', async () => {
    const past = await asked(a.alice, '2026-02-23', '2026-02-24');
    const current = await asked(a.alice, '2026-02-27', '2026-03-03');
    const future = await asked(a.alice, '2026-05-04', '2026-05-08');
    const later = await asked(a.bob, '2026-04-20', '2026-04-21');
    const pendingOnly = await asked(a.alice, '2026-06-01', '2026-06-02');
    for (const l of [past, current, future, later]) await decide(a.manager, l.id, 'APPROVED');
    const ids = async (who: Account, q = '') =>
      (await svc.request('GET', `/api/leave/upcoming${q}`, { token: who.token }))
        .as(leaveListSchema)
        .data.map((l) => l.id);
    expect((await ids(a.alice)).sort()).toEqual([current.id, future.id].sort());
    expect(await ids(a.alice)).not.toContain(pendingOnly.id);
    expect(await ids(a.manager, '?sortBy=startDate&sortOrder=asc')).toEqual([current.id, later.id, future.id]);
    expect(await ids(a.carol)).toEqual([]);
    for (const sortBy of upcomingSortFields) {
      for (const order of ['asc', 'desc'] as const) {
        const list = (
          await svc.request('GET', `/api/leave/upcoming?sortBy=${sortBy}&sortOrder=${order}`, { token: a.admin.token })
        ).as(leaveListSchema);
        const values = list.data.map((l) => l[sortBy]);
        const sorted = [...values].sort();
        expect(values, `${sortBy} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
    expect((await svc.request('GET', '/api/leave/upcoming?sortBy=days', { token: a.admin.token })).status).toBe(400);
  });

  it('team: 403 for a USER; reports for a MANAGER; the organization for an ADMIN; filters, sorts and pages', async () => {
    expect((await svc.request('GET', '/api/leave/team', { token: a.alice.token })).status).toBe(403);
    const made: Leave[] = [];
    for (const [who, start, end, type] of [
      [a.alice, '2026-03-16', '2026-03-17', 'ANNUAL'],
      [a.alice, '2026-04-13', '2026-04-17', 'SICK'],
      [a.bob, '2026-03-09', '2026-03-09', 'UNPAID'],
      [a.bob, '2026-05-11', '2026-05-12', 'OTHER'],
      [a.carol, '2026-03-10', '2026-03-11', 'ANNUAL'],
      [a.manager, '2026-03-12', '2026-03-13', 'ANNUAL'],
    ] as const) {
      svc.clock.advance(1000);
      made.push(await asked(who, start, end, { type }));
    }
    await decide(a.manager, made[0]!.id, 'APPROVED');
    await decide(a.manager, made[2]!.id, 'REJECTED');
    const team = async (who: Account, q = '') =>
      (await svc.request('GET', `/api/leave/team${q}`, { token: who.token })).as(leaveListSchema);
    expect((await team(a.manager)).data.map((l) => l.userId).sort()).toEqual(
      [a.alice.id, a.alice.id, a.bob.id, a.bob.id].sort(),
    );
    expect((await team(a.admin)).meta.total).toBe(6);
    expect((await team(a.manager, '?status=PENDING')).meta.total).toBe(2);
    expect((await team(a.manager, `?userId=${a.bob.id}`)).data.every((l) => l.userId === a.bob.id)).toBe(true);
    expect((await svc.request('GET', `/api/leave/team?userId=${a.carol.id}`, { token: a.manager.token })).status).toBe(
      403,
    );
    expect((await svc.request('GET', `/api/leave/team?userId=${a.dave.id}`, { token: a.admin.token })).status).toBe(
      404,
    );

    for (const sortBy of teamSortFields) {
      for (const order of ['asc', 'desc'] as const) {
        const values = (await team(a.admin, `?sortBy=${sortBy}&sortOrder=${order}&pageSize=50`)).data.map(
          (l) => l[sortBy],
        );
        const sorted = [...values].sort();
        expect(values, `${sortBy} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
      }
    }
    const pages = [1, 2, 3].map((page) => team(a.admin, `?page=${page}&pageSize=2&sortBy=startDate`));
    const rows = (await Promise.all(pages)).flatMap((p) => p.data.map((l) => l.id));
    expect(new Set(rows).size).toBe(6);
    const beyond = await team(a.admin, '?page=4&pageSize=2');
    expect(beyond).toMatchObject({ data: [], meta: { total: 6, totalPages: 3 } });
    expect((await svc.request('GET', '/api/leave/team?pageSize=0', { token: a.admin.token })).status).toBe(400);
    expect((await svc.request('GET', '/api/leave/team?sortBy=notes', { token: a.admin.token })).status).toBe(400);
  });
});

describe('the calendar', () => {
  const april = '?startDate=2026-04-01&endDate=2026-04-30';
  const cal = async (who: Account, q = april) => {
    const res = await svc.request('GET', `/api/leave/calendar${q}`, { token: who.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.as(calendarSchema);
  };

  it('groups by user, each with the public holidays of their own nationality', async () => {
    const c = await cal(a.alice);
    expect(c.range).toEqual({ startDate: '2026-04-01', endDate: '2026-04-30' });
    const nationalities = new Set(c.users.map((u) => u.user.nationality));
    expect(nationalities.size).toBeGreaterThan(1);
    for (const { user, holidays } of c.users) {
      expect(holidays).toEqual(publicHolidaysBetween(user.nationality, '2026-04-01', '2026-04-30'));
    }
    const byEmail = (id: string) => c.users.find((u) => u.user.id === id)!;
    expect(byEmail(a.alice.id).holidays.map((h) => h.date)).toEqual(['2026-04-03', '2026-04-06']);
    expect(byEmail(a.bob.id).holidays.map((h) => h.name)).toEqual(['Good Friday', 'Easter Monday']);
  });

  it('shows the caller’s department and scope; a USER sees colleagues’ approved leave only, without notes, private types as OTHER', async () => {
    const sick = await asked(a.bob, '2026-04-13', '2026-04-14', { type: 'SICK', notes: 'Flu' });
    const annual = await asked(a.bob, '2026-04-20', '2026-04-21', { notes: 'Trip' });
    const pending = await asked(a.bob, '2026-04-27', '2026-04-28', { type: 'BEREAVEMENT' });
    await decide(a.manager, sick.id, 'APPROVED');
    await decide(a.manager, annual.id, 'APPROVED');
    const carols = await asked(a.carol, '2026-04-13', '2026-04-14');
    await decide(a.admin, carols.id, 'APPROVED');

    const aliceView = await cal(a.alice);
    const ids = aliceView.users.map((u) => u.user.id);
    expect(ids).toContain(a.bob.id);
    expect(ids).toContain(a.manager.id);
    expect(ids).not.toContain(a.carol.id); // another department, not in scope
    const bobForAlice = aliceView.users.find((u) => u.user.id === a.bob.id)!.leave;
    expect(bobForAlice.map((l) => [l.id, l.type, l.notes])).toEqual([
      [sick.id, 'OTHER', null],
      [annual.id, 'ANNUAL', null],
    ]);

    const managerView = await cal(a.manager);
    const bobForManager = managerView.users.find((u) => u.user.id === a.bob.id)!.leave;
    expect(bobForManager.map((l) => [l.id, l.type, l.notes])).toEqual([
      [sick.id, 'SICK', 'Flu'],
      [annual.id, 'ANNUAL', 'Trip'],
      [pending.id, 'BEREAVEMENT', null],
    ]);

    const adminView = await cal(a.admin);
    expect(adminView.users.find((u) => u.user.id === a.carol.id)!.leave.map((l) => l.id)).toEqual([carols.id]);
    expect(adminView.users.some((u) => u.user.id === a.dave.id)).toBe(false);

    // Only the leave outside one's scope, for a client that keeps its scope's from the leave lists:
    // the same people, in-scope leave left out, the rest as shown above.
    const outside = `${april}&leaveOf=outsideScope`;
    const managerOutside = await cal(a.manager, outside);
    expect(managerOutside.users.map((u) => u.user.id)).toEqual(managerView.users.map((u) => u.user.id));
    expect(managerOutside.users.find((u) => u.user.id === a.bob.id)!.leave).toEqual([]);
    const aliceOutside = await cal(a.alice, outside);
    expect(aliceOutside.users.find((u) => u.user.id === a.bob.id)!.leave).toEqual(bobForAlice);
    expect(aliceOutside.users.find((u) => u.user.id === a.alice.id)!.leave).toEqual([]);
    expect((await cal(a.admin, outside)).users.flatMap((u) => u.leave)).toEqual([]);
    const refused = await svc.request('GET', `/api/leave/calendar${april}&leaveOf=mine`, { token: a.alice.token });
    expect(refused.status).toBe(400);

    // The type filter applies to what the caller may see: SICK does not reveal a colleague's sick leave.
    const sickForAlice = await cal(a.alice, `${april}&types=SICK`);
    expect(sickForAlice.users.flatMap((u) => u.leave)).toEqual([]);
    const sickForManager = await cal(a.manager, `${april}&types=SICK,ANNUAL`);
    expect(
      sickForManager.users
        .flatMap((u) => u.leave)
        .map((l) => l.id)
        .sort(),
    ).toEqual([sick.id, annual.id].sort());
  });

  it('narrows by department, and mixes nationalities across one organization', async () => {
    const me = (await svc.request('GET', '/api/users/me', { token: a.carol.token })).as(userSchema);
    const sales = await cal(a.admin, `${april}&departmentId=${me.departmentId}`);
    expect(sales.users.length).toBeGreaterThan(0);
    expect(sales.users.every((u) => u.user.departmentId === me.departmentId)).toBe(true);
    const everyone = await cal(a.admin);
    expect(new Set(everyone.users.map((u) => u.user.nationality)).size).toBeGreaterThanOrEqual(3);
  });

  it('refuses a range over 366 days, a missing date, an end before the start, an unknown type', async () => {
    for (const q of [
      '?startDate=2026-01-01&endDate=2027-01-02',
      '?startDate=2026-01-01',
      '?startDate=2026-04-30&endDate=2026-04-01',
      `${april}&types=ANNUAL,NAP`,
    ]) {
      const res = await svc.request('GET', `/api/leave/calendar${q}`, { token: a.alice.token });
      expect(res.status, q).toBe(400);
      expect(res.as(problemSchema).errors?.length, q).toBeGreaterThan(0);
    }
    expect(
      (
        await svc.request('GET', '/api/leave/calendar?startDate=2026-01-01&endDate=2027-01-01', {
          token: a.alice.token,
        })
      ).status,
    ).toBe(200);
  });
});
