import { inPostgres, type ServiceMigration } from './serviceMigration';

const sql = `
      ALTER TABLE form_questions ADD COLUMN min_label TEXT;
      ALTER TABLE form_questions ADD COLUMN max_label TEXT;
    `;

export const migration: ServiceMigration = {
  version: 12,
  name: 'end labels of rating and scale questions',
  sql,
  postgres: inPostgres(sql),
};
