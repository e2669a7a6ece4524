import { migrate, type MigrationLedger } from '../../../src-node/sqlite/migrations';
import {
  closedOnFailure,
  openSqlite,
  type OpenSqliteOptions,
  type SqliteDb,
} from '../../../src-node/sqlite/openSqlite';
import { restoreIndexes } from './bulkLoad';
import { cacheMigrations } from './migrations';

export type CacheDb = SqliteDb;

export type OpenCacheOptions = Pick<OpenSqliteOptions, 'nativeBinding' | 'key'>;

const CACHE_LEDGER: MigrationLedger = {
  table: 'cache_migrations',
  tooNew: (current) => `This cache is from a newer version of the app (schema ${current})`,
};

/** Opens an account's cache: the shared SQLite settings, forward-only migrations, crash recovery of the outbox. */
export function openCache(path: string, options: OpenCacheOptions = {}): CacheDb {
  const db = openSqlite(path, options);
  return closedOnFailure(db, () => {
    // An encrypted page is decrypted each time it is read into SQLite's page cache: a larger one
    // (32 MB, SQLite's default is 2) keeps a view's pages there between reads.
    db.pragma('cache_size = -32768');
    // A first sync cut short left its indexes unbuilt: build them before any migration expects them.
    migrate(db, cacheMigrations, CACHE_LEDGER, (current) => {
      if (current > 0) restoreIndexes(db);
    });
    // A push cut short by a crash left its operation in flight: it goes again, under the same key.
    db.prepare("UPDATE outbox SET state = 'pending' WHERE state = 'inflight'").run();
    return db;
  });
}

export function getMeta(db: CacheDb, key: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

export function setMeta(db: CacheDb, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
}
