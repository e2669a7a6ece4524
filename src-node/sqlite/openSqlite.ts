import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDb = Database.Database;

export interface OpenSqliteOptions {
  /** Absolute path of a better-sqlite3 build for another runtime (Electron's ABI). */
  nativeBinding?: string;
  /** Read what is there and write nothing (no folder made, no settings changed). */
  readonly?: boolean;
}

/**
 * Opens a SQLite file with the settings the service and the app's cache share: write-ahead log,
 * commits durable at checkpoints, foreign keys checked, a wait instead of an error when another
 * connection holds the lock, and temporary data in memory (a request's savepoint otherwise spills
 * its sub-journal to a new file on every batch).
 */
export function openSqlite(path: string, options: OpenSqliteOptions = {}): SqliteDb {
  const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {};
  if (options.readonly) return new Database(path, { readonly: true, ...binding });
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, binding);
  if (!inMemory) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  return db;
}
