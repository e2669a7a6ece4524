import { describe, expect, it } from 'vitest';
import {
  balancesSchema,
  leavePolicySchema,
  leaveSchema,
  notificationListSchema,
  problemSchema,
  userSchema,
} from '../../src-shared/wire';
import { callerOf, leaveAskerOf, useDemoService, type Account } from '../support/accounts';

// The clock stands at Monday 2 March 2026, 09:00 UTC. Acme's leave year is the calendar year, 25 days
// of annual leave; Alice and Bob report to the manager, Carol is French.
const env = useDemoService({ scale: 0 });

const call = callerOf(env);
const asked = leaveAskerOf(call);

async function refused(who: Account, body: Record<string, unknown>, status = 400) {
  const res = await call(who, 'POST', '/api/leave', { type: 'ANNUAL', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.as(problemSchema);
}

async function setPolicy(body: Record<string, unknown>) {
  const { admin } = env.a;
  const current = (await call(admin, 'GET', '/api/leave/policy')).as(leavePolicySchema);
  return call(admin, 'PUT', '/api/leave/policy', body, { 'if-match': `"${current.version}"` });
}

async function setWeek(who: Account, week: unknown, as = env.a.admin) {
  const current = (await call(as, 'GET', `/api/users/${who.id}`)).as(userSchema);
  return call(as, 'PUT', `/api/users/${who.id}`, { workingWeek: week }, { 'if-match': `"${current.version}"` });
}

const annual = async (who: Account, year = 2026) =>
  (await call(who, 'GET', `/api/leave/balances?year=${year}`))
    .as(balancesSchema)
    .balances.find((b) => b.type === 'ANNUAL')!;

const days = (weekdays: number[], part = 'FULL') => weekdays.map((weekday) => ({ weekday, part }));

describe('working weeks', () => {
  it('are in the policy, Monday to Friday until set, and refused in words when they make no sense', async () => {
    const { admin } = env.a;
    const policy = (await call(admin, 'GET', '/api/leave/policy')).as(leavePolicySchema);
    expect(policy).toMatchObject({
      workingWeek: [1, 2, 3, 4, 5],
      allowanceProRataByWeek: true,
      middayAt: '13:00',
      blockedPeriods: [],
    });
    const bad = async (body: Record<string, unknown>) => {
      const res = await setPolicy(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const errors = res.as(problemSchema).errors ?? [];
      for (const e of errors) expect(e.message).not.toMatch(/received|expected|array|string/i);
      return errors.map((e) => [e.path, e.message]);
    };
    expect(await bad({ workingWeek: [] })).toEqual([['workingWeek', 'Choose at least one working day']]);
    expect(await bad({ workingWeek: [1, 1, 2] })).toEqual([['workingWeek', 'Each day may be chosen only once']]);
    expect(await bad({ middayAt: '25:00' })).toEqual([['middayAt', 'Enter a time such as 13:00']]);
    expect(
      await bad({ blockedPeriods: [{ startDate: '2026-12-31', endDate: '2026-12-22', reason: 'The close' }] }),
    ).toEqual([['blockedPeriods[0].endDate', 'The last day must not be before the first']]);
    expect(await bad({ blockedPeriods: [{ startDate: '2026-12-22', endDate: '2026-12-31', reason: ' ' }] })).toEqual([
      ['blockedPeriods[0].reason', 'Enter the reason'],
    ]);
  });

  it('of a person count only the days they work, and their allowance pro rata (checked by hand)', async () => {
    const { bob, admin, manager } = env.a;
    // Bob asks for a whole week, then works Monday to Wednesday: the request waiting counts 3 days.
    const waiting = await asked(bob, { startDate: '2026-06-08', endDate: '2026-06-12' });
    expect(waiting.days).toBe(5);
    const decided = await asked(bob, { startDate: '2026-06-15', endDate: '2026-06-19' });
    const approval = await call(manager, 'PUT', `/api/leave/${decided.id}/status`, { status: 'APPROVED' });
    expect(approval.status, JSON.stringify(approval.body)).toBe(200);
    expect((await setWeek(bob, days([1, 2, 3]), manager)).status).toBe(403);
    expect((await setWeek(bob, [{ weekday: 8, part: 'FULL' }])).as(problemSchema).errors?.[0]?.path).toMatch(
      /^workingWeek\[0\]\.weekday$/,
    );
    const set = await setWeek(bob, days([1, 2, 3]));
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.as(userSchema).workingWeek).toEqual(days([1, 2, 3]));
    expect((await call(bob, 'GET', `/api/leave/${waiting.id}`)).as(leaveSchema).days).toBe(3);
    // Approved on a five-day week, it keeps its 5 days.
    expect((await call(bob, 'GET', `/api/leave/${decided.id}`)).as(leaveSchema).days).toBe(5);
    // 25 days × 3/5 = 15; 3 pending, 5 booked.
    expect(await annual(bob)).toMatchObject({ allowance: 15, pending: 3, booked: 5 });
    // A Thursday is not his to take; Wednesday afternoon to Monday morning is half a day and half a day.
    expect((await refused(bob, { startDate: '2026-07-02', endDate: '2026-07-02' })).errors).toEqual([
      { path: 'startDate', message: 'These dates cover no working days, only weekends or public holidays' },
    ]);
    expect(
      (await asked(bob, { startDate: '2026-07-01', endDate: '2026-07-06', startPart: 'AFTERNOON', endPart: 'MORNING' }))
        .days,
    ).toBe(1);
    // Mornings only: a week is 2.5 days, the allowance 12.5.
    expect((await setWeek(bob, days([1, 2, 3, 4, 5], 'MORNING'))).status).toBe(200);
    expect((await asked(bob, { startDate: '2026-09-07', endDate: '2026-09-11' })).days).toBe(2.5);
    expect((await annual(bob)).allowance).toBe(12.5);
    // Without pro rata the allowance is whole; back to the organization's week, it is whole again.
    expect((await setPolicy({ allowanceProRataByWeek: false })).status).toBe(200);
    expect((await annual(bob)).allowance).toBe(25);
    expect((await setPolicy({ allowanceProRataByWeek: true })).status).toBe(200);
    expect((await setWeek(bob, null)).as(userSchema).workingWeek).toBe(null);
    expect((await annual(bob)).allowance).toBe(25);
    expect((await call(admin, 'GET', `/api/leave/${waiting.id}`)).as(leaveSchema).days).toBe(5);
  });

  it('of the organization may run Sunday to Thursday', async () => {
    const { carol } = env.a;
    expect((await setPolicy({ workingWeek: [7, 1, 2, 3, 4] })).as(leavePolicySchema).workingWeek).toEqual([
      7, 1, 2, 3, 4,
    ]);
    try {
      // Friday 5 and Saturday 6 June 2026 are not worked; Sunday 7 is. Friday to the next Thursday: five days.
      expect((await refused(carol, { startDate: '2026-06-05', endDate: '2026-06-06' })).errors?.[0]?.path).toBe(
        'startDate',
      );
      expect((await asked(carol, { startDate: '2026-06-05', endDate: '2026-06-11' })).days).toBe(5);
    } finally {
      expect((await setPolicy({ workingWeek: [1, 2, 3, 4, 5] })).status).toBe(200);
    }
  });
});

describe('blocked periods', () => {
  it('refuse a request touching one in the policy’s words; an admin still records leave there, named', async () => {
    const { alice, admin, manager } = env.a;
    const yearEnd = { startDate: '2026-12-21', endDate: '2026-12-31', reason: 'The year-end close' };
    const audit = { startDate: '2026-10-05', endDate: '2026-10-09', reason: 'The audit', types: ['SICK'] };
    expect((await setPolicy({ blockedPeriods: [yearEnd, audit] })).as(leavePolicySchema).blockedPeriods).toEqual([
      yearEnd,
      audit,
    ]);
    try {
      expect((await refused(alice, { startDate: '2026-12-18', endDate: '2026-12-22' })).errors).toEqual([
        {
          path: 'startDate',
          code: 'rules.leave.blocked',
          message: 'The year-end close, 21 to 31 December: no annual leave',
        },
      ]);
      // Not counted, not blocked; a period naming types blocks those only.
      await asked(alice, { startDate: '2026-12-23', endDate: '2026-12-23', type: 'UNPAID' });
      await asked(alice, { startDate: '2026-10-05', endDate: '2026-10-05' });
      expect((await refused(alice, { startDate: '2026-10-06', endDate: '2026-10-06', type: 'SICK' })).detail).toMatch(
        /The audit, 5 to 9 October: no sick leave/,
      );
      // A request changed into one is refused as well.
      const moved = await asked(alice, { startDate: '2026-12-14', endDate: '2026-12-15' });
      const change = await call(
        alice,
        'PUT',
        `/api/leave/${moved.id}`,
        { startDate: '2026-12-14', endDate: '2026-12-21', type: 'ANNUAL' },
        { 'if-match': `"${moved.version}"` },
      );
      expect(change.status).toBe(400);
      // Only an admin records leave for someone; it is approved as recorded and names the period it overrode.
      const forAlice = { type: 'ANNUAL', startDate: '2026-12-29', endDate: '2026-12-30', userId: alice.id };
      expect((await call(manager, 'POST', '/api/leave', forAlice)).status).toBe(403);
      const recorded = await call(admin, 'POST', '/api/leave', forAlice);
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
      expect(recorded.as(leaveSchema)).toMatchObject({
        userId: alice.id,
        status: 'APPROVED',
        days: 2,
        reviewedBy: admin.id,
        recordedBy: admin.id,
        overrode: 'The year-end close, 21 to 31 December',
      });
      const read = (await call(alice, 'GET', `/api/leave/${recorded.as(leaveSchema).id}`)).as(leaveSchema);
      expect(read.overrode).toBe('The year-end close, 21 to 31 December');
      const told = (await call(alice, 'GET', '/api/notifications?limit=100')).as(notificationListSchema).data;
      expect(told.find((n) => n.data.leaveId === read.id)).toMatchObject({
        type: 'LEAVE_APPROVED',
        title: 'Leave recorded for you by Ada Admin',
      });
      // Outside any blocked period an admin's recording names none.
      const plain = await call(admin, 'POST', '/api/leave', {
        ...forAlice,
        startDate: '2026-11-02',
        endDate: '2026-11-02',
      });
      expect(plain.as(leaveSchema)).toMatchObject({ overrode: null, recordedBy: admin.id });
    } finally {
      expect((await setPolicy({ blockedPeriods: [] })).status).toBe(200);
    }
  });
});
