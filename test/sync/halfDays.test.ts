import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../src-shared/appApi';
import { utcToday } from '../../src-shared/calendar/dates';
import type { Leave, List } from '../../src-shared/wire';
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
    const adminApp = new TestBackend();
    apps.push(carolApp, adminApp);
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

    await adminApp.signIn(service.url, 'admin@acme.test');
    await adminApp.call('sync.now');
    const waiting = (await adminApp.call('leave.pendingApprovals', {})).data.find(
      (l) => l.userId === me.userId && l.startDate.startsWith(friday),
    )!;
    expect(waiting).toMatchObject({ days: 0.5, startPart: 'AFTERNOON' });
    await service.down(async () => {
      await adminApp.call('leave.setStatus', { id: waiting.id, status: 'APPROVED' });
    });
    await adminApp.call('sync.now');
    expect((await adminApp.call('sync.status')).pending).toBe(0);

    const held = (await carol<List<Leave>>('GET', `/api/leave?userId=${me.userId}&pageSize=500`)).body.data.filter(
      (l) => l.startDate.startsWith(friday),
    );
    expect(held).toEqual([expect.objectContaining({ status: 'APPROVED', days: 0.5, startPart: 'AFTERNOON' })]);
    await carolApp.call('sync.now');
    expect((await annual()).remaining).toBe(before.remaining! - 0.5);
  });
});
