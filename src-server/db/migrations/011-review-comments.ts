import { inPostgres, type ServiceMigration } from './serviceMigration';

const sql = `
      ALTER TABLE leave_requests ADD COLUMN review_comment TEXT;
    `;

export const migration: ServiceMigration = {
  version: 11,
  name: 'review comments',
  sql,
  postgres: inPostgres(sql),
};
