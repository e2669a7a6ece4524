import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 21,
  name: 'narrower indexes',
  // Each index keeps only the columns its reads search or order by first: a person's few rows, or
  // ties of one date or name, are read from the table or sorted as they come.
  sql: `
      DROP INDEX leave_reviewed;
      CREATE INDEX leave_reviewed ON leave (reviewed_at);
      DROP INDEX leave_user_end;
      CREATE INDEX leave_user_end ON leave (user_id, end_date);
      DROP INDEX leave_dates;
      CREATE INDEX leave_dates ON leave (start_date);
      DROP INDEX trainings_user;
      CREATE INDEX trainings_user ON trainings (user_id);
    `,
};
