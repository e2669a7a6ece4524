import { inPostgres, type ServiceMigration } from './serviceMigration';

const sql = `
      CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        slug TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1
      );

      CREATE TABLE service_settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE departments (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1,
        UNIQUE (organization_id, name)
      );

      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        email TEXT NOT NULL COLLATE NOCASE UNIQUE,
        password_hash TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        department_id TEXT REFERENCES departments(id),
        manager_id TEXT REFERENCES users(id),
        nationality TEXT NOT NULL,
        roles TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX users_org_name ON users (organization_id, last_name, first_name);
      CREATE INDEX users_org_department ON users (organization_id, department_id, last_name);
      CREATE INDEX users_org_manager ON users (organization_id, manager_id);
      CREATE INDEX users_org_created ON users (organization_id, created_at);
      CREATE INDEX users_org_email ON users (organization_id, email);

      CREATE TABLE refresh_tokens (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        rotated_at TEXT,
        revoked_at TEXT
      );
      CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
      CREATE INDEX refresh_tokens_expiry ON refresh_tokens (expires_at);

      CREATE TABLE login_failures (
        email TEXT PRIMARY KEY COLLATE NOCASE,
        failures INTEGER NOT NULL,
        window_started_at TEXT NOT NULL,
        locked_until TEXT
      );

      CREATE TABLE idempotency_keys (
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        owner TEXT NOT NULL,
        key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        status_code INTEGER,
        headers TEXT,
        body TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (organization_id, owner, key)
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
    `;

export const migration: ServiceMigration = {
  version: 1,
  name: 'organizations, users, auth, idempotency',
  sql,
  // Case-insensitive as SQLite's NOCASE is (and for every script, not ASCII alone).
  postgres: `
      CREATE COLLATION nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
${inPostgres(sql)}`,
};
