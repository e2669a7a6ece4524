import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheMigrations } from '../../src-main/core/cache/migrations';
import { migrate as runMigrations, type Migration } from '../../src-node/sqlite/migrations';
import { openSqlite } from '../../src-node/sqlite/openSqlite';
import { migrations } from '../../src-server/db/migrations';

// Both sides keep one file per migration, NNN-what.ts, listed by an index. The schemas they build
// are compared with what the migrations made before they were split into files (and their
// change-counter triggers generated): test/fixtures/*Schema.v*.json, taken from that code.

const ROOT = join(__dirname, '..', '..');

interface SchemaRow {
  type: string;
  name: string;
  tableName: string;
  sql: string | null;
}

function schemaAfter(list: readonly Migration[], upTo: number): SchemaRow[] {
  const db = openSqlite(':memory:');
  try {
    runMigrations(
      db,
      list.filter((m) => m.version <= upTo),
      { table: 'probe_migrations', tooNew: () => 'newer' },
    );
    return db
      .prepare(
        `SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master
         WHERE name NOT LIKE 'sqlite_%' AND name != 'probe_migrations' ORDER BY type, name`,
      )
      .all() as SchemaRow[];
  } finally {
    db.close();
  }
}

const snapshot = (file: string) =>
  (JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', file), 'utf8')) as SchemaRow[]).filter(
    (r) => !/_migrations$/.test(r.name),
  );

describe.each([
  ['the service', 'src-server/db/migrations', migrations, 'serviceSchema.v13.json', 13],
  ["the app's cache", 'src-main/core/cache/migrations', cacheMigrations, 'cacheSchema.v9.json', 9],
] as const)('%s', (_side, folder, list, fixture, snapshotVersion) => {
  it('keeps each migration in a file of its own, named by its number, listed in order', () => {
    const files = readdirSync(join(ROOT, folder)).filter((f) => /^\d{3}-[a-z0-9-]+\.ts$/.test(f));
    expect(files.map((f) => Number(f.slice(0, 3)))).toEqual(list.map((m) => m.version));
    expect(list.map((m) => m.version)).toEqual(list.map((_, i) => i + 1));
    for (const [i, file] of files.entries()) {
      expect(readFileSync(join(ROOT, folder, file), 'utf8')).toContain(`version: ${list[i]!.version},`);
    }
  });

  it(`builds, up to version ${snapshotVersion}, the very schema the migrations built before the split`, () => {
    const now = schemaAfter(list, snapshotVersion);
    expect(now.length).toBeGreaterThan(10);
    expect(now).toEqual(snapshot(fixture));
  });
});

describe('the change-counter triggers', () => {
  it('move the counter of every tenant table on insert, update and delete', () => {
    const triggers = schemaAfter(migrations, 13).filter((r) => r.type === 'trigger' && /_counts$/.test(r.name));
    const tables = new Set(triggers.map((t) => t.tableName));
    expect(tables).toContain('leave_requests');
    expect(tables).toContain('form_distributions');
    for (const table of [...tables].filter((t) => t !== 'organizations')) {
      expect(triggers.filter((t) => t.tableName === table).map((t) => t.name.split('_').at(-2))).toEqual([
        'delete',
        'insert',
        'update',
      ]);
    }
  });
});
