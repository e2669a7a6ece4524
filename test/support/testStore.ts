import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Engine } from '../../src-server/db/engine/engine';
import { PostgresEngine } from '../../src-server/db/engine/postgresEngine';
import { SqliteEngine } from '../../src-server/db/engine/sqliteEngine';
import { openDatabase } from '../../src-server/db/open';

// The store the service tests run on: SQLite by default; PostgreSQL when the run says so
// (`HR_TEST_STORE=postgres`, the second pass of `npm test`), each test's service on a database of
// its own, cloned from a migrated template on one throwaway cluster (test/support/postgresSetup.ts).

export const TEST_STORE: 'sqlite' | 'postgres' = process.env.HR_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's URL without a database name, and its migrated template's name. */
    postgres: { url: string; template: string } | null;
  }
}

/** A fresh, migrated database's URL on the test cluster. */
export async function freshPostgresDatabase(): Promise<string> {
  // Imported here, not above: the end-to-end tests (Playwright) load this module too, without vitest.
  const { inject } = await import('vitest');
  const cluster = inject('postgres');
  if (!cluster)
    throw new Error('No PostgreSQL cluster: run with HR_TEST_STORE=postgres (test/support/postgresSetup.ts)');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${cluster.url}postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${cluster.template}"`);
  } finally {
    await admin.end();
  }
  return `${cluster.url}${name}`;
}

/**
 * A copy of the database at `url` under `<its name>_<suffix>` ('to'), or the database made again
 * from that copy ('from'): PostgreSQL's own copy of a database nobody is connected to.
 */
export async function copyPostgresDatabase(url: string, suffix: string, direction: 'to' | 'from'): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const copy = `${name}_${suffix}`;
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  try {
    if (direction === 'to') {
      await admin.query(`DROP DATABASE IF EXISTS "${copy}"`);
      await admin.query(`CREATE DATABASE "${copy}" TEMPLATE "${name}"`);
    } else {
      await admin.query(`DROP DATABASE "${name}"`);
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${copy}"`);
    }
  } finally {
    await admin.end();
  }
}

/** Where a test's service keeps its data: an in-memory SQLite database, or a fresh PostgreSQL one. */
export async function testDbPath(): Promise<string> {
  return TEST_STORE === 'postgres' ? freshPostgresDatabase() : ':memory:';
}

/** A test service's store, migrated and empty. */
export async function openTestEngine(): Promise<Engine> {
  if (TEST_STORE === 'sqlite') return new SqliteEngine(openDatabase(':memory:'));
  return PostgresEngine.connect(await freshPostgresDatabase(), 4);
}
