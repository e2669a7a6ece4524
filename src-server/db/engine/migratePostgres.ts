import type { Pool } from 'pg';
import { migrations } from '../migrations';
import type { ServiceMigration } from '../migrations/serviceMigration';

/** Held while migrating: instances starting at once wait, then find the work done. */
const LOCK = "hashtext('hr-service schema migrations')";

/**
 * Brings a PostgreSQL database to the service's schema: the migrations it has not had, each in its
 * own transaction, under an advisory lock so that several instances starting together migrate once.
 * Refuses a database from a newer service. Answers the versions it applied.
 */
export async function migratePostgres(pool: Pool, list: readonly ServiceMigration[] = migrations): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${LOCK})`);
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text)',
      );
      const { rows } = await client.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
      const current = rows[0]?.v ?? 0;
      const latest = list.reduce((max, m) => Math.max(max, m.version), 0);
      if (current > latest) {
        throw new Error(
          `The database is at schema version ${current}, newer than this service knows (${latest}). Use a newer service.`,
        );
      }
      const applied: number[] = [];
      for (const m of [...list].sort((a, b) => a.version - b.version)) {
        if (m.version <= current) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.postgres);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
            m.version,
            m.name,
            new Date().toISOString(),
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`Migration ${m.version} (${m.name}) failed on PostgreSQL: ${(error as Error).message}`, {
            cause: error,
          });
        }
        applied.push(m.version);
      }
      return applied;
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${LOCK})`);
    }
  } finally {
    client.release();
  }
}
