import { inPostgres, type ServiceMigration } from './serviceMigration';

// A request may start at midday (its first day's afternoon) and end at midday (its last day's
// morning); `days` already counts in halves (REAL). The overlap check reads the halves of the
// person's leave it walks, so they join its covering index.
const sql = `
      ALTER TABLE leave_requests ADD COLUMN start_part TEXT NOT NULL DEFAULT 'FULL' CHECK (start_part IN ('FULL', 'AFTERNOON'));
      ALTER TABLE leave_requests ADD COLUMN end_part TEXT NOT NULL DEFAULT 'FULL' CHECK (end_part IN ('FULL', 'MORNING'));
      DROP INDEX leave_org_user_end;
      CREATE INDEX leave_org_user_end ON leave_requests
        (organization_id, user_id, end_date, start_date, status, type, days, id, start_part, end_part);
    `;

export const migration: ServiceMigration = {
  version: 21,
  name: 'half days',
  sql,
  postgres: inPostgres(sql),
};
