import { inPostgres, type ServiceMigration } from './serviceMigration';

// Working weeks, blocked dates and where a day splits: the policy's new fields (JSON like its
// types), a person's own week (JSON, null for the organization's), and who recorded a request for
// its owner and over which blocked period.
const sql = `
      ALTER TABLE leave_policies ADD COLUMN working_week TEXT NOT NULL DEFAULT '[1,2,3,4,5]';
      ALTER TABLE leave_policies ADD COLUMN allowance_pro_rata_by_week INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE leave_policies ADD COLUMN midday_at TEXT NOT NULL DEFAULT '13:00';
      ALTER TABLE leave_policies ADD COLUMN blocked_periods TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE users ADD COLUMN working_week TEXT;
      ALTER TABLE leave_requests ADD COLUMN recorded_by TEXT;
      ALTER TABLE leave_requests ADD COLUMN overrode TEXT;
    `;

export const migration: ServiceMigration = {
  version: 22,
  name: 'working weeks',
  sql,
  postgres: inPostgres(sql),
};
