import { changeCounterTriggers } from './changeCounters';
import type { ServiceMigration } from './serviceMigration';

// An email is unique within an organization, no longer across the service: one person may work for
// two organizations. SQLite cannot drop a column's UNIQUE, so the table is made again (its columns in
// the same order, its indexes and triggers as they were) with foreign keys off while it is swapped:
// the tables that refer to users keep their rows, and the runner checks every reference before the
// migration commits.
const columns = `id, organization_id, email, password_hash, first_name, last_name, department_id, manager_id,
        nationality, roles, created_at, updated_at, version, start_date, status, end_date, email_notifications`;

const sqlite = `
      CREATE TABLE users_rebuilt (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        email TEXT NOT NULL COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        department_id TEXT REFERENCES departments(id),
        manager_id TEXT REFERENCES users(id),
        nationality TEXT NOT NULL,
        roles TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        start_date TEXT,
        status TEXT NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('INVITED', 'ACTIVE', 'LEFT')),
        end_date TEXT,
        email_notifications INTEGER NOT NULL DEFAULT 1
      );
      INSERT INTO users_rebuilt (${columns}) SELECT ${columns} FROM users;
      DROP TABLE users;
      ALTER TABLE users_rebuilt RENAME TO users;
      CREATE INDEX users_org_department ON users (organization_id, department_id, last_name);
      CREATE INDEX users_org_manager ON users (organization_id, manager_id);
      CREATE UNIQUE INDEX users_org_email ON users (organization_id, email);
      CREATE INDEX users_leaving ON users (end_date, status) WHERE end_date IS NOT NULL;
      CREATE INDEX users_org_name ON users (organization_id, last_name COLLATE NOCASE, id, end_date);
      CREATE INDEX users_org_created ON users (organization_id, created_at, id, end_date);
${changeCounterTriggers(['users'], { accounts: true })}
    `;

export const migration: ServiceMigration = {
  version: 20,
  name: 'emails unique per organization',
  sql: sqlite,
  foreignKeysOff: true,
  postgres: `
      ALTER TABLE users DROP CONSTRAINT users_email_key;
      DROP INDEX users_org_email;
      CREATE UNIQUE INDEX users_org_email ON users (organization_id, email);
    `,
};
