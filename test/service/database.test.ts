import Database from 'better-sqlite3-multiple-ciphers';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../src-server/db/ids';
import { migrate, migrations, schemaVersion } from '../../src-server/db/migrations';
import { openDatabase } from '../../src-server/db/open';
import { SqliteEngine } from '../../src-server/db/engine/sqliteEngine';
import { TenantDb } from '../../src-server/db/tenantDb';
import { seedDemo } from '../../src-server/demo/seed';
import { ManualClock } from '../../src-server/system/clock';
import { startService } from '../../src-server/start';
import { userSchema } from '../../src-shared/wire';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hr-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('migrations', () => {
  it('apply forward once and record each version', () => {
    const db = new Database(':memory:');
    expect(migrate(db)).toEqual(migrations.map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    expect(schemaVersion(db)).toBe(Math.max(...migrations.map((m) => m.version)));
    db.close();
  });

  it('apply only what is new, in order', () => {
    const db = new Database(':memory:');
    const first = [{ version: 1, name: 'a', sql: 'CREATE TABLE a (x)' }];
    expect(migrate(db, first)).toEqual([1]);
    const more = [
      ...first,
      { version: 3, name: 'c', sql: 'ALTER TABLE a ADD COLUMN z' },
      { version: 2, name: 'b', sql: 'ALTER TABLE a ADD COLUMN y' },
    ];
    expect(migrate(db, more)).toEqual([2, 3]);
    expect(db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').all('a')).toEqual([
      { name: 'x' },
      { name: 'y' },
      { name: 'z' },
    ]);
    db.close();
  });

  it('roll back a failing migration whole and refuse a database from a newer service', () => {
    const db = new Database(':memory:');
    const broken = [{ version: 1, name: 'broken', sql: 'CREATE TABLE ok (x); CREATE TABLE ok (y);' }];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'ok'").get()).toEqual({ n: 0 });
    expect(schemaVersion(db)).toBe(0);
    migrate(db);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, ?, ?)').run('future', 'now');
    expect(() => migrate(db)).toThrow(/newer than this service knows/);
    db.close();
  });

  it('make the people table again (emails unique per organization) keeping every row that refers to a person', async () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      migrations.filter((m) => m.version < 20),
    );
    // The demo seeded on today's schema, its rows copied into the older one.
    const full = openDatabase(':memory:');
    await seedDemo(new SqliteEngine(full), { scale: 12, clock: new ManualClock('2026-03-02T09:00:00.000Z') });
    const seeded = full.serialize();
    full.close();
    db.pragma('foreign_keys = OFF');
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'",
      )
      .pluck()
      .all() as string[];
    const source = new Database(seeded);
    for (const table of tables) {
      const columns = (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name).join(', ');
      const rows = source.prepare(`SELECT ${columns} FROM ${table}`).raw().all() as unknown[][];
      const insert = db.prepare(
        `INSERT OR REPLACE INTO ${table} (${columns}) VALUES (${columns
          .split(', ')
          .map(() => '?')
          .join(', ')})`,
      );
      for (const row of rows) insert.run(...row);
    }
    source.close();
    db.pragma('foreign_keys = ON');
    const referring = [
      'refresh_tokens',
      'trainings',
      'leave_requests',
      'notifications',
      'form_responses',
      'account_tokens',
    ];
    const count = () =>
      Object.fromEntries(
        ['users', ...referring].map((t) => [
          t,
          (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n,
        ]),
      );
    // A session of Alice's: its table deletes with the person (ON DELETE CASCADE), so it shows a rebuild that would.
    db.prepare(
      `INSERT INTO refresh_tokens (id, organization_id, user_id, family_id, token_hash, created_at, expires_at)
       SELECT 'rt1', organization_id, id, 'f1', 'h1', 'now', 'later' FROM users WHERE email = 'alice@acme.test'`,
    ).run();
    const before = count();
    expect(before.trainings).toBeGreaterThan(0);
    expect(before.refresh_tokens).toBe(1);
    expect(migrate(db)).toEqual(migrations.filter((m) => m.version >= 20).map((m) => m.version));
    expect(count()).toEqual(before);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    // The change counters still move on a write to people.
    const counter = () => db.prepare('SELECT SUM(accounts) AS n FROM change_counters').get() as { n: number };
    const moved = counter().n;
    db.prepare("UPDATE users SET first_name = 'Ada' WHERE email = 'alice@acme.test'").run();
    expect(counter().n).toBe(moved + 1);
    // One email in two organizations; twice in one is refused, whatever its case.
    const alice = db.prepare("SELECT * FROM users WHERE email = 'alice@acme.test'").get() as Record<string, unknown>;
    const globex = (
      db.prepare("SELECT organization_id FROM users WHERE email = 'admin@globex.test'").get() as {
        organization_id: string;
      }
    ).organization_id;
    const insert = db.prepare(
      `INSERT INTO users (id, organization_id, email, password_hash, first_name, last_name, nationality, roles, created_at, updated_at)
       VALUES (?, ?, ?, '', 'A', 'B', 'GB', '[]', 'now', 'now')`,
    );
    insert.run(newId(), globex, 'ALICE@acme.test');
    expect(() => insert.run(newId(), alice.organization_id, 'Alice@ACME.test')).toThrow(/UNIQUE/);
    db.close();
  });

  it('every tenant table carries organization_id', () => {
    const db = openDatabase(':memory:');
    const serviceWide = new Set(['organizations', 'service_settings', 'login_failures', 'schema_migrations']);
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    expect(tables.length).toBeGreaterThan(4);
    for (const table of tables.filter((t) => !serviceWide.has(t))) {
      const columns = (db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map(
        (c) => c.name,
      );
      expect(columns, table).toContain('organization_id');
    }
    db.close();
  });
});

