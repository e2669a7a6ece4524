import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion, type MigrationLedger } from '../../src-node/sqlite/migrations';
import { openSqlite } from '../../src-node/sqlite/openSqlite';

const ledger: MigrationLedger = { table: 'probe_migrations', tooNew: (c, l) => `newer: ${c} > ${l}` };
const list = [
  { version: 1, name: 'one', sql: 'CREATE TABLE a (id INTEGER PRIMARY KEY)' },
  { version: 2, name: 'two', sql: 'CREATE TABLE b (id INTEGER PRIMARY KEY)' },
];

describe('the shared migration runner', () => {
  it('applies what is missing once, in order, and records when', () => {
    const db = openSqlite(':memory:');
    expect(migrate(db, [list[1]!, list[0]!], ledger)).toEqual([1, 2]);
    expect(migrate(db, list, ledger)).toEqual([]);
    const rows = db.prepare('SELECT version, applied_at FROM probe_migrations ORDER BY version').all() as {
      version: number;
      applied_at: string;
    }[];
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    expect(Number.isNaN(Date.parse(rows[0]!.applied_at))).toBe(false);
  });

  it('rolls a failing migration back whole and keeps the version before it', () => {
    const db = openSqlite(':memory:');
    const broken = { version: 3, name: 'broken', sql: 'CREATE TABLE c (id INTEGER); CREATE TABLE a (x)' };
    expect(() => migrate(db, [...list, broken], ledger)).toThrow(/already exists/);
    expect(schemaVersion(db, ledger)).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'c'").get()).toBeUndefined();
  });

  it('makes a table again with foreign keys off, refusing one that would leave a reference broken', () => {
    const db = openSqlite(':memory:');
    const parents = {
      version: 1,
      name: 'parents',
      sql: `CREATE TABLE p (id INTEGER PRIMARY KEY, x UNIQUE);
        CREATE TABLE c (id INTEGER PRIMARY KEY, p INTEGER REFERENCES p(id) ON DELETE CASCADE);
        INSERT INTO p VALUES (1, 'a'); INSERT INTO c VALUES (1, 1);`,
    };
    const again = (version: number, keep: string) => ({
      version,
      name: 'again',
      foreignKeysOff: true,
      sql: `CREATE TABLE p2 (id INTEGER PRIMARY KEY, x); INSERT INTO p2 SELECT * FROM p WHERE ${keep};
        DROP TABLE p; ALTER TABLE p2 RENAME TO p;`,
    });
    expect(() => migrate(db, [parents, again(2, 'id <> 1')], ledger)).toThrow(/1 broken references \(c\)/);
    expect(schemaVersion(db, ledger)).toBe(1);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(migrate(db, [parents, again(2, '1')], ledger)).toEqual([2]);
    // The child kept its row (a drop with keys on would have deleted it), and keys are on again.
    expect(db.prepare('SELECT COUNT(*) AS n FROM c').get()).toEqual({ n: 1 });
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('refuses a database from newer code with the caller’s words', () => {
    const db = openSqlite(':memory:');
    migrate(db, list, ledger);
    expect(() => migrate(db, list.slice(0, 1), ledger)).toThrow('newer: 2 > 1');
  });

  it('upgrades a ledger kept without times (caches made before it) and goes on', () => {
    const db = openSqlite(':memory:');
    db.exec(`CREATE TABLE probe_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL);
      INSERT INTO probe_migrations VALUES (1, 'one'); CREATE TABLE a (id INTEGER PRIMARY KEY);`);
    let seen = -1;
    expect(migrate(db, list, ledger, (current) => (seen = current))).toEqual([2]);
    expect(seen).toBe(1);
  });
});
