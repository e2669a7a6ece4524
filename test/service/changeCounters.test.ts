import Database from 'better-sqlite3-multiple-ciphers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OTHER_WRITERS_CHECKED_EVERY_MS, readChangeCounters } from '../../src-server/db/engine/changeCounters';
import { SqliteEngine } from '../../src-server/db/engine/sqliteEngine';
import { openDatabase, type Db } from '../../src-server/db/open';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A service database with one organization, on disk so that a second connection can write to it. */
const engines = new WeakMap<Db, SqliteEngine>();
/** The counters as the service reads them, through its store on this connection. */
function counters(db: Db, organizationId: string, now: number) {
  let engine = engines.get(db);
  if (!engine) engines.set(db, (engine = new SqliteEngine(db)));
  return readChangeCounters(engine, organizationId, now);
}

function organizationDatabase(): { db: Db; path: string; addDepartment: (on: Db, name: string) => void } {
  const dir = mkdtempSync(join(tmpdir(), 'hr-counters-'));
  dirs.push(dir);
  const path = join(dir, 'service.sqlite');
  const db = openDatabase(path);
  const at = '2026-01-01T00:00:00.000Z';
  db.prepare('INSERT INTO organizations (id, name, slug, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    'org-1',
    'Acme',
    'acme',
    at,
    at,
  );
  const addDepartment = (on: Db, name: string) =>
    on
      .prepare('INSERT INTO departments (id, organization_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
      .run(`dept-${name}`, 'org-1', name, at, at);
  return { db, path, addDepartment };
}

describe("an organization's change counters, kept between writes", () => {
  it('move with every write of the connection, seen by the next read', async () => {
    const { db, addDepartment } = organizationDatabase();
    const before = (await counters(db, 'org-1', 0)).counter;
    expect((await counters(db, 'org-1', 1)).counter).toBe(before);
    addDepartment(db, 'Sales');
    // Within the interval at which other writers are looked for: this connection's own write counts at once.
    expect((await counters(db, 'org-1', 2)).counter).toBe(before + 1);
    db.prepare("UPDATE departments SET name = 'Field sales' WHERE id = 'dept-Sales'").run();
    expect((await counters(db, 'org-1', 3)).counter).toBe(before + 2);
    db.close();
  });

  it('are never kept from inside a transaction that is then undone', async () => {
    const { db, addDepartment } = organizationDatabase();
    const before = (await counters(db, 'org-1', 0)).counter;
    db.exec('BEGIN IMMEDIATE');
    addDepartment(db, 'Sales');
    expect((await counters(db, 'org-1', 1)).counter).toBe(before + 1);
    db.exec('ROLLBACK');
    expect((await counters(db, 'org-1', 2)).counter).toBe(before);
    db.close();
  });

  it("see another connection's write once the data version is looked at again", async () => {
    const { db, path, addDepartment } = organizationDatabase();
    const before = (await counters(db, 'org-1', 1_000)).counter;
    const other = new Database(path);
    addDepartment(other, 'Support');
    other.close();
    expect((await counters(db, 'org-1', 1_000 + OTHER_WRITERS_CHECKED_EVERY_MS)).counter).toBe(before + 1);
    db.close();
  });
});
