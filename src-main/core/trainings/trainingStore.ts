import type { ListedTraining, TrainingQuery } from '@shared/appApi';
import type { TrainingRecord } from '@shared/appApi/trainings';
import { expiryWindow, type RenewalFields } from '@shared/records/trainingExpiry';
import type { ReferenceKind } from '@shared/rules';
import { TRAINING_SORT_COLUMNS, type List, type ReferenceItem, type Training } from '@shared/wire';
import { cachePage, Conditions } from '../cache/cachePage';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

// The app's trainings as its cache holds them, with whose each is (the people the cache holds) and
// the references they name. The handlers (trainingHandlers.ts) keep the rules; the SQL is here.

// The training search's index holds each name once (cache migration 014): trainings often share a
// name (a course many people take). Triggers keep it as trainings are stored or renamed.

/** A condition on `column` (a training's name): it matches the FTS5 query given as its one parameter. */
export function nameMatches(column: string): string {
  return `${column} IN (SELECT name FROM training_names
    WHERE rowid IN (SELECT rowid FROM training_names_fts WHERE training_names_fts MATCH ?))`;
}

/** Prefix search over every word the user typed, for FTS5. */
function ftsQuery(search: string): string | null {
  const words = search.match(/[\p{L}\p{N}]+/gu);
  return words ? words.map((w) => `"${w}"*`).join(' ') : null;
}

/** A page of the trainings the filter keeps, each with whose it is; expiry judged at `now` (ms). */
export function trainingsPage(db: CacheDb, q: TrainingQuery, now: number): List<ListedTraining> {
  const where = new Conditions('t.json IS NOT NULL');
  const match = q.search ? ftsQuery(q.search) : null;
  if (match) where.and(nameMatches('t.name'), match);
  where
    .equal('t.status', q.status)
    .equal('t.user_id', q.userId)
    .equal('u.department_id', q.departmentId)
    .equal("t.json ->> '$.outcome'", q.outcome)
    .equal("t.json ->> '$.typeId'", q.typeId)
    .equal("t.json ->> '$.categoryId'", q.categoryId)
    .equal("t.json ->> '$.providerId'", q.providerId);
  if (q.expiry) {
    const { now: at, soon } = expiryWindow(now);
    // As expiryState: a cancelled or failed training holds no certificate, whatever its date.
    const held = "t.status != 'CANCELLED' AND t.json ->> '$.outcome' != 'FAILED'";
    const condition = {
      none: `(t.expiry_date IS NULL OR NOT (${held}))`,
      expired: `t.expiry_date < ? AND ${held}`,
      expiring: `t.expiry_date >= ? AND t.expiry_date < ? AND ${held}`,
      valid: `t.expiry_date >= ? AND ${held}`,
    }[q.expiry];
    where.and(condition, ...({ none: [], expired: [at], expiring: [at, soon], valid: [soon] } as const)[q.expiry]);
  }
  const direction = q.sortOrder === 'desc' ? 'DESC' : 'ASC';
  const orderBy =
    q.sortBy === 'person'
      ? `u.last_name IS NULL, u.last_name ${direction}, u.first_name ${direction}, t.name, t.id`
      : `t.${TRAINING_SORT_COLUMNS[q.sortBy ?? 'name']} IS NULL, t.${TRAINING_SORT_COLUMNS[q.sortBy ?? 'name']} ${direction}, t.id`;
  // Whose each training is, from the people the cache holds (a colleague out of reach: none). The
  // page is chosen, and the total counted, joining the people only where a condition or the order
  // is theirs: joins for every row were most of a page's time.
  const people = 'LEFT JOIN users AS u ON u.id = t.user_id';
  return cachePage<ListedTraining>(db, {
    from: `FROM trainings AS t ${q.departmentId || q.sortBy === 'person' ? people : ''} WHERE ${where.sql}`,
    countFrom: `FROM trainings AS t ${q.departmentId ? people : ''} WHERE ${where.sql}`,
    json: `json_set(t.record, '$.person', json(CASE WHEN u.id IS NULL THEN NULL
      ELSE json_object('name', u.first_name || ' ' || u.last_name, 'department', d.name) END))`,
    key: {
      column: 't.rowid',
      rowsFrom: `trainings AS t ${people} LEFT JOIN departments AS d ON d.id = u.department_id`,
    },
    params: where.params,
    orderBy,
    page: q.page,
    pageSize: q.pageSize,
  });
}

