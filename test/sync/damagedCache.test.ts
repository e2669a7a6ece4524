import { closeSync, existsSync, openSync, readdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Leave, Training } from '../../src-shared/wire';
import { Backend } from '../../src-main/core/app/backend';
import { openAccountCache, ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterAll(async () => {
  await service.dispose();
});

/** Writes garbage over the root page of a table, as a failing disk or a killed copy would. */
function damage(dataDir: string, accountId: string, table: string): void {
  const file = join(dataDir, 'accounts', `${accountId}.sqlite`);
  const db = openAccountCache(dataDir, accountId, { readonly: true });
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as {
    rootpage: number;
  };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
}

it('a damaged cache: the unsent changes are saved aside, the cache is fetched again, the changes go out once', async () => {
  const first = new TestBackend();
  const account = await first.signIn(service.url, 'alice@acme.test');
  await first.call('sync.now');
  await service.stop();
  await first.call('leave.create', { startDate: '2028-08-07', endDate: '2028-08-08', type: 'ANNUAL' });
  const refs = await first.call('trainings.references');
  await first.call('trainings.create', {
    name: 'Rope access',
    typeId: refs.types[0]!.id,
    categoryId: refs.categories[0]!.id,
    startDate: '2028-08-14',
  });
  // The app is killed rather than closed (its last writes copied into the file first), and the
  // disk fails meanwhile: the next start checks the file, as it does after every unclean close.
  first.backend.account!.db.pragma('wal_checkpoint(TRUNCATE)');
  damage(first.dataDir, account.id, 'trainings');

  const again = new Backend({
    dataDir: first.dataDir,
    tokens: first.tokens,
    sync: { autoStart: false },
    requestTimeoutMs: 2_000,
  });
  try {
    await again.handlers['session.open']({ accountId: account.id });
    const opened = await again.handlers['sync.status'](undefined);
    expect(opened.notice).toBe(
      'The local copy of your data was damaged, so it is being fetched from the service again; your 2 unsent changes were kept.',
    );
    expect(opened.pending).toBe(2);
    const aside = readdirSync(join(first.dataDir, 'accounts'));
    expect(aside.some((f) => f.startsWith(`${account.id}.sqlite.damaged-`))).toBe(true);
    expect(aside.some((f) => f.startsWith(`${account.id}.sqlite.unsent-`))).toBe(true);

    await service.start();
    expect(await again.handlers['sync.now'](undefined)).toMatchObject({ pending: 0, conflicts: 0, online: true });
    const alice = await service.as('alice@acme.test');
    const leave = (await alice<{ data: Leave[] }>('GET', `/api/leave?userId=${account.userId}&pageSize=500`)).body.data;
    expect(leave.filter((l) => l.startDate.startsWith('2028-08-07'))).toHaveLength(1);
    const trainings = (await alice<{ data: Training[] }>('GET', '/api/trainings?search=rope')).body.data;
    expect(trainings.map((t) => t.name)).toEqual(['Rope access']);
    // The cache holds the service's records again.
    expect((await again.handlers['trainings.list']({})).meta.total).toBeGreaterThan(1);
  } finally {
    again.close();
    first.dispose();
  }
});

it('is checked at start only when the app did not close it: a mark beside it while it is open says so', async () => {
  const app = new TestBackend();
  try {
    const account = await app.signIn(service.url, 'alice@acme.test');
    const mark = join(app.dataDir, 'accounts', `${account.id}.sqlite.open`);
    expect(existsSync(mark)).toBe(true);
    app.backend.close();
    expect(existsSync(mark)).toBe(false);
    await app.call('session.open', { accountId: account.id });
    expect(existsSync(mark)).toBe(true);
    await app.call('session.signOut', { deleteLocalData: true });
    expect(readdirSync(join(app.dataDir, 'accounts'))).toEqual([]);
  } finally {
    app.dispose();
  }
});
