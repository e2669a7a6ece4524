import { inPostgres, type ServiceMigration } from './serviceMigration';

// The overlap check walks a person's leave ending on or after the new start: for the usual
// request in the future that is a handful of rows, not everything they ever took.
const sql = `
      CREATE INDEX leave_org_user_end ON leave_requests (organization_id, user_id, end_date);
    `;

export const migration: ServiceMigration = {
  version: 6,
  name: 'leave overlap check by end date',
  sql,
  postgres: inPostgres(sql),
};
