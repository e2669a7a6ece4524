import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
const apps: TestBackend[] = [];

beforeAll(async () => {
  service = await new ServiceProcess(2).start();
});
afterAll(async () => {
  for (const app of apps) app.dispose();
  await service.dispose();
});

describe('the organization’s currency in the app', () => {
  it('an admin sets it through the service; every member has it after a sync, offline too', async () => {
    const admin = new TestBackend();
    const alice = new TestBackend();
    apps.push(admin, alice);
    await admin.signIn(service.url, 'admin@acme.test');
    await alice.signIn(service.url, 'alice@acme.test');
    await alice.call('sync.now');
    expect(await alice.call('organization.get')).toEqual({ name: 'Acme', currency: 'EUR' });
    await expect(alice.call('organization.setCurrency', { currency: 'GBP' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(admin.call('organization.setCurrency', { currency: 'quid' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ path: 'currency', message: 'Choose a currency from the list, such as EUR or GBP' }],
    });
    expect(await admin.call('organization.setCurrency', { currency: 'CHF' })).toEqual({
      name: 'Acme',
      currency: 'CHF',
    });
    await alice.call('sync.now');
    await service.stop();
    try {
      expect(await alice.call('organization.get')).toEqual({ name: 'Acme', currency: 'CHF' });
      await expect(admin.call('organization.setCurrency', { currency: 'EUR' })).rejects.toMatchObject({
        code: 'OFFLINE',
      });
    } finally {
      await service.start();
    }
  });
});
