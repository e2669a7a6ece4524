import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 4,
  name: 'full-text index moved only by a new name',
  // Every write of a training sets its name, changed or not: only a change should touch the index.
  sql: `
      DROP TRIGGER trainings_fts_update;
      CREATE TRIGGER trainings_fts_update AFTER UPDATE OF name ON trainings WHEN old.name IS NOT new.name BEGIN
        INSERT INTO trainings_fts (trainings_fts, rowid, name) SELECT 'delete', old.rowid, old.name WHERE old.name IS NOT NULL;
        INSERT INTO trainings_fts (rowid, name) SELECT new.rowid, new.name WHERE new.name IS NOT NULL;
      END;
    `,
};