describe('TenantDb', () => {
  it('refuses a statement without organization scope, and an :org passed by a caller', async () => {
    const db = openDatabase(':memory:');
    const tenant = new TenantDb(new SqliteEngine(db), 'org-1');
    expect(() => tenant.all('SELECT * FROM users')).toThrow(/without organization scope/);
    expect(() => tenant.all('SELECT * FROM users WHERE organization_id = :org', { org: 'org-2' })).toThrow(
      /bound by TenantDb/,
    );
    expect(await tenant.all('SELECT id FROM users WHERE organization_id = :org')).toEqual([]);
    db.close();
  });

  it('reads rows as the driver would, whatever the columns are called, and leaves the statement as it was', async () => {
    const db = openDatabase(':memory:');
    await seedDemo(new SqliteEngine(db), { scale: 3, clock: new ManualClock('2026-03-02T09:00:00.000Z') });
    const org = db.prepare("SELECT organization_id FROM users WHERE email = 'admin@acme.test'").pluck().get() as string;
    const tenant = new TenantDb(new SqliteEngine(db), org);
    const sql = `SELECT id, email AS "e-mail ""quoted""", upper(first_name) AS 'name: {x}', NULL AS missing,
        length(email) AS n, x'00ff' AS bytes, id AS id
      FROM users WHERE organization_id = :org ORDER BY email`;
    const rows = await tenant.all<Record<string, unknown>>(sql);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows).toEqual(db.prepare(sql).all({ org }));
    expect(rows[0]!['e-mail "quoted"']).toMatch(/@acme\.test$/);
    // The same statement, cached, still answers a single row as an object.
    expect(await tenant.get<Record<string, unknown>>(sql)).toEqual(rows[0]);
    db.close();
  });
});

describe('record ids', () => {
  it('are version-7 UUIDs: unique, and each later one sorts after the earlier (the end of its index)', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => newId(1_790_000_000_000 + Math.floor(i / 100)));
    for (const id of ids.slice(0, 50))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 100; i < ids.length; i += 100) expect(ids[i]! > ids[i - 1]!).toBe(true);
    expect(newId().slice(0, 13)).not.toBe(newId(0).slice(0, 13));
  });
});

