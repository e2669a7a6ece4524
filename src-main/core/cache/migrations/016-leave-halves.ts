import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 16,
  name: 'leave halves as columns',
  // A request over a leave year's end is split by its halves: balances read them beside `days`.
  sql: `
      ALTER TABLE leave ADD COLUMN start_part TEXT;
      ALTER TABLE leave ADD COLUMN end_part TEXT;
      UPDATE leave SET start_part = json ->> '$.startPart', end_part = json ->> '$.endPart' WHERE json IS NOT NULL;
    `,
};
