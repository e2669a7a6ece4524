import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 2,
  name: 'training search index kept by triggers, by rowid',
  // The first index was keyed by an unindexed id: every write scanned it whole.
  sql: `
      DROP TABLE trainings_fts;
      CREATE VIRTUAL TABLE trainings_fts USING fts5 (
        name, content = 'trainings', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
      );
      INSERT INTO trainings_fts (rowid, name) SELECT rowid, name FROM trainings WHERE name IS NOT NULL;
      CREATE TRIGGER trainings_fts_insert AFTER INSERT ON trainings WHEN new.name IS NOT NULL BEGIN
        INSERT INTO trainings_fts (rowid, name) VALUES (new.rowid, new.name);
      END;
      CREATE TRIGGER trainings_fts_delete AFTER DELETE ON trainings WHEN old.name IS NOT NULL BEGIN
        INSERT INTO trainings_fts (trainings_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
      END;
      CREATE TRIGGER trainings_fts_update AFTER UPDATE OF name ON trainings BEGIN
        INSERT INTO trainings_fts (trainings_fts, rowid, name) SELECT 'delete', old.rowid, old.name WHERE old.name IS NOT NULL;
        INSERT INTO trainings_fts (rowid, name) SELECT new.rowid, new.name WHERE new.name IS NOT NULL;
      END;
    `,
};
