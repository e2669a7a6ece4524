import { inPostgres, type ServiceMigration } from './serviceMigration';

// The language a person's mails are written in: null until the app or an admin says (English).
const sql = `
      ALTER TABLE users ADD COLUMN locale TEXT;
    `;

export const migration: ServiceMigration = {
  version: 26,
  name: 'person locale',
  sql,
  postgres: inPostgres(sql),
};