describe('planner statistics', () => {
  it('keep the per-index averages and no samples, after seeding and after a reopen', async () => {
    const file = join(tempDir(), 'hr.sqlite');
    const db = openDatabase(file);
    await seedDemo(new SqliteEngine(db), {
      scale: 12,
      clock: new ManualClock('2026-03-02T09:00:00.000Z'),
      workload: true,
    });
    const count = (d: Database.Database, table: string) =>
      d.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
    // Samples (STAT4) would have every statement compiled again whenever its values change.
    expect(count(db, 'sqlite_stat1')).toBeGreaterThan(10);
    expect(count(db, 'sqlite_stat4')).toBe(0);
    db.exec('ANALYZE'); // as an operator might, by hand
    expect(count(db, 'sqlite_stat4')).toBeGreaterThan(0);
    db.close();
    const reopened = openDatabase(file);
    expect(count(reopened, 'sqlite_stat4')).toBe(0);
    expect(count(reopened, 'sqlite_stat1')).toBeGreaterThan(10);
    reopened.close();
  });
});

describe('savepoints', () => {
  /** SQLite's temporary files this process holds open (it unlinks them at once, so only /proc sees them). */
  const openTemporaryFiles = () =>
    readdirSync('/proc/self/fd')
      .map((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
          return ''; // closed between the listing and the look
        }
      })
      .filter((target) => target.includes('etilqs_'));

  it('keep their journal in memory, however much a request of a batch changes', () => {
    const db = openDatabase(join(tempDir(), 'hr.sqlite'));
    db.exec('CREATE TABLE big (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO big (body) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 200; i++) insert.run('x'.repeat(2000));
    })();
    // As under group commit: the batch's transaction, and a request's own as a savepoint of it
    // that changes 400 KB of pages that were there before.
    db.exec('BEGIN IMMEDIATE');
    const changed = db.transaction(() => db.prepare("UPDATE big SET body = body || 'y'").run().changes)();
    expect(changed).toBe(200);
    expect(openTemporaryFiles()).toEqual([]);
    db.exec('COMMIT');
    db.close();
  });
});

describe('demo data', () => {
  it('is deterministic for the same day, and seeds only an empty database', async () => {
    const clock = new ManualClock('2026-03-02T09:00:00.000Z');
    const snapshot = async () => {
      const db = openDatabase(':memory:');
      expect(await seedDemo(new SqliteEngine(db), { scale: 12, clock })).toBe(true);
      expect(await seedDemo(new SqliteEngine(db), { scale: 12, clock })).toBe(false);
      const rows = [
        'SELECT id, organization_id, email, first_name, last_name, manager_id, nationality, roles, password_hash FROM users ORDER BY email',
        'SELECT * FROM trainings ORDER BY id',
        'SELECT * FROM leave_requests ORDER BY id',
        'SELECT id, user_id, type, body, read_at, created_at FROM notifications ORDER BY id',
      ].map((sql) => db.prepare(sql).all());
      db.close();
      return rows;
    };
    const a = await snapshot();
    // Acme's two former colleagues and its newcomer besides.
    expect(a[0]).toHaveLength(2 * 12 + 7 + 3);
    expect(a[1]!.length).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(a);
  });

  it('gives records the ids the service would have given them when they were made', async () => {
    const db = openDatabase(':memory:');
    await seedDemo(new SqliteEngine(db), { scale: 12, clock: new ManualClock('2026-03-02T09:00:00.000Z') });
    for (const [table, made] of [
      ['users', 'created_at'],
      ['trainings', 'created_at'],
      ['leave_requests', 'created_at'],
      ['notifications', 'created_at'],
      ['forms', 'created_at'],
      ['form_responses', 'submitted_at'],
    ] as const) {
      const rows = db.prepare(`SELECT id, ${made} AS made FROM ${table} ORDER BY ${made}, id`).all() as {
        id: string;
        made: string;
      }[];
      expect(rows.length, table).toBeGreaterThan(0);
      for (const { id, made } of rows) {
        expect(id, table).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        // A version-7 id starts with the time it was made: in the order of their making, as
        // the service's own, so a list read by creation comes in the order of its index.
        expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16), table).toBe(Date.parse(made));
      }
      expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort());
    }
    db.close();
  });

  it('has the named accounts, managers with direct reports, and six or more nationalities', async () => {
    const db = openDatabase(':memory:');
    await seedDemo(new SqliteEngine(db), { scale: 40, clock: new ManualClock() });
    const byEmail = (email: string) =>
      db.prepare('SELECT id, manager_id, nationality, roles, department_id FROM users WHERE email = ?').get(email) as {
        id: string;
        manager_id: string | null;
        nationality: string;
        roles: string;
        department_id: string;
      };
    const manager = byEmail('manager@acme.test');
    expect(JSON.parse(manager.roles)).toEqual(['MANAGER']);
    const reports = db.prepare('SELECT email FROM users WHERE manager_id = ? ORDER BY email').all(manager.id);
    expect(reports).toEqual([{ email: 'alice@acme.test' }, { email: 'bob@acme.test' }]);
    expect(byEmail('alice@acme.test').nationality).toBe('GB');
    expect(byEmail('bob@acme.test').nationality).toBe('DE');
    const carol = byEmail('carol@acme.test');
    expect(carol.nationality).toBe('FR');
    expect(carol.department_id).not.toBe(byEmail('alice@acme.test').department_id);
    expect(byEmail('dave@globex.test').nationality).toBe('US');
    expect(JSON.parse(byEmail('admin@globex.test').roles)).toEqual(['ADMIN']);
    const nationalities = db.prepare('SELECT COUNT(DISTINCT nationality) AS n FROM users').get() as { n: number };
    expect(nationalities.n).toBeGreaterThanOrEqual(6);
    db.close();
  });
});

