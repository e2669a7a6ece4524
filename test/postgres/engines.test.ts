import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/open';
import type { Engine } from '../../src-server/db/engine/engine';
import { TenantDb } from '../../src-server/db/tenantDb';
import { PostgresEngine } from '../../src-server/db/engine/postgresEngine';
import { toPostgres } from '../../src-server/db/engine/postgresSql';
import { SqliteEngine } from '../../src-server/db/engine/sqliteEngine';
import { migratePostgres } from '../../src-server/db/postgres/migrate';
import { POSTGRES_BIN, sayPostgresSkipped, startPostgres, type PgCluster } from '../support/postgres';

// The store seam the service's data access moves onto: the same asynchronous handle on SQLite and on
// PostgreSQL, each tested here against the real engine.
sayPostgresSkipped();

let cluster: PgCluster | undefined;
const engines: Record<string, Engine> = {};
const AT = '2026-03-02T09:00:00.000Z';

async function seed(engine: Engine): Promise<void> {
  for (const org of ['o1', 'o2']) {
    await engine.run(
      `INSERT INTO organizations (id, name, slug, created_at, updated_at) VALUES (:id, :id, :id, :at, :at)`,
      { id: org, at: AT },
    );
    for (const n of [1, 2]) {
      await engine.run(
        `INSERT INTO users (id, organization_id, email, password_hash, first_name, last_name, nationality, roles,
           created_at, updated_at) VALUES (:id, :org, :email, 'x', 'Ann', :last, 'GB', '["USER"]', :at, :at)`,
        { id: `${org}-u${n}`, org, email: `u${n}@${org}.test`, last: `Lee ${n}`, at: AT },
      );
    }
  }
}

beforeAll(async () => {
  engines.sqlite = new SqliteEngine(openDatabase(':memory:'));
  if (POSTGRES_BIN) {
    cluster = await startPostgres();
    await cluster.createDatabase('seam');
    const engine = PostgresEngine.connect(cluster.url('seam'), 4);
    await migratePostgres(engine.pool);
    engines.postgres = engine;
  }
  for (const engine of Object.values(engines)) await seed(engine);
}, 60_000);
afterAll(async () => {
  for (const engine of Object.values(engines)) await engine.close();
  await cluster?.stop();
});

const kinds = POSTGRES_BIN ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(kinds)('the store seam on %s', (kind) => {
  const engine = () => engines[kind]!;
  const leaveCount = async (db: TenantDb) =>
    (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM leave_requests WHERE organization_id = :org'))!.n;
  const ask = (db: TenantDb, id: string) =>
    db.run(
      `INSERT INTO leave_requests (id, organization_id, user_id, start_date, end_date, type, status, days, created_at,
         updated_at) VALUES (:id, :org, :user, '2026-04-01', '2026-04-02', 'ANNUAL', 'PENDING', 2, :at, :at)`,
      { id: `${kind}-${id}`, user: `${db.organizationId}-u1`, at: AT },
    );

  it('scopes every statement to the caller’s organization, and refuses one that is not', async () => {
    const acme = new TenantDb(engine(), 'o1');
    const people = await acme.all<{ id: string; lastName: string }>(
      'SELECT id, last_name AS lastName FROM users WHERE organization_id = :org ORDER BY id',
    );
    expect(people).toEqual([
      { id: 'o1-u1', lastName: 'Lee 1' },
      { id: 'o1-u2', lastName: 'Lee 2' },
    ]);
    expect(() => acme.all('SELECT id FROM users')).toThrow(/without organization scope/);
    expect(() => acme.get('SELECT id FROM users WHERE organization_id = :org', { org: 'o2' })).toThrow(
      /bound by TenantDb/,
    );
    expect(await acme.get('SELECT id FROM users WHERE organization_id = :org AND id = :id', { id: 'o2-u1' })).toBe(
      undefined,
    );
  });

  it('keeps a transaction whole: committed together, undone together, a savepoint undone alone', async () => {
    const db = new TenantDb(engine(), 'o1');
    const before = await leaveCount(db);
    await db.transaction(async () => {
      await ask(db, 't1');
      await ask(db, 't2');
    });
    expect(await leaveCount(db)).toBe(before + 2);
    await expect(
      db.transaction(async () => {
        await ask(db, 't3');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await leaveCount(db)).toBe(before + 2);
    await db.transaction(async () => {
      await ask(db, 't4');
      await db.transaction(async () => ask(db, 't5').then(() => Promise.reject(new Error('inner')))).catch(() => 0);
    });
    expect(await leaveCount(db)).toBe(before + 3);
    const { changes } = await db.run(`UPDATE leave_requests SET status = 'APPROVED' WHERE organization_id = :org`);
    expect(changes).toBe(before + 3);
  });

  it('lets nothing else into a transaction that waits between its statements, so its rollback undoes its own writes only', async () => {
    const db = new TenantDb(engine(), 'o2');
    const before = await leaveCount(db);
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const failing = db.transaction(async () => {
      await ask(db, 'a1');
      wrote();
      // Real time passes inside the transaction (as a network round trip would).
      await new Promise((resolve) => setTimeout(resolve, 30));
      throw new Error('undo');
    });
    await written;
    // Another request's write, made while the transaction is open.
    const other = ask(db, 'b1');
    await expect(failing).rejects.toThrow('undo');
    await other;
    const ids = await db.all<{ id: string }>('SELECT id FROM leave_requests WHERE organization_id = :org ORDER BY id');
    expect(ids.map((r) => r.id)).toEqual(expect.arrayContaining([`${kind}-b1`]));
    expect(ids.map((r) => r.id)).not.toContain(`${kind}-a1`);
    expect(await leaveCount(db)).toBe(before + 1);
  });
});

describe('statements as PostgreSQL takes them', () => {
  it('numbers named parameters (a name used twice, one number), quotes camelCase aliases, and leaves quotes, casts and comments alone', () => {
    const { text, names } = toPostgres(
      `SELECT manager_id AS managerId, 'a :b' AS label, x::text, "odd :c" -- :d
       FROM users WHERE organization_id = :org AND (id = :id OR manager_id = :id) AND created_at > :since`,
    );
    expect(names).toEqual(['org', 'id', 'since']);
    expect(text).toContain('AS "managerId"');
    expect(text).toContain(`'a :b' AS label`);
    expect(text).toContain('x::text');
    expect(text).toContain('"odd :c" -- :d');
    expect(text).toContain('organization_id = $1 AND (id = $2 OR manager_id = $2) AND created_at > $3');
  });
});
