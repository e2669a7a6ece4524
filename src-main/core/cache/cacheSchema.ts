import type { Migration } from '../../../src-node/sqlite/migrations';

/**
 * The local cache of one account. Records the user can change keep two copies: `base`, as the
 * service last sent it, and `json`, what the user sees (base with the pending outbox operations
 * applied on top; NULL when deleted locally). Index columns mirror `json` for the views' lists.
 * A `base` equal to `json` is stored as '' (see BASE_COLUMN in entities.ts), not a second copy.
 */
export const cacheMigrations: readonly Migration[] = [
  {
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
  },
  {
    version: 2,
    name: 'training search index kept by triggers, by rowid',
    // The first index was keyed by an unindexed id: every write scanned it whole.
    sql: `
      DROP TABLE trainings_fts;
      CREATE VIRTUAL TABLE trainings_fts USING fts5 (
        name, content = 'trainings', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
      );
      INSERT INTO trainings_fts (rowid, name) SELECT rowid, name FROM trainings WHERE name IS NOT NULL;
      CREATE TRIGGER trainings_fts_insert AFTER INSERT ON trainings WHEN new.name IS NOT NULL BEGIN
        INSERT INTO trainings_fts (rowid, name) VALUES (new.rowid, new.name);
      END;
      CREATE TRIGGER trainings_fts_delete AFTER DELETE ON trainings WHEN old.name IS NOT NULL BEGIN
        INSERT INTO trainings_fts (trainings_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
      END;
      CREATE TRIGGER trainings_fts_update AFTER UPDATE OF name ON trainings BEGIN
        INSERT INTO trainings_fts (trainings_fts, rowid, name) SELECT 'delete', old.rowid, old.name WHERE old.name IS NOT NULL;
        INSERT INTO trainings_fts (rowid, name) SELECT new.rowid, new.name WHERE new.name IS NOT NULL;
      END;
    `,
  },
  {
    version: 3,
    name: 'calendar leave by end date',
    // A month's leave per person is found from its end: past leave is never read.
    sql: `
      CREATE INDEX leave_user_end ON leave (user_id, end_date);
      DROP INDEX calendar_leave_user;
      CREATE INDEX calendar_leave_user_end ON calendar_leave (user_id, end_date);
    `,
  },
  {
    version: 4,
    name: 'full-text index moved only by a new name',
    // Every write of a training sets its name, changed or not: only a change should touch the index.
    sql: `
      DROP TRIGGER trainings_fts_update;
      CREATE TRIGGER trainings_fts_update AFTER UPDATE OF name ON trainings WHEN old.name IS NOT new.name BEGIN
        INSERT INTO trainings_fts (trainings_fts, rowid, name) SELECT 'delete', old.rowid, old.name WHERE old.name IS NOT NULL;
        INSERT INTO trainings_fts (rowid, name) SELECT new.rowid, new.name WHERE new.name IS NOT NULL;
      END;
    `,
  },
  {
    version: 5,
    name: 'calendar leave filtered in the index',
    // The month's bounds and the status are checked in the index: only leave shown is read.
    sql: `
      DROP INDEX leave_user_end;
      CREATE INDEX leave_user_end ON leave (user_id, end_date, start_date, status);
      DROP INDEX calendar_leave_user_end;
      CREATE INDEX calendar_leave_user_end ON calendar_leave (user_id, end_date, start_date);
    `,
  },
  {
    version: 6,
    name: 'calendar people without a nationality column',
    // The calendar reads a person from the JSON stored with them; only the columns it orders and
    // filters by are kept beside it.
    sql: `ALTER TABLE calendar_users DROP COLUMN nationality;`,
  },
  {
    version: 7,
    name: 'decisions by their time',
    // The history of decisions reads latest first; the wall chart narrows people by department;
    // who else is away is found from the leave ending on or after a request's first day.
    sql: `
      CREATE INDEX leave_reviewed ON leave (json ->> '$.reviewedAt', id);
      CREATE INDEX calendar_users_department ON calendar_users (department_id, last_name, first_name, id);
      CREATE INDEX leave_end_start ON leave (end_date, start_date) WHERE json IS NOT NULL;
      CREATE INDEX calendar_leave_end ON calendar_leave (end_date, start_date);
    `,
  },
  {
    version: 8,
    name: 'drafts and sent answers of forms',
    // What a person typed into a form, kept as they type, until it is sent; and what they sent
    // from here, to read again (never for an anonymous form). Neither goes to the service.
    sql: `
      CREATE TABLE form_drafts (form_id TEXT PRIMARY KEY, answers TEXT NOT NULL, saved_at TEXT NOT NULL);
      CREATE TABLE form_sent (form_id TEXT PRIMARY KEY, answers TEXT, sent_at TEXT NOT NULL);
    `,
  },
  {
    version: 9,
    name: 'records gone from the service',
    // A record the service no longer has, as it last stood: a notification about it can then say
    // what became of it ("This request was withdrawn") rather than lead nowhere.
    sql: `
      CREATE TABLE gone (
        entity TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL, noticed_at TEXT NOT NULL,
        PRIMARY KEY (entity, id)
      );
    `,
  },
];
