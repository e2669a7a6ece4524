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
  migrate(db);
  // Statistics the planner lacks; cheap, and recommended for long-lived connections.
  gatherPlannerStatistics(db, 'optimize');
  return db;
}
