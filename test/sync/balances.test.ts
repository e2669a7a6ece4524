import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../src-shared/appApi';
import { utcToday } from '../../src-shared/calendar/dates';
import type { Allocation, Balances, Leave, LeavePolicy, List, User } from '../../src-shared/wire';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

// Balances computed from the cache by the service's rules: the same figures as the service's for
// everyone, and right offline before the changes reach it.
let service: ServiceProcess;
let app: TestBackend;

beforeAll(async () => {
  service = await new ServiceProcess(12).start();
});
afterAll(async () => {
  await service.dispose();
});
beforeEach(() => {
  app = new TestBackend();
});
afterEach(() => {
  app.dispose();
});

const thisYear = Number(utcToday(new Date()).slice(0, 4));

/** The service's balances and the app's, for one person and year. */
async function both(api: Awaited<ReturnType<ServiceProcess['as']>>, userId: string, year: number) {
  const served = (await api<Balances>('GET', `/api/leave/balances?userId=${userId}&year=${year}`)).body;
  const sheet = await app.call('leave.balances', { userId, year });
  return { served: served.balances, app: sheet?.balances };
}

describe('balances from the cache', () => {
  it('equal the service’s for every person of the organization, this year, last year and next', async () => {
    await app.signIn(service.url, 'admin@acme.test');
    await app.call('sync.now');
    const admin = await service.as('admin@acme.test');
    const people = (await admin<List<User>>('GET', '/api/users?pageSize=500')).body.data;
    expect(people.length).toBeGreaterThan(15);
    // Policies start in January in Acme: the app's and the service's leave year agree.
    const list = await app.call('leave.balanceList', {});
    expect(list.people).toHaveLength(people.length);
    let compared = 0;
    for (const person of people) {
      for (const year of [thisYear - 1, thisYear, thisYear + 1]) {
        const { served, app: computed } = await both(admin, person.id, year);
        expect(computed, `${person.firstName} ${person.lastName} ${year}`).toEqual(served);
        compared += served.length;
      }
      const listed = list.people.find((p) => p.userId === person.id)!;
      const served = (await admin<Balances>('GET', `/api/leave/balances?userId=${person.id}`)).body.balances;
      expect(listed.balances.map((b) => [b.type, b.remaining])).toEqual(
        served.filter((b) => b.counted).map((b) => [b.type, b.remaining]),
      );
    }
    expect(compared).toBeGreaterThan(people.length * 3);
    // Globex's year starts in April: its admin's app agrees too.
    app.dispose();
    app = new TestBackend();
    await app.signIn(service.url, 'admin@globex.test');
    await app.call('sync.now');
    const globex = await service.as('admin@globex.test');
    for (const person of (await globex<List<User>>('GET', '/api/users?pageSize=500')).body.data) {
      const { served, app: computed } = await both(globex, person.id, thisYear);
      expect(computed, person.email).toEqual(served);
    }
  });

  it('stay right offline after a request, a change and a withdrawal, and agree after the next sync', async () => {
    const me = await app.signIn(service.url, 'bob@acme.test');
    const bob = await service.as('bob@acme.test');
    const year = thisYear + 1;
    // Two requests the service holds already.
    const kept = (
      await bob<{ id: string }>('POST', '/api/leave', {
        startDate: `${year}-06-01`,
        endDate: `${year}-06-02`,
        type: 'ANNUAL',
      })
    ).body;
    await app.call('sync.now');
    const annual = async () => (await app.call('leave.balances', { year }))!.balances.find((b) => b.type === 'ANNUAL')!;
    const start = await annual();
    await service.down(async () => {
      const made = await app.call('leave.create', {
        startDate: `${year}-09-06`,
        endDate: `${year}-09-08`,
        type: 'ANNUAL',
      });
      expect((await annual()).pending).toBe(start.pending + made.days);
      expect((await annual()).remaining).toBe(start.remaining! - made.days);
      const longer = await app.call('leave.update', {
        id: made.id,
        changes: { startDate: `${year}-09-06`, endDate: `${year}-09-10`, type: 'ANNUAL' },
      });
      expect((await annual()).remaining).toBe(start.remaining! - longer.days);
      await app.call('leave.delete', { id: kept.id });
      expect((await annual()).remaining).toBe(start.remaining! - longer.days + 2);
    });
    await app.call('sync.now');
    expect((await app.call('sync.status')).pending).toBe(0);
    const { served, app: computed } = await both(bob, me.userId, year);
    expect(computed).toEqual(served);
    expect(served.find((b) => b.type === 'ANNUAL')!.remaining).toBe((await annual()).remaining);
  });

  it('the year’s totals by type and status add up the service’s requests, and one made offline at once', async () => {
    const me = await app.signIn(service.url, 'alice@acme.test');
    await app.call('sync.now');
    const alice = await service.as('alice@acme.test');
    const year = thisYear;
    const mine = (await alice<List<Leave>>('GET', `/api/leave?userId=${me.userId}&pageSize=500`)).body.data;
    const expected = new Map<string, number>();
    for (const l of mine) {
      if (!['APPROVED', 'PENDING'].includes(l.status) || !l.startDate.startsWith(String(year))) continue;
      const key = `${l.type} ${l.status}`;
      expected.set(key, (expected.get(key) ?? 0) + l.days);
    }
    const totals = async (y: number) =>
      new Map((await app.call('leave.totals', { year: y })).map((t) => [`${t.type} ${t.status}`, t.days]));
    expect(expected.size).toBeGreaterThan(0);
    expect(await totals(year)).toEqual(expected);
    // Next year's, with a request made offline on a Monday her leave leaves free.
    const free = [...Array(300).keys()]
      .map((day) => new Date(Date.UTC(year + 1, 0, 1 + day)).toISOString().slice(0, 10))
      .filter((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1)
      .find((monday) => !mine.some((l) => l.startDate.slice(0, 10) <= monday && l.endDate.slice(0, 10) >= monday))!;
    const before = (await totals(year + 1)).get('UNPAID PENDING') ?? 0;
    await service.down(async () => {
      const made = await app.call('leave.create', { startDate: free, endDate: free, type: 'UNPAID' });
      expect((await totals(year + 1)).get('UNPAID PENDING')).toBe(before + made.days);
    });
  });

  it('takes an adjustment and a policy change made offline to the service once each, and refuses a request past the floor before queuing it', async () => {
    await app.signIn(service.url, 'admin@acme.test');
    const admin = await service.as('admin@acme.test');
    const carol = (await admin<List<User>>('GET', '/api/users?search=carol')).body.data[0]!;
    await app.call('sync.now');
    const year = thisYear + 2;
    const remaining = async () =>
      (await app.call('leave.balances', { userId: carol.id, year }))!.balances.find((b) => b.type === 'ANNUAL')!
        .remaining!;
    const before = await remaining();
    await service.down(async () => {
      await app.call('leave.adjust', {
        userId: carol.id,
        type: 'ANNUAL',
        year,
        days: -20,
        reason: 'Sabbatical agreed',
      });
      expect(await remaining()).toBe(before - 20);
      const sheet = await app.call('leave.balances', { userId: carol.id, year });
      expect(sheet!.adjustmentList.map((a) => [a.days, a.reason, a.waiting, a.createdByName])).toEqual([
        [-20, 'Sabbatical agreed', true, 'Ada Admin'],
      ]);
      const policy = await app.call('leave.setPolicy', { floorDays: 1 });
      expect(policy.floorDays).toBe(1);
      expect((await app.call('leave.policy', {})).waiting).toBe(true);
    });
    await app.call('sync.now');
    await app.call('sync.now');
    const served = (await admin<List<Allocation>>('GET', `/api/leave/allocations?userId=${carol.id}&year=${year}`)).body
      .data;
    expect(served.map((a) => [a.days, a.reason])).toEqual([[-20, 'Sabbatical agreed']]);
    expect((await admin<LeavePolicy>('GET', '/api/leave/policy')).body.floorDays).toBe(1);
    expect(await remaining()).toBe(before - 20);
    expect((await app.call('leave.policy', {})).waiting).toBe(false);
    await admin('PUT', '/api/leave/policy', { floorDays: 0 });
    app.dispose();

    // Carol, offline, asks for more than she has left: refused in the rulebook's words, nothing queued.
    app = new TestBackend();
    await app.signIn(service.url, 'carol@acme.test');
    await app.call('sync.now');
    const left = await remaining();
    const asked = await app.call('leave.preview', {
      startDate: `${year}-03-01`,
      endDate: `${year}-03-31`,
      type: 'ANNUAL',
    });
    expect(asked!.balance).toMatchObject({ before: left, after: left - asked!.workingDays });
    expect(asked!.balance!.refusal).toBe(
      `This leaves −${asked!.workingDays - left} days of annual leave; the most allowed is 0`,
    );
    await service.down(async () => {
      const error = (await app
        .call('leave.create', { startDate: `${year}-03-01`, endDate: `${year}-03-31`, type: 'ANNUAL' })
        .then(
          () => null,
          (e: unknown) => e,
        )) as (AppError & { details: { path: string; message: string }[] }) | null;
      expect(error?.code).toBe('CONFLICT');
      expect(error?.details).toMatchObject([
        { path: 'endDate', code: 'rules.balance.floor', message: asked!.balance!.refusal },
      ]);
      expect((await app.call('sync.status')).pending).toBe(0);
      // What she has left fits.
      const fits = await app.call('leave.create', {
        startDate: `${year}-03-01`,
        endDate: `${year}-03-02`,
        type: 'ANNUAL',
      });
      expect(fits.status).toBe('PENDING');
    });
    await app.call('sync.now');
    expect((await app.call('sync.status')).pending).toBe(0);
  });

  it('changes the policy only as last read, and a change over one the service has had since becomes a conflict', async () => {
    await app.signIn(service.url, 'admin@acme.test');
    // Never read yet: nothing to change it against.
    const early = await app.call('leave.setPolicy', { floorDays: 3 }).then(
      () => null,
      (e: unknown) => e as AppError,
    );
    expect(early?.message).toBe('The leave policy is changed once it has been read from the service: sync first');
    await app.call('sync.now');
    const admin = await service.as('admin@acme.test');
    await service.down(async () => {
      await app.call('leave.setPolicy', { carryOverDays: 3 });
    });
    // Meanwhile, another admin changed it on the service.
    expect((await admin('PUT', '/api/leave/policy', { carryOverDays: 4 })).status).toBe(200);
    await app.call('sync.now');
    const status = await app.call('sync.status');
    expect([status.pending, status.conflicts]).toEqual([0, 1]);
    expect((await admin<LeavePolicy>('GET', '/api/leave/policy')).body.carryOverDays).toBe(4);
    const [conflict] = await app.call('conflicts.list');
    expect(conflict).toMatchObject({ kind: 'leave.setPolicy', subject: 'The leave policy' });
    expect((conflict!.theirs as LeavePolicy).carryOverDays).toBe(4);
    await admin('PUT', '/api/leave/policy', { carryOverDays: 5 });
  });
});