describe('demo workload', () => {
  it('gives every employee about six trainings and eight leave requests, in every state and type', async () => {
    const clock = new ManualClock('2026-03-02T09:00:00.000Z');
    const db = openDatabase(':memory:');
    await seedDemo(new SqliteEngine(db), { scale: 40, clock });
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    // Those at work: the former colleagues and the newcomer invited have no records.
    const people = count("SELECT COUNT(*) AS n FROM users WHERE status = 'ACTIVE'");
    expect(count('SELECT COUNT(*) AS n FROM trainings') / people).toBe(6);
    const leavePerPerson = count('SELECT COUNT(*) AS n FROM leave_requests') / people;
    expect(leavePerPerson).toBeGreaterThan(6.5);
    expect(leavePerPerson).toBeLessThanOrEqual(8);
    const values = (sql: string) => (db.prepare(sql).all() as { v: string }[]).map((r) => r.v).sort();
    expect(values('SELECT DISTINCT status AS v FROM leave_requests')).toEqual(['APPROVED', 'PENDING', 'REJECTED']);
    expect(values('SELECT DISTINCT type AS v FROM leave_requests')).toEqual([
      'ANNUAL',
      'BEREAVEMENT',
      'MATERNITY',
      'OTHER',
      'PATERNITY',
      'SICK',
      'UNPAID',
    ]);
    expect(values('SELECT DISTINCT status AS v FROM trainings')).toEqual([
      'CANCELLED',
      'COMPLETED',
      'IN_PROGRESS',
      'PLANNED',
    ]);
    expect(values('SELECT DISTINCT outcome AS v FROM trainings')).toEqual([
      'FAILED',
      'NOT_APPLICABLE',
      'PASSED',
      'PENDING',
    ]);
    const now = clock.now().toISOString();
    const soon = new Date(clock.now().getTime() + 30 * 86_400_000).toISOString();
    expect(count(`SELECT COUNT(*) AS n FROM trainings WHERE expiry_date < '${now}'`)).toBeGreaterThan(0);
    expect(
      count(`SELECT COUNT(*) AS n FROM trainings WHERE expiry_date BETWEEN '${now}' AND '${soon}'`),
    ).toBeGreaterThan(0);
    // Leave spans the past year and the next six months, never overlapping a person's own active leave.
    expect(count(`SELECT COUNT(*) AS n FROM leave_requests WHERE start_date < '2025-03-01'`)).toBe(0);
    expect(count(`SELECT COUNT(*) AS n FROM leave_requests WHERE end_date > '2026-09-05'`)).toBe(0);
    expect(count(`SELECT COUNT(*) AS n FROM leave_requests WHERE start_date > '${now}'`)).toBeGreaterThan(0);
    expect(
      count(`SELECT COUNT(*) AS n FROM leave_requests a JOIN leave_requests b ON a.user_id = b.user_id AND a.id < b.id
        AND a.status != 'REJECTED' AND b.status != 'REJECTED' AND a.start_date <= b.end_date AND b.start_date <= a.end_date`),
    ).toBe(0);
    expect(values('SELECT DISTINCT type AS v FROM notifications')).toEqual([
      'FORM_ASSIGNED',
      'LEAVE_APPROVED',
      'LEAVE_REJECTED',
      'LEAVE_SUBMITTED',
    ]);

    // Nothing claims to have happened after now.
    for (const [table, column] of [
      ['trainings', 'created_at'],
      ['leave_requests', 'created_at'],
      ['leave_requests', 'reviewed_at'],
      ['notifications', 'created_at'],
      ['notifications', 'read_at'],
      ['form_responses', 'submitted_at'],
      ['forms', 'created_at'],
    ]) {
      expect(count(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} > '${now}'`), `${table}.${column}`).toBe(0);
    }

    // Forms: every status and question type, anonymous and named, distributed, with answers of every type.
    expect(values('SELECT DISTINCT status AS v FROM forms')).toEqual(['CLOSED', 'DRAFT', 'PUBLISHED']);
    expect(values('SELECT DISTINCT type AS v FROM form_questions')).toEqual([
      'DATE',
      'MULTIPLE_CHOICE',
      'NUMBER',
      'RATING',
      'SCALE',
      'SINGLE_CHOICE',
      'TEXT',
      'TEXTAREA',
      'YES_NO',
    ]);
    expect(values('SELECT DISTINCT is_anonymous AS v FROM forms').map(String)).toEqual(['0', '1']);
    expect(count('SELECT COUNT(DISTINCT form_id) AS n FROM form_distributions')).toBeGreaterThan(1);
    expect(count('SELECT COUNT(*) AS n FROM form_responses')).toBeGreaterThan(40);
    expect(
      count('SELECT COUNT(DISTINCT q.type) AS n FROM form_answers a JOIN form_questions q ON q.id = a.question_id'),
    ).toBe(9);
    expect(
      count(`SELECT COUNT(*) AS n FROM forms f
        WHERE response_count != (SELECT COUNT(*) FROM form_responses r WHERE r.form_id = f.id)`),
    ).toBe(0);
    expect(
      count(`SELECT COUNT(*) AS n FROM form_responses r JOIN forms f ON f.id = r.form_id
        WHERE f.is_anonymous = 1 AND r.respondent_id IS NOT NULL`),
    ).toBe(0);
    db.close();
  });

  it('raises TRAINING_EXPIRING notices when the service starts', async () => {
    const service = await startService({ dbPath: ':memory:', demo: true, scale: 40 });
    const notices = service.engine
      .sqlite!.prepare("SELECT COUNT(*) AS n FROM notifications WHERE type = 'TRAINING_EXPIRING'")
      .get() as { n: number };
    expect(notices.n).toBeGreaterThan(0);
    await service.close();
  });
});

describe('a service on a database file', () => {
  it('keeps its data and signing secret across a restart: a token from before still works', async () => {
    const dbPath = join(tempDir(), 'nested', 'hr.sqlite');
    const first = await startService({ dbPath, demo: true, scale: 3 });
    const signIn = await fetch(`${first.url}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alice@acme.test', password: 'demo1234' }),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    await first.close();

    const second = await startService({ dbPath, demo: true, scale: 3 });
    expect(second.seededInSeconds).toBeNull();
    const me = await fetch(`${second.url}/api/users/me`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(me.status).toBe(200);
    expect(userSchema.parse(await me.json()).email).toBe('alice@acme.test');
    expect(second.engine.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
    await second.close();
  });
});
