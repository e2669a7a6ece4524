import { describe, expect, it } from 'vitest';
import { cacheMigrations } from '../../src-main/core/cache/migrations';
import { writeRow } from '../../src-main/core/cache/entities';
import { nameMatches } from '../../src-main/core/trainings/trainingStore';
import { teamLeavePage } from '../../src-main/core/leave/leaveStore';
import { migrate } from '../../src-node/sqlite/migrations';
import { openSqlite } from '../../src-node/sqlite/openSqlite';
import { trainingRecord } from '../support/records';

const LEDGER = { table: 'cache_migrations', tooNew: () => 'newer' };

/** A cache as version 12 of the app left it, with a few trainings and decided requests in it. */
function cacheAtVersion12() {
  const db = openSqlite(':memory:');
  migrate(
    db,
    cacheMigrations.filter((m) => m.version <= 12),
    LEDGER,
  );
  const training = db.prepare("INSERT INTO trainings (id, name, json, base) VALUES (?, ?, ?, '')");
  for (const [id, name] of [
    ['t1', 'Fire safety'],
    ['t2', 'Fire safety'],
    ['t3', 'First aid'],
  ] as const) {
    training.run(id, name, JSON.stringify(trainingRecord({ id, name })));
  }
  const leave = db.prepare(
    "INSERT INTO leave (id, user_id, start_date, end_date, status, json, base) VALUES (?, 'u1', ?, ?, 'APPROVED', ?, '')",
  );
  for (const [id, reviewedAt] of [
    ['l1', '2026-03-01T10:00:00.000Z'],
    ['l2', '2026-05-01T10:00:00.000Z'],
    ['l3', '2026-04-01T10:00:00.000Z'],
  ] as const) {
    leave.run(id, '2026-06-01T00:00:00.000Z', '2026-06-02T00:00:00.000Z', JSON.stringify({ id, reviewedAt }));
  }
  return db;
}

const search = (db: ReturnType<typeof openSqlite>, term: string) =>
  (db.prepare(`SELECT id FROM trainings WHERE ${nameMatches('name')} ORDER BY id`).all(term) as { id: string }[]).map(
    (r) => r.id,
  );

describe('a cache from an earlier version of the app, migrated', () => {
  it('finds its trainings by name through the index of names, and the ones stored or renamed afterwards', () => {
    const db = cacheAtVersion12();
    migrate(db, cacheMigrations, LEDGER);
    expect(search(db, 'fire*')).toEqual(['t1', 't2']);
    expect(search(db, 'aid')).toEqual(['t3']);
    // Each name once, however many trainings bear it.
    expect(db.prepare('SELECT count(*) AS n FROM training_names').get()).toEqual({ n: 2 });
    const renamed = trainingRecord({ id: 't3', name: 'Working at height' });
    writeRow(db, 'trainings', 't3', renamed, renamed);
    const added = trainingRecord({ id: 't5', name: 'Safety at height' });
    writeRow(db, 'trainings', 't5', added, added);
    expect(search(db, 'height')).toEqual(['t3', 't5']);
    expect(search(db, 'aid')).toEqual([]);
    db.close();
  });

  it('reads the history of decisions latest first from the column the migration filled', () => {
    const db = cacheAtVersion12();
    migrate(db, cacheMigrations, LEDGER);
    const page = teamLeavePage({ db, role: 'ADMIN', userId: 'u9' }, { decided: true });
    expect(page.data.map((l) => l.id)).toEqual(['l2', 'l3', 'l1']);
    db.close();
  });
});
