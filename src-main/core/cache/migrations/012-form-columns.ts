import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 12,
  name: 'form responses as columns',
  // A form's answers coded by question, kept beside its responses: its figures count codes rather
  // than parse every response's JSON. Stamped with the responses' count and newest rowid.
  sql: `
      CREATE TABLE form_columns (
        form_id TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        max_rowid INTEGER NOT NULL,
        json TEXT NOT NULL
      );
    `,
};
