import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 11,
  name: 'leave days as a column',
  // Balances sum every request's working days: read from a column, not from each record's JSON.
  sql: `
      ALTER TABLE leave ADD COLUMN days REAL;
      UPDATE leave SET days = json ->> '$.days' WHERE json IS NOT NULL;
    `,
};
