import type { Migration } from '../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 11,
  name: 'review comments',
  sql: `
      ALTER TABLE leave_requests ADD COLUMN review_comment TEXT;
    `,
};
