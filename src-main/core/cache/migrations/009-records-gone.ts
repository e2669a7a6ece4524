import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 9,
  name: 'records gone from the service',
  // A record the service no longer has, as it last stood: a notification about it can then say
  // what became of it ("This request was withdrawn") rather than lead nowhere.
  sql: `
      CREATE TABLE gone (
        entity TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL, noticed_at TEXT NOT NULL,
        PRIMARY KEY (entity, id)
      );
    `,
};
