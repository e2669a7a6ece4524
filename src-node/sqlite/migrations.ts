import type { SqliteDb } from './openSqlite';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * Foreign keys are off while it runs (SQLite's way to make a table again: dropping the old one
   * would otherwise delete or refuse the rows that refer to it); every reference is checked before
   * it commits.
   */
  foreignKeysOff?: boolean;
}

/** Where a database records the migrations it has had, and what to say when it is newer than the code. */
export interface MigrationLedger {
  table: string;
  tooNew: (current: number, latest: number) => string;
}

function ensureLedger(db: SqliteDb, ledger: MigrationLedger): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${ledger.table} (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT
  )`);
  // Caches made before the ledger kept the time have no such column yet.
  const columns = db.pragma(`table_info(${ledger.table})`) as { name: string }[];
  if (!columns.some((c) => c.name === 'applied_at')) db.exec(`ALTER TABLE ${ledger.table} ADD COLUMN applied_at TEXT`);
}

export function schemaVersion(db: SqliteDb, ledger: MigrationLedger): number {
  ensureLedger(db, ledger);
  const row = db.prepare(`SELECT MAX(version) AS v FROM ${ledger.table}`).get() as { v: number | null };
  return row.v ?? 0;
}

/**
 * Forward-only: applies the migrations the database has not had, each in its own transaction,
 * and refuses a database from newer code. `before` runs once the version is known and before any
 * migration (the cache rebuilds indexes a cut-short first sync left unbuilt).
 */
export function migrate(
  db: SqliteDb,
  list: readonly Migration[],
  ledger: MigrationLedger,
  before?: (current: number) => void,
): number[] {
  const current = schemaVersion(db, ledger);
  const latest = list.reduce((max, m) => Math.max(max, m.version), 0);
  if (current > latest) throw new Error(ledger.tooNew(current, latest));
  before?.(current);
  const record = db.prepare(`INSERT INTO ${ledger.table} (version, name, applied_at) VALUES (?, ?, ?)`);
  const applied: number[] = [];
  for (const m of [...list].sort((a, b) => a.version - b.version)) {
    if (m.version <= current) continue;
    // The pragma is a no-op inside a transaction, so it is set around it.
    const keysWereOn = m.foreignKeysOff === true && db.pragma('foreign_keys', { simple: true }) === 1;
    if (keysWereOn) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(m.sql);
        if (m.foreignKeysOff === true) {
          const broken = db.pragma('foreign_key_check') as { table: string }[];
          if (broken.length > 0) {
            throw new Error(
              `Migration ${m.version} (${m.name}) would leave ${broken.length} broken references (${broken[0]!.table})`,
            );
          }
        }
        record.run(m.version, m.name, new Date().toISOString());
      })();
    } finally {
      if (keysWereOn) db.pragma('foreign_keys = ON');
    }
    applied.push(m.version);
  }
  return applied;
}
