import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/open';
import type { Engine } from '../../src-server/db/engine/engine';
import { TenantDb } from '../../src-server/db/tenantDb';
import { PostgresEngine } from '../../src-server/db/engine/postgresEngine';
import { toPostgres } from '../../src-server/db/engine/postgresSql';
import { SqliteEngine } from '../../src-server/db/engine/sqliteEngine';
import { migratePostgres } from '../../src-server/db/engine/migratePostgres';
import { POSTGRES_BIN, sayPostgresSkipped, startPostgres, type PgCluster } from '../support/postgres';
import { letTimePass } from '../support/waits';

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

  /** A transaction that waits between its statements and fails, and another write made meanwhile. */
  const apart = async (db: TenantDb, mine: string, theirs: string) => {
    const before = await leaveCount(db);
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const failing = db.transaction(async () => {
      await ask(db, mine);
      wrote();
      // Real time passes inside the transaction (as a network round trip would).
      await letTimePass(30);
      throw new Error('undo');
    });
    await written;
    // Another request's write, made while the transaction is open.
    const other = ask(db, theirs);
    await expect(failing).rejects.toThrow('undo');
    await other;
    const ids = await db.all<{ id: string }>('SELECT id FROM leave_requests WHERE organization_id = :org ORDER BY id');
    expect(ids.map((r) => r.id)).toEqual(expect.arrayContaining([`${kind}-${theirs}`]));
    expect(ids.map((r) => r.id)).not.toContain(`${kind}-${mine}`);
    expect(await leaveCount(db)).toBe(before + 1);
  };

  it('lets nothing else into a transaction that waits between its statements, so its rollback undoes its own writes only', async () => {
    await apart(new TenantDb(engine(), 'o2'), 'a1', 'b1');
  });

  it('keeps transactions apart again after a quiet spell with none open (when SQLite stops tracking async contexts)', async () => {
    const db = new TenantDb(engine(), 'o2');
    await db.transaction(() => ask(db, 'q1'));
    // Quiet spells (none open for a while) are what this is about: real time, not a wait for anything.
    await letTimePass(20);
    await apart(db, 'a2', 'b2');
    await letTimePass(20);
    await apart(db, 'a3', 'b3');
    // A transaction inside one, begun after a quiet spell, is a part of it (it does not wait for it).
    await letTimePass(20);
    const before = await leaveCount(db);
    await expect(
      db.transaction(async () => {
        await ask(db, 'n1');
        await db
          .transaction(async () => {
            await ask(db, 'n2');
            throw new Error('inner undone');
          })
          .catch(() => undefined);
        await db.transaction(() => ask(db, 'n3'));
      }),
    ).resolves.toBeUndefined();
    const ids = (await db.all<{ id: string }>('SELECT id FROM leave_requests WHERE organization_id = :org')).map(
      (r) => r.id,
    );
    expect(ids).toEqual(expect.arrayContaining([`${kind}-n1`, `${kind}-n3`]));
    expect(ids).not.toContain(`${kind}-n2`);
    expect(await leaveCount(db)).toBe(before + 2);
  });
});

describe.each(kinds)('the statements that differ between the engines, on %s', (kind) => {
  const db = () => new TenantDb(engines[kind]!, 'o1');

  it('matches LIKE whatever the case, on names kept case-insensitively, with its wildcards escaped', async () => {
    const found = async (pattern: string) =>
      (
        await db().all<{ id: string }>(
          `SELECT id FROM users WHERE organization_id = :org
           AND (first_name || ' ' || last_name LIKE :p ESCAPE '\\' OR email LIKE :p ESCAPE '\\') ORDER BY id`,
          { p: pattern },
        )
      ).map((r) => r.id);
    expect(await found('%ann lee 2%')).toEqual(['o1-u2']);
    expect(await found('%U1@O1%')).toEqual(['o1-u1']);
    expect(await found('%\\%%')).toEqual([]);
  });

  it('orders names without regard to case, as the directory sorts them', async () => {
    const names = await db().all<{ name: string }>(
      `SELECT name FROM (SELECT 'beta' AS name UNION ALL SELECT 'Alpha' UNION ALL SELECT 'alpha2' UNION ALL SELECT 'Beta2')
       AS n WHERE :org = :org ORDER BY name COLLATE NOCASE`,
    );
    expect(names.map((n) => n.name)).toEqual(['Alpha', 'alpha2', 'beta', 'Beta2']);
  });

  it("reads a JSON array's values as rows (json_each), in a join and in IN", async () => {
    const ids = JSON.stringify(['o1-u2', 'o2-u1', 'nobody']);
    const joined = await db().all<{ id: string }>(
      `SELECT u.id FROM json_each(:ids) AS wanted CROSS JOIN users AS u
       WHERE u.organization_id = :org AND u.id = wanted.value ORDER BY u.id`,
      { ids },
    );
    expect(joined).toEqual([{ id: 'o1-u2' }]);
    const listed = await db().all<{ id: string }>(
      'SELECT id FROM users WHERE organization_id = :org AND id IN (SELECT value FROM json_each(:ids))',
      { ids },
    );
    expect(listed).toEqual([{ id: 'o1-u2' }]);
  });

  it('keeps a plan pinned to an index on SQLite and plans by itself on PostgreSQL (INDEXED BY)', async () => {
    const row = await db().get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM leave_requests INDEXED BY leave_org_user_end
       WHERE organization_id = :org AND user_id = :user AND end_date >= '2000-01-01'`,
      { user: 'o1-u1' },
    );
    expect(typeof row!.n).toBe('number');
  });

  it('inserts once with ON CONFLICT DO NOTHING, and upserts with ON CONFLICT … DO UPDATE', async () => {
    const add = () =>
      engines[kind]!.run(
        `INSERT INTO login_failures (email, failures, window_started_at) VALUES (:email, 1, :at) ON CONFLICT DO NOTHING`,
        { email: `${kind}@x.test`, at: AT },
      );
    expect((await add()).changes).toBe(1);
    expect((await add()).changes).toBe(0);
    await engines[kind]!.run(
      `INSERT INTO login_failures (email, failures, window_started_at) VALUES (:email, 2, :at)
       ON CONFLICT (email) DO UPDATE SET failures = excluded.failures + login_failures.failures`,
      { email: `${kind}@x.test`, at: AT },
    );
    expect(
      await engines[kind]!.get('SELECT failures FROM login_failures WHERE email = :email', { email: `${kind}@x.test` }),
    ).toEqual({ failures: 3 });
  });

  it('answers counts, sums and averages as numbers, and FILTER on an aggregate', async () => {
    const row = await db().get<Record<string, unknown>>(
      `SELECT COUNT(*) AS n, COALESCE(SUM(days), 0) AS total, AVG(2.5) AS average,
         COUNT(*) FILTER (WHERE first_name = 'Ann') AS anns
       FROM users LEFT JOIN leave_requests ON 1 = 0 WHERE users.organization_id = :org`,
    );
    expect(row).toEqual({ n: 2, total: 0, average: 2.5, anns: 2 });
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
