import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Training } from '../../src-shared/wire';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterAll(async () => {
  await service.dispose();
});

it('a service restored from an older copy: noticed, everything read again, the outbox kept, lost records as conflicts', async () => {
  const app = new TestBackend();
  try {
    await app.signIn(service.url, 'admin@acme.test');
    await app.call('sync.now');
    const admin = await service.as('admin@acme.test');
    const [kept, other] = (await admin<{ data: Training[] }>('GET', '/api/trainings?pageSize=2&sortBy=name')).body.data;
    if (!kept || !other) throw new Error('the demo has no trainings');

    // The backup, taken with the service stopped.
    await service.stop();
    await service.backup();
    await service.start();

    // After the backup: a training is made, another renamed; the app sees both.
    const api = await service.as('admin@acme.test');
    const made = (
      await api<Training>('POST', '/api/trainings', {
        name: 'Made after the backup',
        typeId: kept.typeId,
        categoryId: kept.categoryId,
        startDate: '2028-09-04',
      })
    ).body;
    await api('PUT', `/api/trainings/${kept.id}`, { name: `${kept.name} (renamed)` });
    await api('PUT', `/api/trainings/${other.id}`, { hours: 999 });
    await app.call('sync.now');
    expect((await app.call('trainings.get', { id: made.id }))?.name).toBe('Made after the backup');

    // Offline, the admin edits both; meanwhile the service is restored from the backup.
    await service.stop();
    await app.call('trainings.update', { id: made.id, changes: { notes: 'Edited offline' } });
    await app.call('trainings.update', { id: kept.id, changes: { notes: 'Edited offline too' } });
    await app.call('leave.create', { startDate: '2028-09-11', endDate: '2028-09-12', type: 'ANNUAL' });
    await service.restore();
    await service.start();

    const status = await app.call('sync.now');
    expect(status.notice).toMatch(/restored from an earlier copy/);
    // The new request went through; the two edits were refused visibly, nothing overwritten.
    expect(status).toMatchObject({ pending: 0, conflicts: 2 });
    const conflicts = await app.call('conflicts.list');
    expect(conflicts.map((c) => [c.subject, c.status]).sort()).toEqual(
      [
        ['The training “Made after the backup”', 404],
        [`The training “${kept.name}”`, 412],
      ].sort(),
    );
    const onService = (await (await service.as('admin@acme.test'))<Training>('GET', `/api/trainings/${kept.id}`)).body;
    expect(onService).toMatchObject({ name: kept.name, version: kept.version });
    // The cache holds the service's records as restored, with the refused edits still shown as mine.
    expect((await app.call('trainings.list', { search: 'after the backup' })).meta.total).toBeLessThanOrEqual(1);
    expect((await app.call('trainings.get', { id: kept.id }))?.notes).toBe('Edited offline too');
    expect((await app.call('trainings.get', { id: other.id }))?.hours).toBe(other.hours);
  } finally {
    app.dispose();
  }
});
