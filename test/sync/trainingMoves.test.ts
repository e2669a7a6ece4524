import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../src-shared/appApi';
import type { ProblemError, Training } from '../../src-shared/wire';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

// The status rules on both sides: what the app does not offer, it refuses offline, and the service
// refuses with the same words.
let service: ServiceProcess;
let app: TestBackend;
let cancelled: Training;
let planned: Training;
let make: (name: string, startDate?: string, endDate?: string) => Promise<Training>;

beforeAll(async () => {
  service = await new ServiceProcess(4).start();
  const alice = await service.as('alice@acme.test');
  make = async (name: string, startDate = '2027-02-01', endDate?: string) => {
    const types = await app.call('trainings.references');
    return (
      await alice<Training>('POST', '/api/trainings', {
        name,
        typeId: types.types[0]!.id,
        categoryId: types.categories[0]!.id,
        startDate,
        ...(endDate ? { endDate } : {}),
      })
    ).body;
  };
  app = new TestBackend();
  await app.signIn(service.url, 'alice@acme.test');
  await app.call('sync.now');
  cancelled = await make('Cancelled course');
  planned = await make('Planned course');
  await alice('PATCH', `/api/trainings/${cancelled.id}`, { status: 'CANCELLED' });
  await app.call('sync.now');
});
afterAll(async () => {
  app.dispose();
  await service.dispose();
});

async function refusal(work: Promise<unknown>): Promise<AppError & { details: ProblemError[] }> {
  const error = (await work.then(
    () => null,
    (e: unknown) => e,
  )) as (AppError & { details: ProblemError[] }) | null;
  expect(error, 'the call was refused').not.toBeNull();
  return error!;
}

describe('a training’s status and outcome', () => {
  it('a cancelled training cannot be passed: refused offline with nothing queued, and by the service alike', async () => {
    expect((await app.call('trainings.get', { id: cancelled.id }))?.outcome).toBe('NOT_APPLICABLE');
    await service.stop();
    let offline: AppError & { details: ProblemError[] };
    try {
      offline = await refusal(
        app.call('trainings.setStatus', { id: cancelled.id, status: 'COMPLETED', outcome: 'PASSED' }),
      );
      expect(offline.code).toBe('CONFLICT');
      expect(offline.details).toMatchObject([
        {
          path: 'status',
          code: 'rules.training.statusMove',
          message: 'This training is cancelled: it cannot be made completed',
        },
      ]);
      expect((await app.call('sync.status')).pending).toBe(0);
      // What is offered is taken: planned, then cancelled here; its outcome follows.
      const moved = await app.call('trainings.setStatus', { id: planned.id, status: 'CANCELLED' });
      expect([moved.status, moved.outcome]).toEqual(['CANCELLED', 'NOT_APPLICABLE']);
    } finally {
      await service.start();
    }
    const alice = await service.as('alice@acme.test');
    const res = await alice<{ detail: string; errors: ProblemError[] }>('PATCH', `/api/trainings/${cancelled.id}`, {
      status: 'COMPLETED',
      outcome: 'PASSED',
    });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual(offline.details.map(({ path, code, message }) => ({ path, code, message })));
    expect(res.body.detail).toBe(offline.message);
    // The move made offline reaches the service once, as applied here.
    expect(await app.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    const served = (await alice<Training>('GET', `/api/trainings/${planned.id}`)).body;
    expect([served.status, served.outcome, served.version]).toEqual(['CANCELLED', 'NOT_APPLICABLE', 2]);
  });

  it('the dates limit the status: refused offline in words with nothing queued, and by the service alike (400)', async () => {
    // Today is the app's and the service's clock: a training starting in a year has not started.
    const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const ahead = await make('Course not begun', inAYear);
    const done = await make('Course done', '2026-01-05', '2026-01-06');
    const alice = await service.as('alice@acme.test');
    await alice('PATCH', `/api/trainings/${done.id}`, { status: 'COMPLETED', outcome: 'PASSED' });
    await app.call('sync.now');
    const notStarted = {
      path: 'status',
      code: 'rules.training.notStarted',
      message: 'This training has not started yet: it can only be planned or cancelled',
    };
    const cannotStart = {
      path: 'startDate',
      code: 'rules.training.startsLater',
      message: 'This training is completed: it cannot start after today',
    };
    await service.down(async () => {
      for (const move of [{ status: 'IN_PROGRESS' }, { status: 'COMPLETED', outcome: 'PASSED' }] as const) {
        const offline = await refusal(app.call('trainings.setStatus', { id: ahead.id, ...move }));
        expect(offline.code).toBe('INVALID_INPUT');
        expect(offline.details).toMatchObject([notStarted]);
        expect(offline.message).toBe(notStarted.message);
      }
      // A completed training's start moved into the future.
      const moved = await refusal(
        app.call('trainings.update', { id: done.id, changes: { startDate: inAYear, endDate: inAYear } }),
      );
      expect(moved.code).toBe('INVALID_INPUT');
      expect(moved.details).toMatchObject([cannotStart]);
      expect((await app.call('sync.status')).pending).toBe(0);
      // What the dates allow is taken.
      expect((await app.call('trainings.setStatus', { id: ahead.id, status: 'CANCELLED' })).status).toBe('CANCELLED');
    });
    const fresh = await service.as('alice@acme.test');
    for (const move of [{ status: 'IN_PROGRESS' }, { status: 'COMPLETED', outcome: 'PASSED' }]) {
      const res = await fresh<{ detail: string; errors: ProblemError[] }>('PATCH', `/api/trainings/${ahead.id}`, move);
      expect([res.status, res.body.detail, res.body.errors]).toEqual([400, notStarted.message, [notStarted]]);
    }
    const put = await fresh<{ errors: ProblemError[] }>('PUT', `/api/trainings/${done.id}`, {
      startDate: inAYear,
      endDate: inAYear,
    });
    expect([put.status, put.body.errors]).toEqual([400, [cannotStart]]);
    expect(await app.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
  });
});
