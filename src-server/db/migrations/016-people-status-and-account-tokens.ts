import { inPostgres, type ServiceMigration } from './serviceMigration';

// A person is INVITED until they choose a password, ACTIVE, or LEFT after their last working day
// (`end_date`; every record of theirs is kept). An invitation or a password reset is a one-time
// token kept only as its hash; a new one voids the older of the same purpose. A password changed
// or reset ends the person's other sessions: refresh tokens found by person. The directory leaves
// former colleagues out by their last day: its orders' indexes carry it, so they still cover a page.
const sql = `
      ALTER TABLE users ADD COLUMN status TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('INVITED', 'ACTIVE', 'LEFT'));
      ALTER TABLE users ADD COLUMN end_date TEXT;
      CREATE INDEX users_leaving ON users (end_date, status) WHERE end_date IS NOT NULL;
      DROP INDEX users_org_name;
      CREATE INDEX users_org_name ON users (organization_id, last_name COLLATE NOCASE, id, end_date);
      DROP INDEX users_org_created;
      CREATE INDEX users_org_created ON users (organization_id, created_at, id, end_date);
      CREATE TABLE account_tokens (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations (id),
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('INVITATION', 'PASSWORD_RESET')),
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT,
        voided_at TEXT
      );
      CREATE INDEX account_tokens_user ON account_tokens (organization_id, user_id, purpose);
      CREATE INDEX account_tokens_expiry ON account_tokens (expires_at);
      CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id, organization_id);
    `;

export const migration: ServiceMigration = {
  version: 16,
  name: 'people status and account tokens',
  sql,
  postgres: inPostgres(sql),
};
