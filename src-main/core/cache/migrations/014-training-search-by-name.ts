import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 14,
  name: 'training search over the names, each once',
  // Trainings often share a name: the search index holds each name once (a first sync built it
  // over every training, a fifth of its index work), and a search finds the
  // trainings by name. A name no training bears any more stays and matches nothing.
  sql: `
      DROP TRIGGER trainings_fts_insert;
      DROP TRIGGER trainings_fts_delete;
      DROP TRIGGER trainings_fts_update;
      DROP TABLE trainings_fts;
      CREATE TABLE training_names (name TEXT NOT NULL UNIQUE);
      CREATE VIRTUAL TABLE training_names_fts USING fts5 (
        name, content = 'training_names', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER training_names_fts_insert AFTER INSERT ON training_names BEGIN
        INSERT INTO training_names_fts (rowid, name) VALUES (new.rowid, new.name);
      END;
      CREATE TRIGGER training_names_insert AFTER INSERT ON trainings WHEN new.name IS NOT NULL BEGIN
        INSERT INTO training_names (name) VALUES (new.name) ON CONFLICT DO NOTHING;
      END;
      CREATE TRIGGER training_names_update AFTER UPDATE OF name ON trainings WHEN new.name IS NOT NULL AND old.name IS NOT new.name BEGIN
        INSERT INTO training_names (name) VALUES (new.name) ON CONFLICT DO NOTHING;
      END;
      INSERT INTO training_names (name) SELECT DISTINCT name FROM trainings WHERE name IS NOT NULL;
    `,
};
