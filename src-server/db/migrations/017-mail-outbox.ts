import { inPostgres, type ServiceMigration } from './serviceMigration';

// Mail waits here, written in the transaction of the change it tells of: it survives a restart,
// goes out once per event (its key is unique) and is retried with backoff.
const sql = `
      CREATE TABLE mail_outbox (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations (id),
        event_key TEXT NOT NULL UNIQUE,
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        next_attempt_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        claimed_until TEXT,
        sent_at TEXT,
        last_error TEXT
      );
      CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
    `;

export const migration: ServiceMigration = {
  version: 17,
  name: 'mail outbox',
  sql,
  postgres: inPostgres(sql),
};
