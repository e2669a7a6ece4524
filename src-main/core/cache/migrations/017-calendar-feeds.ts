import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 17,
  name: 'calendar feeds',
  // One's calendar feeds, made and revoked offline like any record: the user's copy and the
  // service's. The secret address comes in the answer that made a feed and is kept here alone.
  sql: `
      CREATE TABLE calendar_feeds (id TEXT PRIMARY KEY, created_at TEXT, json TEXT, base TEXT);
    `,
};
