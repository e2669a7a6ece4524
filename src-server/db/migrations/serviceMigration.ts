import type { Migration } from '../../../src-node/sqlite/migrations';

/**
 * One step of the service's schema, in both of its stores' words: `sql` for SQLite (the embedded
 * default), `postgres` for PostgreSQL. The two make the same tables, columns, indexes and triggers
 * under the same names (a test compares them).
 */
export interface ServiceMigration extends Migration {
  postgres: string;
}

/**
 * SQLite's DDL as PostgreSQL takes it. The statements are written for both: TEXT, INTEGER, CHECK,
 * partial indexes and `COLLATE NOCASE` (PostgreSQL folds the name to the `nocase` collation
 * migration 1 makes) mean the same there; REAL is 4 bytes in PostgreSQL, WITHOUT ROWID is
 * SQLite's alone, and PostgreSQL names a trigger with its table (`<table>_<event>_counts`).
 */
export function inPostgres(sql: string): string {
  return sql
    .replace(/\bREAL\b/g, 'DOUBLE PRECISION')
    .replace(/\)\s*WITHOUT ROWID;/g, ');')
    .replace(/DROP TRIGGER (\w+)_(insert|update|delete)_counts;/g, 'DROP TRIGGER $1_$2_counts ON $1;');
}
