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

beforeAll(async () => {
  service = await new ServiceProcess(4).start();
  const alice = await service.as('alice@acme.test');
  const make = async (name: string) => {
    const types = await app.call('trainings.references');
    return (
      await alice<Training>('POST', '/api/trainings', {
        name,
        typeId: types.types[0]!.id,
        categoryId: types.categories[0]!.id,
        startDate: '2027-02-01',
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
      expect(offline.details).toEqual([
        { path: 'status', message: 'This training is cancelled: it cannot be made completed' },
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
    expect(res.body.errors).toEqual(offline.details);
    expect(res.body.detail).toBe(offline.message);
    // The move made offline reaches the service once, as applied here.
    expect(await app.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    const served = (await alice<Training>('GET', `/api/trainings/${planned.id}`)).body;
    expect([served.status, served.outcome, served.version]).toEqual(['CANCELLED', 'NOT_APPLICABLE', 2]);
  });
});
