import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 1,
  name: 'cache',
  sql: `
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

      CREATE TABLE users (
        id TEXT PRIMARY KEY, last_name TEXT NOT NULL COLLATE NOCASE, first_name TEXT NOT NULL COLLATE NOCASE,
        email TEXT NOT NULL, department_id TEXT, manager_id TEXT, json TEXT NOT NULL
      );
      CREATE INDEX users_name ON users (last_name, first_name, id);
      CREATE INDEX users_department ON users (department_id, last_name);
      CREATE INDEX users_manager ON users (manager_id);
      CREATE TABLE departments (id TEXT PRIMARY KEY, name TEXT NOT NULL);
      CREATE TABLE training_refs (kind TEXT NOT NULL, id TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (kind, id));

      CREATE TABLE trainings (
        id TEXT PRIMARY KEY, user_id TEXT, name TEXT COLLATE NOCASE, status TEXT, start_date TEXT, end_date TEXT,
        expiry_date TEXT, cost REAL, hours REAL, created_at TEXT, json TEXT, base TEXT
      );
      CREATE INDEX trainings_name ON trainings (name, id) WHERE json IS NOT NULL;
      CREATE INDEX trainings_user ON trainings (user_id, name);
      CREATE INDEX trainings_status ON trainings (status, name);
      CREATE INDEX trainings_expiry ON trainings (expiry_date);
      CREATE INDEX trainings_start ON trainings (start_date);
      CREATE VIRTUAL TABLE trainings_fts USING fts5 (id UNINDEXED, name, tokenize = 'unicode61 remove_diacritics 2');

      CREATE TABLE leave (
        id TEXT PRIMARY KEY, user_id TEXT, start_date TEXT, end_date TEXT, status TEXT, type TEXT,
        created_at TEXT, json TEXT, base TEXT
      );
      CREATE INDEX leave_user_start ON leave (user_id, start_date);
      CREATE INDEX leave_status_start ON leave (status, start_date);
      CREATE INDEX leave_dates ON leave (start_date, end_date);

      CREATE TABLE calendar_users (
        id TEXT PRIMARY KEY, last_name TEXT COLLATE NOCASE, first_name TEXT COLLATE NOCASE, department_id TEXT,
        nationality TEXT, json TEXT NOT NULL
      );
      CREATE INDEX calendar_users_name ON calendar_users (last_name, first_name, id);
      CREATE TABLE calendar_leave (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL, start_date TEXT NOT NULL, end_date TEXT NOT NULL, json TEXT NOT NULL
      );
      CREATE INDEX calendar_leave_user ON calendar_leave (user_id, start_date);
      CREATE TABLE holidays (country TEXT NOT NULL, date TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (country, date));

      CREATE TABLE notifications (
        id TEXT PRIMARY KEY, created_at TEXT, read INTEGER, type TEXT, json TEXT, base TEXT
      );
      CREATE INDEX notifications_created ON notifications (created_at DESC, id DESC) WHERE json IS NOT NULL;
      CREATE INDEX notifications_unread ON notifications (created_at DESC, id DESC) WHERE read = 0 AND json IS NOT NULL;

      CREATE TABLE forms (
        id TEXT PRIMARY KEY, status TEXT, title TEXT COLLATE NOCASE, created_at TEXT, json TEXT, base TEXT
      );
      CREATE INDEX forms_created ON forms (created_at DESC, id DESC);
      CREATE INDEX forms_status ON forms (status, created_at DESC);
      CREATE TABLE assigned_forms (id TEXT PRIMARY KEY, position INTEGER, json TEXT, base TEXT);
      CREATE TABLE form_responses (
        id TEXT PRIMARY KEY, form_id TEXT NOT NULL, submitted_at TEXT NOT NULL, json TEXT NOT NULL
      );
      CREATE INDEX form_responses_form ON form_responses (form_id, submitted_at DESC, id DESC);
      CREATE TABLE form_analytics (form_id TEXT PRIMARY KEY, json TEXT NOT NULL);

      -- One row per fetched list page: its ETag for If-None-Match, and the ids it held, so an
      -- unchanged page (304) still tells which records the service has.
      CREATE TABLE sync_pages (key TEXT PRIMARY KEY, etag TEXT, ids TEXT NOT NULL);

      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        op_id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        entity TEXT NOT NULL,
        entity_id TEXT,
        payload TEXT NOT NULL,
        base_version INTEGER,
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'inflight', 'conflict')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        last_error TEXT,
        conflict TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX outbox_entity ON outbox (entity, entity_id, seq);
      CREATE INDEX outbox_state ON outbox (state, seq);

      -- Ids the service gave to records created here, for references that still hold the local id.
      CREATE TABLE id_map (local_id TEXT PRIMARY KEY, server_id TEXT NOT NULL);
    `,
};
