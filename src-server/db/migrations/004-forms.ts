import { inPostgres, type ServiceMigration } from './serviceMigration';

const sql = `
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
    `;

export const migration: ServiceMigration = {
  version: 4,
  name: 'forms, questions, responses, distributions',
  sql,
  postgres: inPostgres(sql),
};
