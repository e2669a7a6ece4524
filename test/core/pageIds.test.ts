import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cacheMigrations } from '../../src-main/core/cache/migrations';
import { keepPage, keptPage, packIds, unpackIds } from '../../src-main/core/cache/syncPages';
import { migrate } from '../../src-node/sqlite/migrations';
import { openSqlite } from '../../src-node/sqlite/openSqlite';

const LEDGER = { table: 'cache_migrations', tooNew: () => 'newer' };

describe('the ids a page held', () => {
  it('keeps UUIDs in 16 bytes each and reads them back as they were', () => {
    const ids = Array.from({ length: 100 }, () => randomUUID());
    const packed = packIds(ids)!;
    expect(packed.length).toBe(1600);
    expect(unpackIds(packed)).toEqual(ids);
    expect(unpackIds(packIds([])!)).toEqual([]);
  });

  it('keeps ids of another shape as they are written', () => {
    const db = openSqlite(':memory:');
    migrate(db, cacheMigrations, LEDGER);
    const upper = randomUUID().toUpperCase();
    keepPage(db, 'a#1', '"1"', { ids: [randomUUID(), upper], totalPages: 3 });
    keepPage(db, 'b#1', null, { ids: ['42', 'x-1'], totalPages: null });
    expect(keptPage(db, 'a#1')!.held().ids[1]).toBe(upper);
    expect(keptPage(db, 'b#1')!.held()).toEqual({ ids: ['42', 'x-1'], totalPages: null });
    const uuids = [randomUUID(), randomUUID()];
    keepPage(db, 'a#1', '"2"', { ids: uuids, totalPages: 2 });
    expect(keptPage(db, 'a#1')).toMatchObject({ etag: '"2"' });
    expect(keptPage(db, 'a#1')!.held()).toEqual({ ids: uuids, totalPages: 2 });
    db.close();
  });

  it('reads the pages a cache of the version before kept', () => {
    const db = openSqlite(':memory:');
    migrate(
      db,
      cacheMigrations.filter((m) => m.version < 22),
      LEDGER,
    );
    const ids = [randomUUID(), 'local-1'];
    db.prepare('INSERT INTO sync_pages (key, etag, ids) VALUES (?, ?, ?)').run(
      'leave#2',
      '"9"',
      JSON.stringify({ ids, totalPages: 4 }),
    );
    db.prepare("INSERT INTO sync_pages (key, etag, ids) VALUES ('policy', '\"3\"', '[]')").run();
    migrate(db, cacheMigrations, LEDGER);
    expect(keptPage(db, 'leave#2')!.held()).toEqual({ ids, totalPages: 4 });
    expect(keptPage(db, 'policy')).toMatchObject({ etag: '"3"' });
    db.close();
  });
});
