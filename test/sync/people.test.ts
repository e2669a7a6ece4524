import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcToday } from '@shared/calendar/dates';
import type { User } from '@shared/wire';
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

const backend = () => {
  const app = new TestBackend();
  apps.push(app);
  return app;
};

async function person(app: TestBackend, search: string): Promise<User> {
  const found = await app.call('users.list', { search, employment: 'all' });
  expect(found.data).toHaveLength(1);
  return found.data[0]!;
}

describe('people, as an admin changes them offline', () => {
  it('adds a person, changes a manager and ends an employment offline; each reaches the service once; the invited person joins', async () => {
    const admin = backend();
    const leaver = backend();
    await admin.signIn(service.url, 'admin@acme.test');
    await leaver.signIn(service.url, 'manager@acme.test');
    await Promise.all([admin.call('sync.now'), leaver.call('sync.now')]);
    const me = await person(admin, 'admin@acme.test');
    const manager = await person(admin, 'manager@acme.test');
    const reports = await admin.call('users.list', { managerId: manager.id });
    expect(reports.data.length).toBeGreaterThan(0);
    const alice = await person(admin, 'alice@acme.test');
    const yesterday = addDays(utcToday(new Date()), -1);
    let nora!: User;

    await service.down(async () => {
      nora = await admin.call('users.create', {
        email: 'nora.new@acme.test',
        firstName: 'Nora',
        lastName: 'New',
        nationality: 'DE',
        roles: ['USER'],
        managerId: alice.id,
        departmentId: alice.departmentId,
      });
      expect(nora).toMatchObject({ status: 'INVITED', email: 'nora.new@acme.test' });
      expect(nora.id).toMatch(/^local-/);
      // Checked here as the service would: the email is taken, the chain may not loop.
      await expect(
        admin.call('users.create', { ...nora, email: 'ALICE@acme.test', roles: ['USER'] }),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        details: [{ path: 'email', message: 'Someone of this organization already has this email' }],
      });
      await expect(
        admin.call('users.update', { id: manager.id, changes: { managerId: reports.data[0]!.id } }),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT', details: [{ path: 'managerId' }] });

      const moved = await admin.call('users.update', { id: alice.id, changes: { managerId: me.id } });
      expect(moved.managerId).toBe(me.id);

      // A leaver who manages people needs someone to take over first.
      await expect(
        admin.call('users.update', { id: manager.id, changes: { endDate: yesterday } }),
      ).rejects.toMatchObject({ code: 'CONFLICT', details: [{ path: 'reassignReportsTo' }] });
      await admin.call('users.update', { id: manager.id, changes: { endDate: yesterday, reassignReportsTo: me.id } });

      const status = await admin.call('sync.status');
      expect(status.pending).toBe(3);
      expect(await admin.call('sync.waiting')).toEqual(expect.arrayContaining([nora.id, alice.id, manager.id]));
      // Former colleagues leave the default list at once.
      expect((await admin.call('users.list', { search: 'manager@acme.test' })).data).toEqual([]);
    });

    expect(await admin.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    const asAdmin = await service.as('admin@acme.test');
    const onService = await asAdmin<{ data: User[] }>('GET', '/api/users?search=nora.new&employment=all');
    expect(onService.body.data).toHaveLength(1);
    expect(onService.body.data[0]).toMatchObject({ status: 'INVITED', managerId: alice.id });
    expect((await asAdmin<User>('GET', `/api/users/${alice.id}`)).body.managerId).toBe(me.id);
    expect((await asAdmin<User>('GET', `/api/users/${manager.id}`)).body).toMatchObject({
      endDate: yesterday,
      status: 'LEFT',
    });

    // The invitation link shows once synced, and stays through later pulls.
    const joined = (await person(admin, 'nora.new')).id;
    await admin.call('sync.now');
    const page = await admin.call('users.person', { id: joined });
    expect(page?.person.invitation?.url).toMatch(/\/join#/);
    expect(page?.manager).toEqual({ id: alice.id, name: `${alice.firstName} ${alice.lastName}` });

    // Nora joins with the link on her own computer and is signed in.
    const newcomer = backend();
    await expect(
      newcomer.call('session.join', { serviceUrl: '', invitation: page!.person.invitation!.url, password: 'short' }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    const account = await newcomer.call('session.join', {
      serviceUrl: '',
      invitation: page!.person.invitation!.url,
      password: 'Nora joins the Acme team 2026',
    });
    expect(account).toMatchObject({ email: 'nora.new@acme.test', serviceUrl: service.url, signedIn: true });
    expect((await newcomer.call('sync.now')).lastError).toBeNull();
    // Used once: the link does not work again.
    await expect(
      backend().call('session.join', {
        serviceUrl: '',
        invitation: page!.person.invitation!.url,
        password: 'Nora joins the Acme team 2026',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', details: [{ path: 'invitation' }] });
    await admin.call('sync.now');
    expect((await admin.call('users.person', { id: joined }))?.person).toMatchObject({ status: 'ACTIVE' });
    expect((await admin.call('users.person', { id: joined }))?.person.invitation).toBeUndefined();

    // The leaver's computer is told the account was closed, in words, and keeps what was not sent.
    const closed = await leaver.call('sync.now');
    expect(closed.accountClosed).toMatch(/^This account was closed on /);
    expect(closed.needsSignIn).toBe(true);
  });

  it('departments: added, renamed and deleted offline; one with people in it is not deleted', async () => {
    const admin = backend();
    await admin.signIn(service.url, 'admin@acme.test');
    await admin.call('sync.now');
    const busy = (await admin.call('departments.summary')).find((d) => d.people > 0)!;
    await service.down(async () => {
      const made = await admin.call('departments.create', { name: 'Research' });
      await expect(admin.call('departments.create', { name: 'research' })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        details: [{ path: 'name', message: 'There is already a department called research' }],
      });
      await admin.call('departments.rename', { id: made.id, name: 'Research and Development' });
      await expect(admin.call('departments.delete', { id: busy.id })).rejects.toMatchObject({ code: 'CONFLICT' });
      const gone = await admin.call('departments.create', { name: 'Short-lived' });
      await admin.call('departments.delete', { id: gone.id });
      // A department made and deleted before any sync is never sent.
      expect((await admin.call('sync.status')).pending).toBe(1);
    });
    expect(await admin.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    const names = (await admin.call('departments.list')).map((d) => d.name);
    expect(names).toContain('Research and Development');
    expect(names).not.toContain('Short-lived');
    const onService = await (
      await service.as('admin@acme.test')
    )<{ data: { name: string }[] }>('GET', '/api/departments');
    expect(onService.body.data.filter((d) => d.name.startsWith('Research'))).toEqual([
      expect.objectContaining({ name: 'Research and Development' }),
    ]);
  });

  it('an import is checked row by row before anything is queued, then sent once', async () => {
    const admin = backend();
    await admin.signIn(service.url, 'admin@acme.test');
    await admin.call('sync.now');
    const rows = [
      { email: 'ivy@acme.test', firstName: 'Ivy', lastName: 'Import', nationality: 'GB', department: 'Imports' },
      {
        email: 'ian@acme.test',
        firstName: 'Ian',
        lastName: 'Import',
        nationality: 'GB',
        managerEmail: 'nobody@acme.test',
      },
    ];
    const check = await admin.call('people.checkImport', { rows });
    expect(check.issues).toMatchObject([
      {
        path: 'rows[1].managerEmail',
        code: 'rules.import.unknownManager',
        message: 'No one with the email nobody@acme.test is in the organization or in this file',
      },
    ]);
    await expect(admin.call('people.import', { rows })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect((await admin.call('sync.status')).pending).toBe(0);

    const fixed = [rows[0]!, { ...rows[1]!, managerEmail: 'ivy@acme.test' }];
    expect(await admin.call('people.import', { rows: fixed })).toMatchObject({
      issues: [],
      created: 2,
      departmentsCreated: ['Imports'],
    });
    expect(await admin.call('sync.now')).toMatchObject({ pending: 0, conflicts: 0 });
    const ian = await person(admin, 'ian@acme.test');
    expect(ian).toMatchObject({ status: 'INVITED', managerId: (await person(admin, 'ivy@acme.test')).id });
    // Run again it changes nothing, and nothing is queued.
    expect(await admin.call('people.import', { rows: fixed })).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect((await admin.call('sync.status')).pending).toBe(0);
  });
});
