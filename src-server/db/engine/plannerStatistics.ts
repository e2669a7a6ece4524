import type { SqliteDb as Db } from '../../../src-node/sqlite/openSqlite';
import type { Engine } from './engine';

/**
 * Gathers the query planner's statistics and keeps only its per-index averages (sqlite_stat1).
 * better-sqlite3 builds SQLite with STAT4, whose samples make SQLite compile a statement again
 * on every run with new values whenever its plan could depend on them: for this service that is
 * nearly every statement, and re-compiling became a visible share of the service's work under a
 * load of new leave requests. Plans that need a particular index name it (INDEXED BY).
 *
 * `full` analyzes everything (after seeding); `optimize` only what SQLite thinks is stale (at open).
 */
export function gatherPlannerStatistics(db: Db, how: 'full' | 'optimize'): void {
  if (how === 'full') db.exec('ANALYZE');
  else db.pragma('optimize = 0x10002');
  const samples = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_stat4'").get();
  if (!samples) return;
  db.exec('DELETE FROM sqlite_stat4');
  // Reloads the statistics this connection plans with (ANALYZE on the schema table does only that).
  db.exec('ANALYZE sqlite_schema');
}

/** Statistics of everything, on either engine: after a bulk load, so the planner knows the data. */
export async function analyzeAll(engine: Engine): Promise<void> {
  if (engine.sqlite) gatherPlannerStatistics(engine.sqlite, 'full');
  else await engine.run('ANALYZE');
}
