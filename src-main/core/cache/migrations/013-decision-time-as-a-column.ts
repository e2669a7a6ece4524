import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 13,
  name: 'decision time as a column',
  // A first sync builds every index afresh: the history's order is read from a column set as each
  // record is stored, not from each record's JSON parsed again; a person's leave is found through
  // leave_user_end, which begins with the same column as leave_user_start did.
  sql: `
      ALTER TABLE leave ADD COLUMN reviewed_at TEXT;
      UPDATE leave SET reviewed_at = json ->> '$.reviewedAt' WHERE json IS NOT NULL;
      DROP INDEX leave_reviewed;
      CREATE INDEX leave_reviewed ON leave (reviewed_at, id);
      DROP INDEX leave_user_start;
    `,
};