/**
 * Every training that holds a certificate (an expiry date, neither cancelled nor failed: only those
 * can expire, or renew what expires), with whose; `someone` names a person the cache does not hold.
 */
export function trainingsWithExpiry(
  db: CacheDb,
  someone: string,
): (RenewalFields & { id: string; person: string; department: string | null })[] {
  // The fields the Expiring view judges by, as arrays (no keyed object per row from the driver), read
  // in one pass over the table (through an index each row would be a seek of its own), and whose
  // from the people read once rather than joined to each row.
  const people = new Map(
    (
      prepared(
        db,
        `SELECT u.id, u.first_name || ' ' || u.last_name, d.name
         FROM users AS u LEFT JOIN departments AS d ON d.id = u.department_id`,
      )
        .raw(true)
        .all() as [string, string, string | null][]
    ).map(([id, person, department]) => [id, { person, department }]),
  );
  const rows = prepared(
    db,
    `SELECT t.id, t.user_id, t.name, t.json ->> '$.categoryId', t.status, t.json ->> '$.outcome', t.start_date,
       t.end_date, t.expiry_date
     FROM trainings AS t NOT INDEXED
     WHERE t.expiry_date IS NOT NULL AND t.json IS NOT NULL AND t.status IS NOT 'CANCELLED'
       AND t.json ->> '$.outcome' IS NOT 'FAILED'`,
  )
    .raw(true)
    .all() as [
    string,
    string,
    string,
    string,
    Training['status'],
    Training['outcome'],
    string,
    string | null,
    string,
  ][];
  return rows.map(([id, userId, name, categoryId, status, outcome, startDate, endDate, expiryDate]) => {
    const who = people.get(userId);
    return {
      id,
      userId,
      name,
      categoryId,
      status,
      outcome,
      startDate,
      endDate,
      expiryDate,
      person: who?.person ?? someone,
      department: who?.department ?? null,
    };
  });
}

/** A person as their training record names them, or undefined for someone the cache does not hold. */
export function recordPerson(db: CacheDb, userId: string): TrainingRecord['person'] | undefined {
  return prepared(
    db,
    `SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.email, d.name AS department
     FROM users AS u LEFT JOIN departments AS d ON d.id = u.department_id WHERE u.id = ?`,
  ).get(userId) as TrainingRecord['person'] | undefined;
}

/** A person's trainings, as the user sees them. */
export function trainingsOf(db: CacheDb, userId: string): Training[] {
  const rows = prepared(db, 'SELECT record AS json FROM trainings WHERE user_id = ? AND json IS NOT NULL').all(
    userId,
  ) as {
    json: string;
  }[];
  return rows.map((r) => JSON.parse(r.json) as Training);
}

/** The manager of a person the cache holds (null: none, or not held). */
export function managerOf(db: CacheDb, userId: string): string | null {
  const row = prepared(db, 'SELECT manager_id FROM users WHERE id = ?').get(userId) as
    { manager_id: string | null } | undefined;
  return row?.manager_id ?? null;
}

/** How many references of a kind the cache holds, and whether `id` is one of them. */
export function referenceLookup(db: CacheDb, kind: ReferenceKind, id: string): { held: number; found: boolean } {
  const row = prepared(db, 'SELECT count(*) AS n, sum(id = ?) AS hit FROM training_refs WHERE kind = ?').get(
    id,
    kind,
  ) as { n: number; hit: number | null };
  return { held: row.n, found: row.hit === 1 };
}

/** Every training reference (types, categories, providers), by name. */
export function trainingReferences(db: CacheDb): (ReferenceItem & { kind: string })[] {
  return prepared(db, 'SELECT kind, id, name FROM training_refs ORDER BY name, id').all() as (ReferenceItem & {
    kind: string;
  })[];
}
