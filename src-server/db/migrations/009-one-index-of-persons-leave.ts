import { inPostgres, type ServiceMigration } from './serviceMigration';

// A person's leave by start date duplicated the index by end date (migration 6): every query by
// person searches that one as well (a person has tens of requests, sorted in memory), and each
// leave request written no longer changes a page of a second index of its own.
const sql = `
      DROP INDEX leave_org_user_start;
    `;

export const migration: ServiceMigration = {
  version: 9,
  name: "one index of a person's leave",
  sql,
  postgres: inPostgres(sql),
};
