import type { Db } from '../open';
import type { Engine } from './engine';
import { prepared } from './sqliteStatements';

/**
 * An organization's counters (migrations 5 and 8): `counter` moves with every write in it,
 * `accounts` with every write to its accounts. Keys for what may be kept while they stand still.
 */
export interface ChangeCounters {
  counter: number;
  accounts: number;
}

/** How long a write by another connection to the file may go unseen (none is expected: see below). */
export const OTHER_WRITERS_CHECKED_EVERY_MS = 50;

interface Known {
  /** This connection's count of changed rows when the values were read. */
  changes: number;
  /** SQLite's data version then: it moves when another connection commits. */
  dataVersion: number;
  checkedAt: number;
  values: Map<string, ChangeCounters>;
}

const known = new WeakMap<Db, Known>();

/** The sum of the organization's slots (migration 25): one row on SQLite, a row per writing connection's slot on PostgreSQL. */
const READ = `SELECT COALESCE(SUM(counter), 0) AS counter, COALESCE(SUM(accounts), 0) AS accounts
  FROM change_counters WHERE organization_id = :organizationId`;

/** The counter as stored now, read afresh (0 before the organization's first write). */
export async function storedChangeCounter(engine: Engine, organizationId: string): Promise<number> {
  return (await readFromDatabase(engine, organizationId)).counter;
}

async function readFromDatabase(engine: Engine, organizationId: string): Promise<ChangeCounters> {
  return (await engine.get<ChangeCounters>(READ, { organizationId }))!;
}

function dataVersion(db: Db): number {
  return prepared(db, 'PRAGMA data_version').pluck().get() as number;
}

/**
 * The counters. On PostgreSQL, read each time: another instance may have written. On SQLite, read
 * only when a write may have moved them. Every request reads them
 * (ETags, kept accounts, kept totals), and a read transaction of its own cost a cached list page
 * an eighth of its processor. Every write that moves a counter changes rows on this connection
 * (the triggers' own updates count too), so its count of changed rows standing still means the
 * counters do; it never goes back, so a rolled-back batch reads them again. Inside a transaction
 * they are read afresh and not kept: they may be undone. The service is the file's one writer; a
 * write from another connection is noticed by SQLite's data version, looked at every
 * OTHER_WRITERS_CHECKED_EVERY_MS.
 */
export async function readChangeCounters(
  engine: Engine,
  organizationId: string,
  now = performance.now(),
): Promise<ChangeCounters> {
  const db = engine.sqlite;
  if (!db || db.inTransaction) return readFromDatabase(engine, organizationId);
  const changes = prepared(db, 'SELECT total_changes()').pluck().get() as number;
  let state = known.get(db);
  if (!state) {
    state = { changes, dataVersion: dataVersion(db), checkedAt: now, values: new Map() };
    known.set(db, state);
  } else if (now - state.checkedAt >= OTHER_WRITERS_CHECKED_EVERY_MS) {
    const version = dataVersion(db);
    if (version !== state.dataVersion) state.values.clear();
    state.dataVersion = version;
    state.checkedAt = now;
  }
  if (changes !== state.changes) {
    state.values.clear();
    state.changes = changes;
  }
  let values = state.values.get(organizationId);
  if (!values) {
    // Frozen: every request of the organization gets this one object until a write.
    values = Object.freeze(prepared(db, READ).get({ organizationId })) as ChangeCounters;
    state.values.set(organizationId, values);
  }
  return values;
}
