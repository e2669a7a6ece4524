import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../src-shared/appApi';
import { utcToday } from '../../src-shared/calendar/dates';
import type { Leave, List, User } from '../../src-shared/wire';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

// Half days offline: counted by the rulebook in the app as the service counts them, checked before
// they are queued, decided offline, and held once by the service after the sync.
let service: ServiceProcess;
const apps: TestBackend[] = [];

beforeAll(async () => {
  service = await new ServiceProcess(12).start();
});
afterAll(async () => {
  await service.dispose();
});
afterEach(() => {
  for (const app of apps.splice(0)) app.dispose();
});

const nextYear = Number(utcToday(new Date()).slice(0, 4)) + 1;

/** A Friday of next year from February (New Year's Day may be one) on which Carol has no leave at all. */
function freeFriday(mine: readonly Leave[]): string {
  return [...Array(360).keys()]
    .map((day) => new Date(Date.UTC(nextYear, 1, 1 + day)).toISOString().slice(0, 10))
    .filter((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 5)
    .find((friday) => !mine.some((l) => l.startDate.slice(0, 10) <= friday && l.endDate.slice(0, 10) >= friday))!;
}

describe('half days in the app', () => {
  it('an afternoon asked offline is half a day, checked as the service checks it, approved offline, held once', async () => {
    const carolApp = new TestBackend();
    const managerApp = new TestBackend();
    apps.push(carolApp, managerApp);
    const me = await carolApp.signIn(service.url, 'carol@acme.test');
    await carolApp.call('sync.now');
    const carol = await service.as('carol@acme.test');
    const mine = (await carol<List<Leave>>('GET', `/api/leave?userId=${me.userId}&pageSize=500`)).body.data;
    const friday = freeFriday(mine);
    const annual = async () =>
      (await carolApp.call('leave.balances', { year: nextYear }))!.balances.find((b) => b.type === 'ANNUAL')!;
    const before = await annual();

    await service.down(async () => {
      const preview = await carolApp.call('leave.preview', {
        startDate: friday,
        endDate: friday,
        startPart: 'AFTERNOON',
        type: 'ANNUAL',
      });
      expect(preview?.workingDays).toBe(0.5);
      const afternoon = await carolApp.call('leave.create', {
        startDate: friday,
        endDate: friday,
        startPart: 'AFTERNOON',
        type: 'ANNUAL',
      });
      expect(afternoon).toMatchObject({ days: 0.5, startPart: 'AFTERNOON', endPart: 'FULL' });
      expect((await annual()).remaining).toBe(before.remaining! - 0.5);
      // The same afternoon again is refused before it is queued; the morning is free.
      const again = carolApp.call('leave.create', {
        startDate: friday,
        endDate: friday,
        startPart: 'AFTERNOON',
        type: 'ANNUAL',
      });
      await expect(again).rejects.toMatchObject({ code: 'CONFLICT' } satisfies Partial<AppError>);
      const both = carolApp.call('leave.create', {
        startDate: friday,
        endDate: friday,
        startPart: 'AFTERNOON',
        endPart: 'MORNING',
        type: 'ANNUAL',
      });
      await expect(both).rejects.toMatchObject({ code: 'INVALID_INPUT', details: [{ path: 'endPart' }] });
      expect((await carolApp.call('sync.status')).pending).toBe(1);
    });
    await carolApp.call('sync.now');
    expect((await carolApp.call('sync.status')).pending).toBe(0);

    // Her manager, the lead of her department, decides.
    const admin = await service.as('admin@acme.test');
    const managerId = (await admin<User>('GET', `/api/users/${me.userId}`)).body.managerId!;
    const manager = (await admin<User>('GET', `/api/users/${managerId}`)).body;
    await managerApp.signIn(service.url, manager.email);
    await managerApp.call('sync.now');
    const waiting = (await managerApp.call('leave.pendingApprovals', {})).data.find(
      (l) => l.userId === me.userId && l.startDate.startsWith(friday),
    )!;
    expect(waiting).toMatchObject({ days: 0.5, startPart: 'AFTERNOON' });
    await service.down(async () => {
      await managerApp.call('leave.setStatus', { id: waiting.id, status: 'APPROVED' });
    });
    await managerApp.call('sync.now');
    expect((await managerApp.call('sync.status')).pending).toBe(0);

    const held = (await carol<List<Leave>>('GET', `/api/leave?userId=${me.userId}&pageSize=500`)).body.data.filter(
      (l) => l.startDate.startsWith(friday),
    );
    expect(held).toEqual([expect.objectContaining({ status: 'APPROVED', days: 0.5, startPart: 'AFTERNOON' })]);
    await carolApp.call('sync.now');
    expect((await annual()).remaining).toBe(before.remaining! - 0.5);
  });
});

describe('blocked dates and calendar feeds in the app', () => {
  it('a request over Globex’s year-end close is refused offline in its words, with nothing queued', async () => {
    const daveApp = new TestBackend();
    apps.push(daveApp);
    await daveApp.signIn(service.url, 'dave@globex.test');
    await daveApp.call('sync.now');
    const year = utcToday(new Date()).slice(0, 4);
    await service.down(async () => {
      const preview = await daveApp.call('leave.preview', {
        startDate: `${year}-12-21`,
        endDate: `${year}-12-23`,
        type: 'ANNUAL',
      });
      expect(preview?.blocked).toBe('The year-end close, 22 to 31 December: no annual leave');
      const asked = daveApp.call('leave.create', {
        startDate: `${year}-12-21`,
        endDate: `${year}-12-23`,
        type: 'ANNUAL',
      });
      await expect(asked).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        details: [{ path: 'startDate', message: 'The year-end close, 22 to 31 December: no annual leave' }],
      });
      expect((await daveApp.call('sync.status')).pending).toBe(0);
    });
  });

  it('a feed made offline gets its address at the sync, answers without a token, and is revoked offline', async () => {
    const carolApp = new TestBackend();
    apps.push(carolApp);
    await carolApp.signIn(service.url, 'carol@acme.test');
    await carolApp.call('sync.now');
    await service.down(async () => {
      await expect(carolApp.call('calendar.subscribe', { scope: 'TEAM' })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      const made = await carolApp.call('calendar.subscribe', { scope: 'ME', includePending: true });
      expect(made.url).toBeUndefined();
      expect(await carolApp.call('calendar.feeds', {})).toEqual([
        expect.objectContaining({ id: made.id, scope: 'ME', includePending: true, waiting: true }),
      ]);
    });
    await carolApp.call('sync.now');
    const [feed] = await carolApp.call('calendar.feeds', {});
    expect(feed).toMatchObject({ scope: 'ME', waiting: false, url: expect.stringMatching(/\/feeds\/[\w-]{43}\.ics$/) });
    const polled = await fetch(feed!.url!);
    expect(polled.status).toBe(200);
    expect(await polled.text()).toMatch(/^BEGIN:VCALENDAR/);
    // A later sync keeps the address this computer was given.
    await carolApp.call('sync.now');
    expect((await carolApp.call('calendar.feeds', {}))[0]?.url).toBe(feed!.url);
    await service.down(async () => {
      await carolApp.call('calendar.revokeFeed', { id: feed!.id });
      expect(await carolApp.call('calendar.feeds', {})).toEqual([]);
    });
    await carolApp.call('sync.now');
    expect((await carolApp.call('sync.status')).pending).toBe(0);
    expect((await fetch(feed!.url!)).status).toBe(404);
  });
});
