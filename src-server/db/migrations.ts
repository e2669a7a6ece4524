import {
  migrate as runMigrations,
  schemaVersion as ledgerVersion,
  type Migration,
  type MigrationLedger,
} from '../../src-node/sqlite/migrations';
import type { SqliteDb } from '../../src-node/sqlite/openSqlite';

/**
 * Forward-only schema history. Never edit a migration that has shipped: add one.
 * Every tenant table carries organization_id; the few that do not are service-wide
 * (organizations, service_settings, login_failures: a failed login has no organization yet).
 */
export const migrations: Migration[] = [
  {
    version: 1,
    name: 'organizations, users, auth, idempotency',
    sql: `
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
    `,
  },
  {
    version: 2,
    name: 'trainings, leave, notifications',
    sql: `
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
    `,
  },
  {
    version: 3,
    name: 'case-insensitive name order',
    sql: `
      DROP INDEX trainings_org_name;
      DROP INDEX trainings_org_user_name;
      CREATE INDEX trainings_org_name ON trainings (organization_id, name COLLATE NOCASE, id);
      CREATE INDEX trainings_org_user_name ON trainings (organization_id, user_id, name COLLATE NOCASE, id);
      DROP INDEX users_org_name;
      CREATE INDEX users_org_name ON users (organization_id, last_name COLLATE NOCASE, id);
    `,
  },
  {
    version: 4,
    name: 'forms, questions, responses, distributions',
    sql: `
      CREATE TABLE forms (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        title TEXT NOT NULL,
        description TEXT,
        is_anonymous INTEGER NOT NULL DEFAULT 0,
        require_authentication INTEGER NOT NULL DEFAULT 1,
        allow_multiple_submissions INTEGER NOT NULL DEFAULT 0,
        max_submissions INTEGER,
        open_date TEXT,
        close_date TEXT,
        status TEXT NOT NULL,
        response_count INTEGER NOT NULL DEFAULT 0,
        created_by TEXT NOT NULL REFERENCES users(id),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 1
      );
      CREATE INDEX forms_org_created ON forms (organization_id, created_at, id);
      CREATE INDEX forms_org_status_created ON forms (organization_id, status, created_at, id);

      CREATE TABLE form_questions (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
        type TEXT NOT NULL,
        label TEXT NOT NULL,
        description TEXT,
        required INTEGER NOT NULL DEFAULT 0,
        options TEXT,
        min REAL,
        max REAL,
        position INTEGER NOT NULL
      );
      CREATE INDEX form_questions_form ON form_questions (organization_id, form_id, position);

      CREATE TABLE form_responses (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
        respondent_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        submitted_at TEXT NOT NULL
      );
      CREATE INDEX form_responses_form ON form_responses (organization_id, form_id, submitted_at, id);
      CREATE INDEX form_responses_respondent ON form_responses (organization_id, form_id, respondent_id)
        WHERE respondent_id IS NOT NULL;

      CREATE TABLE form_answers (
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        response_id TEXT NOT NULL REFERENCES form_responses(id) ON DELETE CASCADE,
        form_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        value TEXT NOT NULL,
        number REAL,
        PRIMARY KEY (response_id, question_id)
      ) WITHOUT ROWID;
      CREATE INDEX form_answers_question ON form_answers (organization_id, form_id, question_id, number);

      -- Who answered an anonymous form, as keyed hashes in hash order: enough to refuse a second
      -- answer, with nothing (no response id, no time, no insertion order) to tie one to a response.
      CREATE TABLE form_submitters (
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
        submitter_hash TEXT NOT NULL,
        PRIMARY KEY (form_id, submitter_hash)
      ) WITHOUT ROWID;

      CREATE TABLE form_distributions (
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        form_id TEXT NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        distributed_at TEXT NOT NULL,
        PRIMARY KEY (form_id, user_id)
      ) WITHOUT ROWID;
      CREATE INDEX form_distributions_user ON form_distributions (organization_id, user_id);
    `,
  },
  {
    version: 5,
    name: 'change counters for cheap list ETags',
    // Any write in an organization moves its counter, so an unchanged list is known without reading it.
    sql: `
      CREATE TABLE change_counters (
        organization_id TEXT PRIMARY KEY REFERENCES organizations(id),
        counter INTEGER NOT NULL
      );
      INSERT INTO change_counters (organization_id, counter) SELECT id, 1 FROM organizations;
      CREATE TRIGGER departments_insert_counts AFTER INSERT ON departments BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER departments_update_counts AFTER UPDATE ON departments BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER departments_delete_counts AFTER DELETE ON departments BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER users_insert_counts AFTER INSERT ON users BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER users_update_counts AFTER UPDATE ON users BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER users_delete_counts AFTER DELETE ON users BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER training_references_insert_counts AFTER INSERT ON training_references BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER training_references_update_counts AFTER UPDATE ON training_references BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER training_references_delete_counts AFTER DELETE ON training_references BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER trainings_insert_counts AFTER INSERT ON trainings BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER trainings_update_counts AFTER UPDATE ON trainings BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER trainings_delete_counts AFTER DELETE ON trainings BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER leave_requests_insert_counts AFTER INSERT ON leave_requests BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER leave_requests_update_counts AFTER UPDATE ON leave_requests BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER leave_requests_delete_counts AFTER DELETE ON leave_requests BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER notifications_insert_counts AFTER INSERT ON notifications BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER notifications_update_counts AFTER UPDATE ON notifications BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER notifications_delete_counts AFTER DELETE ON notifications BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER forms_insert_counts AFTER INSERT ON forms BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER forms_update_counts AFTER UPDATE ON forms BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER forms_delete_counts AFTER DELETE ON forms BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER form_questions_insert_counts AFTER INSERT ON form_questions BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER form_questions_update_counts AFTER UPDATE ON form_questions BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER form_questions_delete_counts AFTER DELETE ON form_questions BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER form_responses_insert_counts AFTER INSERT ON form_responses BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER form_responses_update_counts AFTER UPDATE ON form_responses BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER form_responses_delete_counts AFTER DELETE ON form_responses BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER form_distributions_insert_counts AFTER INSERT ON form_distributions BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER form_distributions_update_counts AFTER UPDATE ON form_distributions BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
      CREATE TRIGGER form_distributions_delete_counts AFTER DELETE ON form_distributions BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (old.organization_id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
    `,
  },
  {
    version: 6,
    name: 'leave overlap check by end date',
    // The overlap check walks a person's leave ending on or after the new start: for the usual
    // request in the future that is a handful of rows, not everything they ever took.
    sql: `
      CREATE INDEX leave_org_user_end ON leave_requests (organization_id, user_id, end_date);
    `,
  },
  {
    version: 7,
    name: 'list orders with their tiebreak',
    // Pages are ordered by a column then id: with id in the index, the rows an OFFSET skips are
    // walked in the index alone (see readPage), and no page sorts the whole organization.
    sql: `
      CREATE INDEX trainings_org_created ON trainings (organization_id, created_at, id);
      DROP INDEX trainings_org_start;
      CREATE INDEX trainings_org_start ON trainings (organization_id, start_date, id);
      CREATE INDEX leave_org_created ON leave_requests (organization_id, created_at, id);
      DROP INDEX leave_org_start;
      CREATE INDEX leave_org_start ON leave_requests (organization_id, start_date, id);
      DROP INDEX users_org_created;
      CREATE INDEX users_org_created ON users (organization_id, created_at, id);
    `,
  },
  {
    version: 8,
    name: 'accounts counter',
    // Writes to accounts move a counter of their own as well, so the account behind a request is
    // read again only when an account changed, not after every leave request (auth/accounts.ts).
    sql: `
      ALTER TABLE change_counters ADD COLUMN accounts INTEGER NOT NULL DEFAULT 0;
      DROP TRIGGER users_insert_counts;
      DROP TRIGGER users_update_counts;
      DROP TRIGGER users_delete_counts;
      CREATE TRIGGER users_insert_counts AFTER INSERT ON users BEGIN
        INSERT INTO change_counters (organization_id, counter, accounts) VALUES (new.organization_id, 1, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1, accounts = accounts + 1;
      END;
      CREATE TRIGGER users_update_counts AFTER UPDATE ON users BEGIN
        INSERT INTO change_counters (organization_id, counter, accounts) VALUES (new.organization_id, 1, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1, accounts = accounts + 1;
      END;
      CREATE TRIGGER users_delete_counts AFTER DELETE ON users BEGIN
        INSERT INTO change_counters (organization_id, counter, accounts) VALUES (old.organization_id, 1, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1, accounts = accounts + 1;
      END;
    `,
  },
  {
    version: 9,
    name: "one index of a person's leave",
    // A person's leave by start date duplicated the index by end date (migration 6): every query by
    // person searches that one as well (a person has tens of requests, sorted in memory), and each
    // leave request written no longer changes a page of a second index of its own.
    sql: `
      DROP INDEX leave_org_user_start;
    `,
  },
  {
    version: 10,
    name: 'refresh token successors',
    // A repeat of a token just rotated is answered within a grace window (auth/refreshTokens.ts):
    // the service must find the successor it handed out, to see whether it was ever used.
    sql: `
      ALTER TABLE refresh_tokens ADD COLUMN successor_id TEXT;
    `,
  },
  {
    version: 11,
    name: 'review comments',
    sql: `
      ALTER TABLE leave_requests ADD COLUMN review_comment TEXT;
    `,
  },
  {
    version: 12,
    name: 'end labels of rating and scale questions',
    sql: `
      ALTER TABLE form_questions ADD COLUMN min_label TEXT;
      ALTER TABLE form_questions ADD COLUMN max_label TEXT;
    `,
  },
  {
    version: 13,
    name: 'organization currency',
    sql: `
      ALTER TABLE organizations ADD COLUMN currency TEXT NOT NULL DEFAULT 'EUR';
      -- Its members' answers that show the currency (GET /api/organization) change with it.
      CREATE TRIGGER organizations_update_counts AFTER UPDATE ON organizations BEGIN
        INSERT INTO change_counters (organization_id, counter) VALUES (new.id, 1)
          ON CONFLICT (organization_id) DO UPDATE SET counter = counter + 1;
      END;
    `,
  },
];

const SERVICE_LEDGER: MigrationLedger = {
  table: 'schema_migrations',
  tooNew: (current, latest) =>
    `The database is at schema version ${current}, newer than this service knows (${latest}). Use a newer service.`,
};

export const schemaVersion = (db: SqliteDb): number => ledgerVersion(db, SERVICE_LEDGER);

/** Applies what is missing, each migration in its own transaction. Refuses a database from a newer service. */
export const migrate = (db: SqliteDb, list: readonly Migration[] = migrations): number[] =>
  runMigrations(db, list, SERVICE_LEDGER);
