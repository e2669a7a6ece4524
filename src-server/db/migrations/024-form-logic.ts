import { inPostgres, type ServiceMigration } from './serviceMigration';

// A question's condition and the section it opens, as JSON written from a checked form: read with
// the question, never searched.
const sql = `
      ALTER TABLE form_questions ADD COLUMN show_if TEXT;
      ALTER TABLE form_questions ADD COLUMN section TEXT;
    `;

export const migration: ServiceMigration = {
  version: 24,
  name: 'form logic',
  sql,
  postgres: inPostgres(sql),
};
