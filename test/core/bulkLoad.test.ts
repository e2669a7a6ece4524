import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deferIndexes, isEmptyCache, restoreIndexes } from '../../src-main/core/cache/bulkLoad';
import { writeRow } from '../../src-main/core/cache/entities';
import { openCache, type CacheDb } from '../../src-main/core/cache/openCache';
import { nameMatches } from '../../src-main/core/trainings/trainingStore';
import { trainingRecord } from '../support/records';

const schemaOf = (db: CacheDb) =>
  db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY name",
    )
    .all();

const training = (id: string, name: string) => trainingRecord({ id, name });

const search = (db: CacheDb, term: string) =>
  (db.prepare(`SELECT id FROM trainings WHERE ${nameMatches('name')}`).all(term) as unknown[]).length;

describe('a first load without secondary indexes', () => {
  it('builds every index and trigger back, and the search index from the rows loaded meanwhile', () => {
    const db = openCache(':memory:');
    const before = schemaOf(db);
    expect(isEmptyCache(db)).toBe(true);
    deferIndexes(db);
    expect((schemaOf(db) as { name: string }[]).map((o) => o.name)).not.toContain('trainings_user');
    writeRow(db, 'trainings', 'a', training('a', 'Fire safety'), training('a', 'Fire safety'));
    writeRow(db, 'trainings', 'b', training('b', 'First aid'), training('b', 'First aid'));
    expect(isEmptyCache(db)).toBe(false);
    restoreIndexes(db);
    expect(schemaOf(db)).toEqual(before);
    expect(search(db, 'safety')).toBe(1);
    // The triggers are back: a rename moves the search index again.
    writeRow(db, 'trainings', 'b', training('b', 'Safety at sea'), training('b', 'Safety at sea'));
    expect(search(db, 'safety')).toBe(2);
  });

  it('indexes a table as soon as its list is in, the others still without, and all of them at the end', () => {
    const db = openCache(':memory:');
    const before = schemaOf(db);
    deferIndexes(db);
    writeRow(db, 'trainings', 'a', training('a', 'Fire safety'), training('a', 'Fire safety'));
    restoreIndexes(db, ['trainings']);
    const names = (schemaOf(db) as { name: string }[]).map((o) => o.name);
    expect(names).toContain('trainings_user');
    expect(names).not.toContain('leave_user_end');
    expect(search(db, 'fire')).toBe(1);
    // Still deferred: a crash now would have the rest built when the cache is opened.
    expect(db.prepare("SELECT 1 FROM meta WHERE key = 'deferredSchema'").get()).toBeTruthy();
    restoreIndexes(db);
    expect(schemaOf(db)).toEqual(before);
    expect(db.prepare("SELECT 1 FROM meta WHERE key = 'deferredSchema'").get()).toBeUndefined();
    expect(search(db, 'fire')).toBe(1);
  });

  it('cut short by a crash, is finished when the cache is opened again', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bulk-')), 'cache.sqlite');
    const db = openCache(path);
    const before = schemaOf(db);
    deferIndexes(db);
    writeRow(db, 'trainings', 'a', training('a', 'Fire safety'), training('a', 'Fire safety'));
    db.close();
    const reopened = openCache(path);
    expect(schemaOf(reopened)).toEqual(before);
    expect(search(reopened, 'fire')).toBe(1);
    reopened.close();
  });
});
