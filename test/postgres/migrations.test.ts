import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/open';
import { migrations } from '../../src-server/db/migrations';
import { migratePostgres } from '../../src-server/db/engine/migratePostgres';
import { POSTGRES_BIN, sayPostgresSkipped, startPostgres, type PgCluster } from '../support/postgres';

// The service's schema on PostgreSQL: the same tables, columns, indexes and triggers as on SQLite,
// made once however many instances start together.
sayPostgresSkipped();

let cluster: PgCluster;
const pools: pg.Pool[] = [];
const poolOf = (database: string) => {
  const pool = new pg.Pool({ connectionString: cluster.url(database), max: 2 });
  // The server's own shutdown at the end ends idle connections (57P01): anything else is a failure.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
  pools.push(pool);
  return pool;
};

beforeAll(async () => {
  if (POSTGRES_BIN) cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await cluster.stop();
});

interface Shape {
  columns: Record<string, string[]>;
  indexes: Record<string, string[]>;
  triggers: Record<string, string[]>;
}

function sqliteShape(): Shape {
  const db = openDatabase(':memory:');
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    const named = (type: string, table: string) =>
      (
        db
          .prepare(`SELECT name FROM sqlite_master WHERE type = ? AND tbl_name = ? AND name NOT LIKE 'sqlite_%'`)
          .pluck()
          .all(type, table) as string[]
      ).sort();
    return {
      columns: Object.fromEntries(
        tables.map((t) => [t, (db.pragma(`table_info(${t})`) as { name: string }[]).map((c) => c.name)]),
      ),
      indexes: Object.fromEntries(tables.map((t) => [t, named('index', t)])),
      triggers: Object.fromEntries(tables.map((t) => [t, named('trigger', t)])),
    };
  } finally {
    db.close();
  }
}

async function postgresShape(pool: pg.Pool): Promise<Shape> {
  const columns = await pool.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'
     ORDER BY table_name, ordinal_position`,
  );
  // Indexes the schema names (a key's or a UNIQUE's own index is SQLite's sqlite_autoindex_…).
  const indexes = await pool.query<{ tablename: string; indexname: string }>(
    `SELECT i.tablename, i.indexname FROM pg_indexes i
     WHERE i.schemaname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype IN ('p', 'u'))
     ORDER BY i.indexname`,
  );
  const triggers = await pool.query<{ event_object_table: string; trigger_name: string }>(
    `SELECT DISTINCT event_object_table, trigger_name FROM information_schema.triggers
     WHERE trigger_schema = 'public' ORDER BY trigger_name`,
  );
  const shape: Shape = { columns: {}, indexes: {}, triggers: {} };
  for (const r of columns.rows) (shape.columns[r.table_name] ??= []).push(r.column_name);
  for (const table of Object.keys(shape.columns)) {
    shape.indexes[table] = indexes.rows.filter((r) => r.tablename === table).map((r) => r.indexname);
    shape.triggers[table] = triggers.rows.filter((r) => r.event_object_table === table).map((r) => r.trigger_name);
  }
  return shape;
}

describe.skipIf(!POSTGRES_BIN)('the schema on PostgreSQL', () => {
  it('is the schema on SQLite: every table with its columns in order, every index and trigger by name', async () => {
    await cluster.createDatabase('shape');
    const pool = poolOf('shape');
    expect(await migratePostgres(pool)).toEqual(migrations.map((m) => m.version));
    const sqlite = sqliteShape();
    const postgres = await postgresShape(pool);
    expect(Object.keys(sqlite.columns).length).toBeGreaterThan(15);
    expect(postgres.columns).toEqual(sqlite.columns);
    expect(postgres.indexes).toEqual(sqlite.indexes);
    expect(postgres.triggers).toEqual(sqlite.triggers);
  });

  it('is made once when three instances start together, and a newer database is refused', async () => {
    await cluster.createDatabase('race');
    const applied = await Promise.all([poolOf('race'), poolOf('race'), poolOf('race')].map((p) => migratePostgres(p)));
    expect(applied.map((a) => a.length).sort((x, y) => x - y)).toEqual([0, 0, migrations.length]);
    const pool = poolOf('race');
    const ledger = await pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(ledger.rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
    await pool.query(`INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')`);
    await expect(migratePostgres(pool)).rejects.toThrow(/schema version 999, newer than this service knows/);
  });

  it('moves an organization’s change counters on writes, and treats emails as the same whatever their case', async () => {
    await cluster.createDatabase('counters');
    const pool = poolOf('counters');
    await migratePostgres(pool);
    const at = '2026-03-02T09:00:00.000Z';
    await pool.query(
      `INSERT INTO organizations (id, name, slug, created_at, updated_at) VALUES ('o1', 'Acme', 'acme', $1, $1)`,
      [at],
    );
    const counters = async () =>
      (
        await pool.query<{ counter: number; accounts: number }>(
          // The organization's counters are the sum of its slots (a slot per writing connection).
          'SELECT SUM(counter)::int AS counter, SUM(accounts)::int AS accounts FROM change_counters GROUP BY organization_id',
        )
      ).rows;
    const person = (id: string, email: string) =>
      pool.query(
        `INSERT INTO users (id, organization_id, email, password_hash, first_name, last_name, nationality, roles,
           created_at, updated_at) VALUES ($1, 'o1', $2, 'x', 'Ann', 'Lee', 'GB', '["USER"]', $3, $3)`,
        [id, email, at],
      );
    await person('u1', 'ann@acme.test');
    expect(await counters()).toEqual([{ counter: 1, accounts: 1 }]);
    await pool.query(
      `INSERT INTO leave_requests (id, organization_id, user_id, start_date, end_date, type, status, days, created_at,
         updated_at) VALUES ('l1', 'o1', 'u1', '2026-04-01', '2026-04-02', 'ANNUAL', 'PENDING', 2, $1, $1)`,
      [at],
    );
    await pool.query(`UPDATE leave_requests SET status = 'APPROVED' WHERE id = 'l1'`);
    expect(await counters()).toEqual([{ counter: 3, accounts: 1 }]);
    await expect(person('u2', 'ANN@Acme.Test')).rejects.toThrow(/duplicate key value violates unique constraint/);
    const found = await pool.query(`SELECT id FROM users WHERE email = 'Ann@ACME.test'`);
    expect(found.rows).toEqual([{ id: 'u1' }]);
  });
});
