import { openSqlite, type OpenSqliteOptions, type SqliteDb } from '../../src-node/sqlite/openSqlite';
import { migrate } from './migrations';
import { gatherPlannerStatistics } from './engine/plannerStatistics';

export type Db = SqliteDb;

/** Opens (creating if needed) the service database and brings its schema up to date. */
export function openDatabase(path: string, options: Pick<OpenSqliteOptions, 'nativeBinding'> = {}): Db {
  const db = openSqlite(path, options);
  migrate(db);
  // Statistics the planner lacks; cheap, and recommended for long-lived connections.
  gatherPlannerStatistics(db, 'optimize');
  return db;
}
