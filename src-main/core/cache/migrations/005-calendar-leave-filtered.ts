import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 5,
  name: 'calendar leave filtered in the index',
  // The month's bounds and the status are checked in the index: only leave shown is read.
  sql: `
      DROP INDEX leave_user_end;
      CREATE INDEX leave_user_end ON leave (user_id, end_date, start_date, status);
      DROP INDEX calendar_leave_user_end;
      CREATE INDEX calendar_leave_user_end ON calendar_leave (user_id, end_date, start_date);
    `,
};
