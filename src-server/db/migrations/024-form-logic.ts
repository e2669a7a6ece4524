import { inPostgres, type ServiceMigration } from './serviceMigration';

// A question's condition and the section it opens, as JSON written from a checked form: read with
// the question, never searched. The questions a response was not asked, one row each (most
// responses have none): analytics count a question against those asked it.
const sql = `
      ALTER TABLE form_questions ADD COLUMN show_if TEXT;
      ALTER TABLE form_questions ADD COLUMN section TEXT;
      CREATE TABLE form_unasked (
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        response_id TEXT NOT NULL REFERENCES form_responses(id) ON DELETE CASCADE,
        form_id TEXT NOT NULL,
        question_id TEXT NOT NULL,
        PRIMARY KEY (response_id, question_id)
      ) WITHOUT ROWID;
      CREATE INDEX form_unasked_question ON form_unasked (organization_id, form_id, question_id);
    `;

export const migration: ServiceMigration = {
  version: 24,
  name: 'form logic',
  sql,
  postgres: inPostgres(sql),
};
