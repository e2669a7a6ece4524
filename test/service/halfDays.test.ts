import { describe, expect, it } from 'vitest';
import { balancesSchema, leaveSchema, notificationListSchema, problemSchema } from '../../src-shared/wire';
import { callerOf, leaveAskerOf, useDemoService, type Account } from '../support/accounts';

// The clock stands at Monday 2 March 2026, 09:00 UTC. Alice is British and reports to the manager.
const env = useDemoService({ scale: 0 });

const call = callerOf(env);
const asked = leaveAskerOf(call);

async function annual(who: Account, year: number) {
  const res = await call(who, 'GET', `/api/leave/balances?year=${year}`);
  return res.as(balancesSchema).balances.find((b) => b.type === 'ANNUAL')!;
}

describe('half days', () => {
  it('count in halves, keep where a request starts and ends, and tell the manager so', async () => {
    const { alice, manager } = env.a;
    const friday = await asked(alice, { startDate: '2026-03-06', endDate: '2026-03-06', startPart: 'AFTERNOON' });
    expect(friday).toMatchObject({ days: 0.5, startPart: 'AFTERNOON', endPart: 'FULL' });
    // Wednesday afternoon to Friday morning: two days.
    const midweek = await asked(alice, {
      startDate: '2026-03-11',
      endDate: '2026-03-13',
      startPart: 'AFTERNOON',
      endPart: 'MORNING',
    });
    expect(midweek).toMatchObject({ days: 2, startPart: 'AFTERNOON', endPart: 'MORNING' });
    const read = (await call(alice, 'GET', `/api/leave/${midweek.id}`)).as(leaveSchema);
    expect(read).toMatchObject({ startPart: 'AFTERNOON', endPart: 'MORNING', days: 2 });
    // Changed to end on Friday evening: two and a half; a request without parts is whole days.
    const changed = await call(
      alice,
      'PUT',
      `/api/leave/${midweek.id}`,
      { startDate: '2026-03-11', endDate: '2026-03-13', startPart: 'AFTERNOON', type: 'ANNUAL' },
      { 'if-match': `"${midweek.version}"` },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.as(leaveSchema)).toMatchObject({ days: 2.5, endPart: 'FULL' });
    expect(await asked(alice, { startDate: '2026-03-23', endDate: '2026-03-24' })).toMatchObject({
      days: 2,
      startPart: 'FULL',
      endPart: 'FULL',
    });
    const told = (await call(manager, 'GET', '/api/notifications?limit=100'))
      .as(notificationListSchema)
      .data.map((n) => n.body);
    expect(told).toContain('Annual leave, 2026-03-06 afternoon (0.5 working days)');
    expect(told).toContain('Annual leave, 2026-03-11 afternoon to 2026-03-13 morning (2 working days)');
  });

  it('let a morning and an afternoon of one day be two requests, and refuse a half already taken', async () => {
    const { bob } = env.a;
    await asked(bob, { startDate: '2026-04-20', endDate: '2026-04-20', endPart: 'MORNING' });
    await asked(bob, { startDate: '2026-04-20', endDate: '2026-04-21', startPart: 'AFTERNOON' });
    const clash = async (body: Record<string, unknown>) => {
      const res = await call(bob, 'POST', '/api/leave', { type: 'ANNUAL', ...body });
      expect(res.status, JSON.stringify(body)).toBe(409);
      return res.as(problemSchema).detail;
    };
    expect(await clash({ startDate: '2026-04-20', endDate: '2026-04-20', startPart: 'AFTERNOON' })).toMatch(
      /^These dates overlap your pending leave from 2026-04-20 to 2026-04-2[01]$/,
    );
    expect(await clash({ startDate: '2026-04-17', endDate: '2026-04-20', endPart: 'MORNING' })).toMatch(/overlap/);
    expect(await clash({ startDate: '2026-04-21', endDate: '2026-04-21', endPart: 'MORNING' })).toMatch(/overlap/);
    // The morning after the last one ends is free.
    await asked(bob, { startDate: '2026-04-22', endDate: '2026-04-22', endPart: 'MORNING' });
  });

  it('refuse both halves of one day, a part that does not exist, and a half on a day off, in words', async () => {
    const { carol } = env.a;
    const refused = async (body: Record<string, unknown>) => {
      const res = await call(carol, 'POST', '/api/leave', { type: 'ANNUAL', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.as(problemSchema).errors;
    };
    const day = { startDate: '2026-05-06', endDate: '2026-05-06' };
    expect(await refused({ ...day, startPart: 'AFTERNOON', endPart: 'MORNING' })).toMatchObject([
      { path: 'endPart', message: expect.stringMatching(/^One day cannot start in the afternoon and end at midday/) },
    ]);
    const wrong = await refused({ ...day, startPart: 'MORNING', endPart: 'EVENING' });
    expect(wrong?.map((e) => e.path).sort()).toEqual(['endPart', 'startPart']);
    for (const issue of wrong ?? []) expect(issue.message).not.toMatch(/enum|received|expected/i);
    // Saturday afternoon is no working time at all.
    expect(await refused({ startDate: '2026-05-09', endDate: '2026-05-09', startPart: 'AFTERNOON' })).toEqual([
      { path: 'startDate', message: 'These dates cover no working days, only weekends or public holidays' },
    ]);
  });

  it('split a request over the year end by its halves in each year’s balance (checked by hand)', async () => {
    const { alice } = env.a; // Acme's leave year is the calendar year; New Year's Day is a holiday in England
    const before2026 = await annual(alice, 2026);
    const before2027 = await annual(alice, 2027);
    // Thursday 31 December afternoon to Monday 4 January morning: half of each, the rest holidays and a weekend.
    const span = await asked(alice, {
      startDate: '2026-12-31',
      endDate: '2027-01-04',
      startPart: 'AFTERNOON',
      endPart: 'MORNING',
    });
    expect(span.days).toBe(1);
    expect((await annual(alice, 2026)).pending - before2026.pending).toBe(0.5);
    expect((await annual(alice, 2027)).pending - before2027.pending).toBe(0.5);
    expect((await annual(alice, 2026)).remaining! - before2026.remaining!).toBe(-0.5);
  });
});
