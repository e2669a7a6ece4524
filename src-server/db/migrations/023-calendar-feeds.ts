import { inPostgres, type ServiceMigration } from './serviceMigration';
import { changeCounterTriggers, changeCounterTriggersPg } from './changeCounters';

// A calendar feed: its owner, what it holds, and its secret address only as a hash (a copy of the
// database subscribes to nothing). Found by that hash on every poll; its owner's list moves the
// change counter so a new or revoked feed is never a 304.
const sql = (counts: typeof changeCounterTriggers) => `
      CREATE TABLE calendar_feeds (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations (id),
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('ME', 'TEAM', 'DEPARTMENT')),
        include_pending INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX calendar_feeds_token ON calendar_feeds (token_hash);
      CREATE INDEX calendar_feeds_user ON calendar_feeds (organization_id, user_id, created_at);
${counts(['calendar_feeds'], { events: ['insert', 'delete'] })}
    `;

export const migration: ServiceMigration = {
  version: 23,
  name: 'calendar feeds',
  sql: sql(changeCounterTriggers),
  postgres: inPostgres(sql(changeCounterTriggersPg)),
};
