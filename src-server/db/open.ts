import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrate } from './migrations';
import { gatherPlannerStatistics } from './plannerStatistics';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the service database and brings its schema up to date.
 * `nativeBinding`: an absolute path to better-sqlite3's addon (Electron needs a build for its ABI).
 */
export function openDatabase(path: string, options: { nativeBinding?: string } = {}): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A request's writes are a savepoint of its group commit's batch (groupCommit.ts), so SQLite
  // copies each page a request first changes to a sub-journal; past 64 KiB that spills to a new
  // temporary file every batch (open, write, unlink), a large share of the processor under a load
  // of leave requests. Kept in memory instead.
  db.pragma('temp_store = MEMORY');
  migrate(db);
  // Statistics the planner lacks; cheap, and recommended for long-lived connections.
  gatherPlannerStatistics(db, 'optimize');
  return db;
}
