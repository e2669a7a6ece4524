import { inPostgres, type ServiceMigration } from './serviceMigration';

// The overlap check and the balance floor's year totals walk a person's leave by end date and read
// its start, type, status, days and id: with those in the index the walk never reads the table.
const sql = `
      DROP INDEX leave_org_user_end;
      CREATE INDEX leave_org_user_end ON leave_requests (organization_id, user_id, end_date, start_date, status, type, days, id);
    `;

export const migration: ServiceMigration = {
  version: 15,
  name: "a person's leave index covers its checks",
  sql,
  postgres: inPostgres(sql),
};
