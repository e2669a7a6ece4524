import { inPostgres, type ServiceMigration } from './serviceMigration';

// Each person chooses whether their notifications also come by mail (on unless they turn it off);
// the mailer finds the recent notifications to mail by their time.
const sql = `
      ALTER TABLE users ADD COLUMN email_notifications INTEGER NOT NULL DEFAULT 1;
      CREATE INDEX notifications_created ON notifications (created_at);
    `;

export const migration: ServiceMigration = {
  version: 18,
  name: 'mail preferences',
  sql,
  postgres: inPostgres(sql),
};
