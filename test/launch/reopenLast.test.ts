import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemoryTokenStore } from '../../src-main/core/session/tokens';
import { openDesktopBackend } from '../../src-main/launch/desktopBackend';
import { ServiceProcess } from '../support/syncHarness';

let service: ServiceProcess;
const dataDir = mkdtempSync(join(tmpdir(), 'hr-reopen-'));
const tokens = new MemoryTokenStore();
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterAll(async () => {
  await service.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = () =>
  openDesktopBackend({
    dataDir,
    tokens,
    serviceUrl: service.url,
    cacheKey: { key: Buffer.from('a7'.repeat(32), 'hex'), kept: true },
    sync: { autoStart: false, debounceMs: 3_600_000 },
  });

it('opens the account used last at start, from its local copy with no network, and none after signing out of it', async () => {
  let app = await start();
  expect(await app.backend.handlers['session.current'](undefined)).toBeNull();
  const alice = await app.backend.handlers['session.signIn']({
    serviceUrl: service.url,
    email: 'alice@acme.test',
    password: 'demo1234',
  });
  await app.backend.handlers['sync.now'](undefined);
  const hers = (await app.backend.handlers['leave.mine']({})).meta.total;
  expect(hers).toBeGreaterThan(0);
  const manager = await app.backend.handlers['session.signIn']({
    serviceUrl: service.url,
    email: 'manager@acme.test',
    password: 'demo1234',
  });
  await app.backend.handlers['sync.now'](undefined);
  // Alice's account again, by hand: the one used last is hers, though the manager signed in later.
  await app.backend.handlers['session.open']({ accountId: alice.id });
  await app.close();

  await service.stop();
  app = await start();
  expect((await app.backend.handlers['session.current'](undefined))?.id).toBe(alice.id);
  expect((await app.backend.handlers['leave.mine']({})).meta.total).toBe(hers);
  await app.backend.handlers['session.signOut']({ deleteLocalData: false });
  await app.close();

  // Signed out of hers: the other account kept on this computer opens.
  app = await start();
  expect((await app.backend.handlers['session.current'](undefined))?.id).toBe(manager.id);
  await app.backend.handlers['session.signOut']({ deleteLocalData: false });
  await app.close();

  app = await start();
  expect(await app.backend.handlers['session.current'](undefined)).toBeNull();
  await app.close();
  await service.start();
});
