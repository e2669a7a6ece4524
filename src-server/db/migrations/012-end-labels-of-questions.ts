import type { Migration } from '../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 12,
  name: 'end labels of rating and scale questions',
  sql: `
      ALTER TABLE form_questions ADD COLUMN min_label TEXT;
      ALTER TABLE form_questions ADD COLUMN max_label TEXT;
    `,
};
