import type Database from 'better-sqlite3-multiple-ciphers';

/** Tables a first sync fills by the thousand. */
const BULK_TABLES = [
  'trainings',
  'leave',
  'notifications',
  'users',
  'calendar_users',
  'calendar_leave',
  'form_responses',
];
const DEFERRED = 'deferredSchema';

// The training search's index of names (cache migration 014) is kept by triggers on trainings.
/**
 * The names of the trainings stored while the triggers were off (a first load), into the index.
 * In a first load every training is as the service sent it (json set): the names are read off
 * trainings_name, in order, rather than from every row.
 */
const INDEX_TRAINING_NAMES =
  'INSERT INTO training_names (name) SELECT DISTINCT name FROM trainings WHERE json IS NOT NULL AND name IS NOT NULL ON CONFLICT DO NOTHING';

interface SchemaObject {
  type: 'index' | 'trigger';
  name: string;
  sql: string;
  /** The table it belongs to (absent in what an older version kept: built with the first table done). */
  table?: string;
}

function saved(db: Database.Database): SchemaObject[] | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(DEFERRED) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as SchemaObject[]) : null;
}

/** Whether nothing has been pulled into this cache yet (not even part of an earlier attempt). */
export function isEmptyCache(db: Database.Database): boolean {
  const tables = [...BULK_TABLES, 'forms', 'assigned_forms'];
  return !db.prepare(`${tables.map((t) => `SELECT 1 FROM ${t}`).join(' UNION ALL ')} LIMIT 1`).get();
}

/**
 * Before a first sync: the secondary indexes and triggers of the bulk tables are dropped (their SQL
 * kept in `meta`), so tens of thousands of rows go in without keeping five indexes each in step.
 * `restoreIndexes` builds each once at the end; opening the cache does it too if a load was cut short.
 */
export function deferIndexes(db: Database.Database): void {
  if (saved(db)) return;
  const objects = db
    .prepare(
      `SELECT type, name, sql, tbl_name AS "table" FROM sqlite_master
       WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${BULK_TABLES.map(() => '?').join(', ')})`,
    )
    .all(...BULK_TABLES) as SchemaObject[];
  db.transaction(() => {
    db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(DEFERRED, JSON.stringify(objects));
    for (const o of objects) db.exec(`DROP ${o.type === 'index' ? 'INDEX' : 'TRIGGER'} "${o.name}"`);
  })();
}

/**
 * Builds what `deferIndexes` dropped for `tables` (every table when none are named), and the
 * training search index once the trainings are in: a table done early is indexed while the other
 * lists are still on their way.
 */
export function restoreIndexes(db: Database.Database, tables?: readonly string[]): void {
  const objects = saved(db);
  if (!objects) return;
  const now = tables ? objects.filter((o) => o.table === undefined || tables.includes(o.table)) : objects;
  const left = objects.filter((o) => !now.includes(o));
  db.transaction(() => {
    for (const o of now) db.exec(o.sql);
    if (now.some((o) => o.table === undefined || o.table === 'trainings')) {
      db.exec(INDEX_TRAINING_NAMES);
    }
    if (left.length) db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(JSON.stringify(left), DEFERRED);
    else db.prepare('DELETE FROM meta WHERE key = ?').run(DEFERRED);
  })();
}
