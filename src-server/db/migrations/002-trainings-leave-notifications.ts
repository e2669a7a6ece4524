import { inPostgres, type ServiceMigration } from './serviceMigration';

const sql = `
      CREATE TABLE training_references (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        kind TEXT NOT NULL CHECK (kind IN ('category', 'provider', 'type')),
        name TEXT NOT NULL,
        UNIQUE (organization_id, kind, name)
      );

      CREATE TABLE trainings (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type_id TEXT NOT NULL REFERENCES training_references(id),
        category_id TEXT NOT NULL REFERENCES training_references(id),
        provider_id TEXT REFERENCES training_references(id),
        start_date TEXT NOT NULL,
        end_date TEXT,
        expiry_date TEXT,
        cost REAL,
        notes TEXT,
        structured_units REAL,
        unstructured_units REAL,
        hours REAL,
        status TEXT NOT NULL,
        outcome TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX trainings_org_name ON trainings (organization_id, name, id);
      CREATE INDEX trainings_org_user_name ON trainings (organization_id, user_id, name, id);
      CREATE INDEX trainings_org_expiry ON trainings (organization_id, expiry_date);
      CREATE INDEX trainings_org_start ON trainings (organization_id, start_date);

      CREATE TABLE leave_requests (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        start_date TEXT NOT NULL,
        end_date TEXT NOT NULL,
        type TEXT NOT NULL,
        notes TEXT,
        status TEXT NOT NULL,
        days REAL NOT NULL,
        reviewed_by TEXT REFERENCES users(id),
        reviewed_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX leave_org_user_start ON leave_requests (organization_id, user_id, start_date);
      CREATE INDEX leave_org_status_end ON leave_requests (organization_id, status, end_date);
      CREATE INDEX leave_org_start ON leave_requests (organization_id, start_date);

      CREATE TABLE notifications (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        read_at TEXT,
        data TEXT NOT NULL,
        dedupe_key TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX notifications_org_user_created ON notifications (organization_id, user_id, created_at);
      CREATE INDEX notifications_org_user_unread ON notifications (organization_id, user_id, created_at)
        WHERE read_at IS NULL;
      CREATE UNIQUE INDEX notifications_dedupe ON notifications (organization_id, user_id, dedupe_key)
        WHERE dedupe_key IS NOT NULL;
    `;

export const migration: ServiceMigration = {
  version: 2,
  name: 'trainings, leave, notifications',
  sql,
  postgres: inPostgres(sql),
};
