import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { restoreIndexes } from './bulkLoad';
import { cacheMigrations } from './cacheSchema';

export type CacheDb = Database.Database;

export interface OpenCacheOptions {
  /** Absolute path of a better-sqlite3 build for another runtime (Electron's ABI). */
  nativeBinding?: string;
}

/** Opens an account's cache: WAL, foreign-key checks, forward-only migrations, crash recovery of the outbox. */
export function openCache(path: string, options: OpenCacheOptions = {}): CacheDb {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE IF NOT EXISTS cache_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  const current = (db.prepare('SELECT MAX(version) AS v FROM cache_migrations').get() as { v: number | null }).v ?? 0;
  const latest = Math.max(...cacheMigrations.map((m) => m.version));
  if (current > latest) throw new Error(`This cache is from a newer version of the app (schema ${current})`);
  // A first sync cut short left its indexes unbuilt: build them before any migration expects them.
  if (current > 0) restoreIndexes(db);
  for (const m of cacheMigrations) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO cache_migrations (version, name) VALUES (?, ?)').run(m.version, m.name);
    })();
  }
  // A push cut short by a crash left its operation in flight: it goes again, under the same key.
  db.prepare("UPDATE outbox SET state = 'pending' WHERE state = 'inflight'").run();
  return db;
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
