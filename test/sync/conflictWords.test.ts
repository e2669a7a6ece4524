import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Leave, LeaveDecision } from '../../src-shared/wire';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterAll(async () => {
  await service.dispose();
});

/** The manager decides a request with the service away; `meanwhile` happens on the service before the sync. */
async function decideOffline(
  manager: TestBackend,
  id: string,
  status: LeaveDecision,
  meanwhile: () => Promise<unknown>,
) {
  await manager.signIn(service.url, 'manager@acme.test');
  await manager.call('sync.now');
  await service.stop();
  await manager.call('leave.setStatus', { id, status });
  await service.start();
  await meanwhile();
  return manager.call('sync.now');
}

it('a decision on a request withdrawn meanwhile names whose leave and which dates, and offers only what can work', async () => {
  const alice = await service.as('alice@acme.test');
  const request = (
    await alice<Leave>('POST', '/api/leave', { startDate: '2028-05-08', endDate: '2028-05-09', type: 'ANNUAL' })
  ).body;
  const manager = new TestBackend();
  try {
    const status = await decideOffline(manager, request.id, 'APPROVED', async () =>
      expect((await alice('DELETE', `/api/leave/${request.id}`)).status).toBe(204),
    );
    expect(status.conflicts).toBe(1);
    const [conflict] = await manager.call('conflicts.list');
    expect(conflict).toMatchObject({
      kind: 'leave.decide',
      status: 404,
      subject: 'Alice Archer’s annual leave, 8 May 2028 to 9 May 2028',
      choices: ['discard'],
    });
    expect(conflict!.outcome).toMatch(/no longer has it.*your decision could not be applied/);
    await expect(
      manager.call('conflicts.resolve', { id: conflict!.id, resolution: { action: 'retry' } }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await manager.call('conflicts.resolve', { id: conflict!.id, resolution: { action: 'discard' } });
    expect(await manager.call('conflicts.list')).toEqual([]);
  } finally {
    manager.dispose();
  }
});

it('a decision on a request decided elsewhere meanwhile offers the service’s version, not a retry', async () => {
  const bob = await service.as('bob@acme.test');
  const admin = await service.as('admin@acme.test');
  const request = (
    await bob<Leave>('POST', '/api/leave', { startDate: '2028-06-12', endDate: '2028-06-12', type: 'UNPAID' })
  ).body;
  const manager = new TestBackend();
  try {
    await decideOffline(manager, request.id, 'REJECTED', () =>
      admin('PUT', `/api/leave/${request.id}/status`, { status: 'APPROVED' }),
    );
    const [conflict] = await manager.call('conflicts.list');
    expect(conflict).toMatchObject({ subject: 'Bob Becker’s unpaid leave, 12 June 2028' });
    expect(conflict!.choices).toEqual(['keepTheirs', 'discard']);
    expect(conflict!.outcome).toMatch(/approved|changed/);
  } finally {
    manager.dispose();
  }
});
