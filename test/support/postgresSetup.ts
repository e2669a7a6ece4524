import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../../src-server/db/engine/migratePostgres';
import { startPostgres } from './postgres';

// The PostgreSQL pass's one throwaway cluster (vitest.postgres.config.ts): started once for the run,
// with a migrated template database every test's service clones (test/support/testStore.ts).

const TEMPLATE = 'hr_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgres();
  await cluster.createDatabase(TEMPLATE);
  const pool = new pg.Pool({ connectionString: cluster.url(TEMPLATE), max: 1 });
  try {
    await migratePostgres(pool);
  } finally {
    await pool.end();
  }
  project.provide('postgres', { url: cluster.url(''), template: TEMPLATE });
  return () => cluster.stop();
}
