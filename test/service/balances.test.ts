import { describe, expect, it } from 'vitest';
import {
  allocationListSchema,
  allocationSchema,
  balancesSchema,
  leavePolicySchema,
  leaveSchema,
  problemSchema,
  userSchema,
  type LeaveBalance,
} from '../../src-shared/wire';
import { useDemoService, type Account } from '../support/accounts';

// The clock stands at 2026-03-02T09:00:00Z (a Monday): days carried from 2025 may be used until 31 March.
const env = useDemoService({ scale: 0 });

async function call(who: Account, method: string, path: string, body?: unknown) {
  return env.svc.request(method, path, { token: who.token, ...(body === undefined ? {} : { body }) });
}

async function request(who: Account, startDate: string, endDate: string, type = 'ANNUAL') {
  const res = await call(who, 'POST', '/api/leave', { startDate, endDate, type });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.as(leaveSchema);
}

async function approve(id: string) {
  const res = await call(env.a.manager, 'PUT', `/api/leave/${id}/status`, { status: 'APPROVED' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function annual(who: Account, userId: string, year?: number): Promise<LeaveBalance> {
  const query = new URLSearchParams({ userId, ...(year ? { year: String(year) } : {}) });
  const res = await call(who, 'GET', `/api/leave/balances?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.as(balancesSchema).balances.find((b) => b.type === 'ANNUAL')!;
}

let made = 0;
const JOINER_PASSWORD = 'joiners own passphrase';

/** A new employee of Acme reporting to the manager, signed in. */
async function employee(startDate: string | null, nationality = 'GB'): Promise<Account> {
  made += 1;
  const email = `joiner${made}@acme.test`;
  const res = await call(env.a.admin, 'POST', '/api/users', {
    email,
    password: JOINER_PASSWORD,
    firstName: 'New',
    lastName: `Joiner ${made}`,
    nationality,
    managerId: env.a.manager.id,
    startDate,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const user = res.as(userSchema);
  expect(user.startDate).toBe(startDate);
  const token = await env.svc.signIn(email, JOINER_PASSWORD);
  return { token: token.access_token, id: user.id };
}

describe('a balance, figure by figure', () => {
  it('carries unused days over the year boundary, counts approved, booked and pending days, skips holidays and adds adjustments', async () => {
    const { alice, admin } = env.a;
    const person = await employee('2021-03-01');
    // 2025: 10 days in June, and 9 in May (the 26th is the spring bank holiday).
    await approve((await request(person, '2025-06-02', '2025-06-13')).id);
    const may = await request(person, '2025-05-19', '2025-05-30');
    expect(may.days).toBe(9);
    await approve(may.id);
    // 25 − 19 = 6 unused: 5 carry over (the policy's limit); 2024's carried days lapsed unused.
    const last = await annual(admin, person.id, 2025);
    expect(last).toMatchObject({ allowance: 25, carriedOver: 0, lapsed: 5, taken: 19, booked: 0, remaining: 6 });

    // 2026: five days taken in February, five booked in March, and a pending request over Easter
    // (Good Friday and Easter Monday are GB holidays: 4 working days of 1–8 April).
    await approve((await request(person, '2026-02-16', '2026-02-20')).id);
    await approve((await request(person, '2026-03-09', '2026-03-13')).id);
    const easter = await request(person, '2026-04-01', '2026-04-08');
    expect(easter.days).toBe(4);
    const granted = await call(admin, 'POST', '/api/leave/allocations', {
      userId: person.id,
      type: 'ANNUAL',
      year: 2026,
      days: 2,
      reason: 'Long service: five years with us',
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    expect(granted.as(allocationSchema)).toMatchObject({ days: 2, createdBy: admin.id, year: 2026 });

    expect(await annual(person, person.id)).toEqual({
      type: 'ANNUAL',
      counted: true,
      allowance: 25,
      carriedOver: 5,
      carryOverUntil: '2026-03-31',
      adjustments: 2,
      taken: 5,
      booked: 5,
      pending: 4,
      // 25 + 5 + 2 − 5 − 5 − 4
      remaining: 18,
      // The ten days before 31 March use the five carried ones up.
      expiring: 0,
      lapsed: 0,
    });
    // A type not counted is recorded but has nothing remaining.
    await approve((await request(person, '2026-05-11', '2026-05-12', 'SICK')).id);
    const all = (await call(person, 'GET', '/api/leave/balances')).as(balancesSchema);
    expect(all).toMatchObject({ userId: person.id, year: 2026, startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(all.balances.find((b) => b.type === 'SICK')).toMatchObject({ counted: false, booked: 2, remaining: null });
    // Someone else's balance is not Alice's business.
    expect((await call(alice, 'GET', `/api/leave/balances?userId=${person.id}`)).status).toBe(404);
  });

  it('gives a joiner the allowance pro rata from the start date, none before it', async () => {
    // From 1 July: 184 of 365 days, 12.6 days, to the half day 12.5.
    const joiner = await employee('2026-07-01');
    expect(await annual(joiner, joiner.id)).toMatchObject({ allowance: 12.5, carriedOver: 0, remaining: 12.5 });
    expect(await annual(joiner, joiner.id, 2025)).toMatchObject({ allowance: 0, remaining: 0 });
    expect(await annual(joiner, joiner.id, 2027)).toMatchObject({ allowance: 25, carriedOver: 5 });
  });

  it('carries days that lapse unused after the policy’s month, and says how many are expiring before then', async () => {
    const person = await employee('2020-01-01');
    // Nothing taken in 2025: five carry into 2026, none used yet, so all five expire on 31 March.
    expect(await annual(person, person.id)).toMatchObject({ carriedOver: 5, expiring: 5, remaining: 30 });
    env.svc.clock.advance(31 * 86_400_000); // 2 April
    const fresh = await env.svc.signIn(`joiner${made}@acme.test`, JOINER_PASSWORD);
    const after = await annual({ token: fresh.access_token, id: person.id }, person.id);
    env.svc.clock.advance(-31 * 86_400_000);
    expect(after).toMatchObject({ carriedOver: 0, lapsed: 5, expiring: 0, remaining: 25 });
  });
});

describe('the floor', () => {
  it('refuses a request and an approval below it in words, and gives days back on withdrawal and rejection', async () => {
    const { admin, manager } = env.a;
    // From 1 October: 92 of 365 days of 25, 6.3, so 6.5.
    const person = await employee('2026-10-01');
    const tooMuch = await call(person, 'POST', '/api/leave', {
      startDate: '2026-10-05',
      endDate: '2026-10-16',
      type: 'ANNUAL',
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.as(problemSchema).errors).toEqual([
      {
        path: 'endDate',
        code: 'rules.balance.floor',
        message: 'This leaves −3.5 days of annual leave; the most allowed is 0',
      },
    ]);
    // Unpaid leave counts against nothing: no floor.
    expect(
      (await call(person, 'POST', '/api/leave', { startDate: '2026-11-02', endDate: '2026-11-13', type: 'UNPAID' }))
        .status,
    ).toBe(201);

    const week = await request(person, '2026-10-05', '2026-10-09');
    expect((await annual(person, person.id)).remaining).toBe(1.5);
    // A change that takes more is refused the same way; one that takes less is not.
    const longer = await call(person, 'PUT', `/api/leave/${week.id}`, {
      startDate: '2026-10-05',
      endDate: '2026-10-14',
      type: 'ANNUAL',
    });
    expect(longer.status).toBe(409);
    expect(longer.as(problemSchema).detail).toBe('This leaves −1.5 days of annual leave; the most allowed is 0');

    // HR takes two days back: approving the week would now leave −0.5.
    const deducted = await call(admin, 'POST', '/api/leave/allocations', {
      userId: person.id,
      type: 'ANNUAL',
      year: 2026,
      days: -2,
      reason: 'Two days taken before the start date',
    });
    expect(deducted.status).toBe(201);
    const refused = await call(manager, 'PUT', `/api/leave/${week.id}/status`, { status: 'APPROVED' });
    expect(refused.status).toBe(409);
    expect(refused.as(problemSchema).detail).toBe('This leaves −0.5 days of annual leave; the most allowed is 0');
    // Rejecting is always possible, and gives the days back at once.
    expect((await call(manager, 'PUT', `/api/leave/${week.id}/status`, { status: 'REJECTED' })).status).toBe(200);
    expect(await annual(person, person.id)).toMatchObject({ pending: 0, remaining: 4.5 });

    // With room below zero in the policy, the same request passes.
    const policy = (await call(admin, 'GET', '/api/leave/policy')).as(leavePolicySchema);
    const roomy = await call(admin, 'PUT', '/api/leave/policy', { floorDays: 2 });
    expect(roomy.status).toBe(200);
    const again = await request(person, '2026-10-05', '2026-10-09');
    expect((await annual(person, person.id)).remaining).toBe(-0.5);
    // Withdrawn: the days are back.
    expect((await call(person, 'DELETE', `/api/leave/${again.id}`)).status).toBe(204);
    expect((await annual(person, person.id)).remaining).toBe(4.5);
    expect((await call(admin, 'PUT', '/api/leave/policy', { floorDays: policy.floorDays })).status).toBe(200);
  });
});

describe('who may read and adjust', () => {
  it('scopes balances and adjustments like the leave list, and adjustments to admins unless the policy lets managers', async () => {
    const { alice, bob, carol, manager, admin, globexAdmin } = env.a;
    const read = async (who: Account, userId: string) =>
      (await call(who, 'GET', `/api/leave/balances?userId=${userId}`)).status;
    expect(await read(alice, alice.id)).toBe(200);
    expect(await read(alice, bob.id)).toBe(404);
    expect(await read(manager, alice.id)).toBe(200);
    expect(await read(manager, carol.id)).toBe(404);
    expect(await read(admin, carol.id)).toBe(200);
    expect(await read(globexAdmin, alice.id)).toBe(404);
    expect((await call(alice, 'GET', `/api/leave/allocations?userId=${bob.id}`)).status).toBe(404);
    expect((await call(globexAdmin, 'GET', `/api/leave/allocations?userId=${alice.id}`)).status).toBe(404);

    const grant = (who: Account, userId: string) =>
      call(who, 'POST', '/api/leave/allocations', { userId, type: 'ANNUAL', year: 2026, days: 1, reason: 'Move day' });
    expect((await grant(alice, alice.id)).status).toBe(403);
    expect((await grant(manager, alice.id)).status).toBe(403);
    expect((await grant(manager, carol.id)).status).toBe(404);
    expect((await grant(globexAdmin, alice.id)).status).toBe(404);
    expect((await call(admin, 'PUT', '/api/leave/policy', { managersMayAdjust: true })).status).toBe(200);
    const byManager = await grant(manager, alice.id);
    expect(byManager.status).toBe(201);
    expect((await call(admin, 'PUT', '/api/leave/policy', { managersMayAdjust: false })).status).toBe(200);
    expect((await call(manager, 'PUT', '/api/leave/policy', { floorDays: 3 })).status).toBe(403);

    // Each sees the adjustments in their scope: Alice her own, the manager his reports', Globex none of Acme's.
    const list = async (who: Account) =>
      (await call(who, 'GET', '/api/leave/allocations?pageSize=500')).as(allocationListSchema).data;
    expect((await list(alice)).map((a) => a.userId)).toEqual([alice.id]);
    expect((await list(manager)).every((a) => a.userId !== carol.id)).toBe(true);
    expect((await list(globexAdmin)).some((a) => a.userId === alice.id)).toBe(false);
    expect((await call(alice, 'GET', '/api/leave/policy')).status).toBe(200);
  });
});

describe('bad input', () => {
  it('answers 400 in words beside each field, never a 500', async () => {
    const { admin, alice } = env.a;
    const policy = await call(admin, 'PUT', '/api/leave/policy', {
      yearStartMonth: 13,
      carryOverDays: -1,
      floorDays: 'two',
      types: [
        { type: 'ANNUAL', counted: true, allowanceDays: 25 },
        { type: 'ANNUAL', counted: true, allowanceDays: 20 },
      ],
    });
    expect(policy.status).toBe(400);
    expect(policy.as(problemSchema).errors).toMatchObject([
      { path: 'yearStartMonth', message: "The leave year's first month must be at most 12" },
      { path: 'carryOverDays', message: 'The days that carry over cannot be negative' },
      { path: 'floorDays', message: 'Enter the days a balance may go below zero as a number' },
      { path: 'types[1].type', message: 'Each leave type may be set only once' },
    ]);
    const bad = async (body: Record<string, unknown>) => {
      const res = await call(admin, 'POST', '/api/leave/allocations', {
        userId: alice.id,
        type: 'ANNUAL',
        year: 2026,
        days: 1,
        reason: 'Why',
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.as(problemSchema).errors?.map(({ path, message }) => ({ path, message }));
    };
    expect(await bad({ reason: '  ' })).toEqual([{ path: 'reason', message: 'Enter the reason' }]);
    expect(await bad({ reason: 'x'.repeat(501) })).toEqual([
      { path: 'reason', message: 'The reason is too long: at most 500 characters' },
    ]);
    expect(await bad({ days: 0 })).toEqual([{ path: 'days', message: 'Enter the days to grant or deduct' }]);
    expect(await bad({ days: 1.3 })).toEqual([
      { path: 'days', message: 'Enter the days in whole or half days, such as 2.5' },
    ]);
    expect(await bad({ days: 'abc' })).toEqual([{ path: 'days', message: 'Enter the days as a number' }]);
    expect(await bad({ year: 1999 })).toEqual([{ path: 'year', message: 'The leave year must be at least 2000' }]);
    expect(await bad({ type: 'HOLIDAY' })).toEqual([{ path: 'type', message: 'Choose a type from the list' }]);
    const nobody = await call(admin, 'POST', '/api/leave/allocations', {
      userId: 'nobody',
      type: 'ANNUAL',
      year: 2026,
      days: 1,
      reason: 'Why',
    });
    expect(nobody.status).toBe(404);
    expect((await call(alice, 'GET', '/api/leave/balances?year=twenty')).status).toBe(400);
  });
});
