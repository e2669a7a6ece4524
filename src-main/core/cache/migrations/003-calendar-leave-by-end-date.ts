import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 3,
  name: 'calendar leave by end date',
  // A month's leave per person is found from its end: past leave is never read.
  sql: `
      CREATE INDEX leave_user_end ON leave (user_id, end_date);
      DROP INDEX calendar_leave_user;
      CREATE INDEX calendar_leave_user_end ON calendar_leave (user_id, end_date);
    `,
};
