import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 8,
  name: 'drafts and sent answers of forms',
  // What a person typed into a form, kept as they type, until it is sent; and what they sent
  // from here, to read again (never for an anonymous form). Neither goes to the service.
  sql: `
      CREATE TABLE form_drafts (form_id TEXT PRIMARY KEY, answers TEXT NOT NULL, saved_at TEXT NOT NULL);
      CREATE TABLE form_sent (form_id TEXT PRIMARY KEY, answers TEXT, sent_at TEXT NOT NULL);
    `,
};
