import Database from 'better-sqlite3-multiple-ciphers';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leave } from '../../src-shared/wire';
import { Backend } from '../../src-main/core/app/backend';
import { isPlainSqlite } from '../../src-node/sqlite/openSqlite';
import { safeStorageCacheKey } from '../../src-main/electron/safeStorageCacheKey';
import { FileTokenStore } from '../../src-main/core/session/tokens';
import { openAccountCache, ServiceProcess, TestBackend } from '../support/syncHarness';

let service: ServiceProcess;
beforeAll(async () => {
  service = await new ServiceProcess(4).start();
});
afterAll(async () => {
  await service.dispose();
});

/** Every file under a folder, with its bytes. */
function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, bytes: readFileSync(path) }));
}

const NOTE = 'Physiotherapy after the knee operation';

describe('the account caches, encrypted at rest', () => {
  it('hold no record text on disk (cache, log, tokens), and cannot be opened without their key', async () => {
    // As the browser form keeps them: tokens in a file, the key in another beside it.
    const dataDir = mkdtempSync(join(tmpdir(), 'hr-encrypted-'));
    const tokens = new FileTokenStore(join(dataDir, 'tokens.json'));
    const backend = new Backend({ dataDir, tokens, sync: { autoStart: false } });
    try {
      const alice = await backend.handlers['session.signIn']({
        serviceUrl: service.url,
        email: 'alice@acme.test',
        password: 'demo1234',
      });
      await backend.handlers['sync.now'](undefined);
      // Health data waiting to be sent: in the outbox, so in the log too.
      await service.stop();
      try {
        await backend.handlers['leave.create']({
          startDate: '2028-03-06',
          endDate: '2028-03-07',
          type: 'SICK',
          notes: NOTE,
        });
      } finally {
        await service.start();
      }
      const colleagues = await backend.handlers['users.list']({ pageSize: 5 });
      const leave = await backend.handlers['leave.mine']({ pageSize: 5 });
      const named = colleagues.data.map((u) => `${u.firstName} ${u.lastName}`);
      expect(named.length).toBeGreaterThan(0);
      expect(leave.data.length).toBeGreaterThan(0);

      const cache = join(dataDir, 'accounts', `${alice.id}.sqlite`);
      expect(existsSync(`${cache}-wal`)).toBe(true);
      // Everything but the list of accounts (who signed in here) is looked through.
      const files = filesUnder(dataDir).filter((f) => !f.path.endsWith('accounts.json'));
      expect(files.map((f) => f.path)).toEqual(
        expect.arrayContaining([cache, `${cache}-wal`, join(dataDir, 'tokens.json')]),
      );
      for (const text of [NOTE, ...named, 'SICK', 'ANNUAL', 'Sick leave', 'Annual leave', alice.email]) {
        for (const f of files) expect(f.bytes.includes(text), `${text} in ${f.path}`).toBe(false);
      }
      expect(statSync(join(dataDir, 'cache.key')).mode & 0o777).toBe(0o600);

      for (const key of [undefined, 'ab'.repeat(32)]) {
        const db = new Database(cache, { readonly: true });
        try {
          if (key) db.pragma(`hexkey = '${key}'`);
          expect(() => db.prepare('SELECT COUNT(*) FROM outbox').get()).toThrow(/file is not a database/);
        } finally {
          db.close();
        }
      }
    } finally {
      backend.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a cache from before encryption, with unsent changes, is encrypted once in place and the changes reach the service once', async () => {
    const first = new TestBackend();
    const account = await first.signIn(service.url, 'bob@acme.test');
    await first.call('sync.now');
    await service.stop();
    try {
      await first.call('leave.create', {
        startDate: '2028-04-10',
        endDate: '2028-04-11',
        type: 'ANNUAL',
        notes: 'Before',
      });
    } finally {
      await service.start();
    }
    first.backend.close();
    // As an earlier version left it: plain, with no key anywhere.
    const db = openAccountCache(first.dataDir, account.id);
    db.pragma('journal_mode = DELETE');
    db.pragma("rekey = ''");
    db.close();
    const file = join(first.dataDir, 'accounts', `${account.id}.sqlite`);
    expect(isPlainSqlite(file)).toBe(true);
    unlinkSync(join(first.dataDir, 'cache.key'));

    const again = new Backend({ dataDir: first.dataDir, tokens: first.tokens, sync: { autoStart: false } });
    try {
      await again.handlers['session.open']({ accountId: account.id });
      expect(isPlainSqlite(file)).toBe(false);
      expect((await again.handlers['sync.status'](undefined)).pending).toBe(1);
      await again.handlers['sync.now'](undefined);
      await again.handlers['sync.now'](undefined);
      expect((await again.handlers['sync.status'](undefined)).pending).toBe(0);
      const bob = await service.as('bob@acme.test');
      const mine = (await bob<{ data: Leave[] }>('GET', `/api/leave?userId=${account.userId}&pageSize=500`)).body.data;
      expect(mine.filter((l) => l.notes === 'Before')).toHaveLength(1);
    } finally {
      again.close();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });

  it('a cache encrypted the earlier way (SQLCipher’s format), its unsent change still in its log after a crash, is encrypted again once and the change reaches the service once', async () => {
    const first = new TestBackend();
    const account = await first.signIn(service.url, 'bob@acme.test');
    await first.call('sync.now');
    await service.stop();
    try {
      await first.call('leave.create', { startDate: '2028-05-08', endDate: '2028-05-09', type: 'SICK', notes: NOTE });
    } finally {
      await service.start();
    }
    first.backend.close();
    const file = join(first.dataDir, 'accounts', `${account.id}.sqlite`);
    const key = readFileSync(join(first.dataDir, 'cache.key'), 'utf8').trim();
    const earlier = (db: Database.Database) => {
      for (const pragma of ["cipher = 'sqlcipher'", 'hmac_use = 0', 'kdf_iter = 1']) db.pragma(pragma);
      return db;
    };
    // As an earlier version wrote it: the same key, the earlier cipher; the change out of the file.
    const today = openAccountCache(first.dataDir, account.id);
    today.pragma('journal_mode = DELETE');
    earlier(today).pragma(`hexrekey = '${key}'`);
    const outbox = today.prepare('SELECT * FROM outbox').all() as Record<string, unknown>[];
    expect(outbox).toHaveLength(1);
    today.exec('DELETE FROM outbox');
    today.close();
    // The change written again into the log, and the app killed before the log was folded in.
    const running = earlier(new Database(file));
    running.pragma(`hexkey = '${key}'`);
    running.pragma('journal_mode = WAL');
    const columns = Object.keys(outbox[0]!);
    running
      .prepare(`INSERT INTO outbox (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`)
      .run(outbox[0]);
    const crashed = { db: readFileSync(file), wal: readFileSync(`${file}-wal`) };
    running.close();
    writeFileSync(file, crashed.db);
    writeFileSync(`${file}-wal`, crashed.wal);
    writeFileSync(`${file}.open`, '');
    expect(crashed.wal.length).toBeGreaterThan(0);

    const again = new Backend({ dataDir: first.dataDir, tokens: first.tokens, sync: { autoStart: false } });
    try {
      await again.handlers['session.open']({ accountId: account.id });
      expect(readdirSync(join(first.dataDir, 'accounts')).filter((f) => f.includes('damaged'))).toEqual([]);
      expect((await again.handlers['sync.status'](undefined)).pending).toBe(1);
      // Now in today's cipher: the earlier one no longer opens it.
      const old = earlier(new Database(file, { readonly: true }));
      old.pragma(`hexkey = '${key}'`);
      expect(() => old.prepare('SELECT count(*) FROM outbox').get()).toThrow();
      old.close();
      await again.handlers['sync.now'](undefined);
      await again.handlers['sync.now'](undefined);
      expect((await again.handlers['sync.status'](undefined)).pending).toBe(0);
      const bob = await service.as('bob@acme.test');
      const mine = (await bob<{ data: Leave[] }>('GET', `/api/leave?userId=${account.userId}&pageSize=500`)).body.data;
      expect(mine.filter((l) => l.notes === NOTE && l.startDate.startsWith('2028-05-08'))).toHaveLength(1);
      for (const f of filesUnder(join(first.dataDir, 'accounts'))) expect(f.bytes.includes(NOTE), f.path).toBe(false);
    } finally {
      again.close();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });

  it('with no keychain (or Linux’s basic_text), the key is for this session only and the sign-in screen says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hr-keychain-'));
    const sealer = (backend: string, available = true) => ({
      isEncryptionAvailable: () => available,
      getSelectedStorageBackend: () => backend as 'basic_text',
      encryptString: (t: string) => Buffer.from(`sealed:${t}`),
      decryptString: (b: Buffer) => b.toString().slice('sealed:'.length),
    });
    try {
      for (const weak of [sealer('basic_text'), sealer('gnome_libsecret', false)]) {
        const key = safeStorageCacheKey(join(dir, 'cache-key.sealed'), weak);
        expect(key.kept).toBe(false);
        expect(existsSync(join(dir, 'cache-key.sealed'))).toBe(false);
        const backend = new Backend({ dataDir: dir, tokens: new FileTokenStore(join(dir, 't.json')), cacheKey: key });
        expect((await backend.handlers['app.info'](undefined)).protectedAtRest).toBe(false);
        backend.close();
      }
      // A real keychain: sealed on disk, the same key at the next start, never in the clear.
      const strong = sealer('gnome_libsecret');
      const sealedAt = join(dir, 'cache-key.sealed');
      const once = safeStorageCacheKey(sealedAt, strong);
      expect(once.kept).toBe(true);
      expect(safeStorageCacheKey(sealedAt, strong).key.equals(once.key)).toBe(true);
      expect(readFileSync(sealedAt, 'utf8')).not.toContain(once.key.toString('hex'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
