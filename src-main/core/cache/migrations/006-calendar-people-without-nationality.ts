import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 6,
  name: 'calendar people without a nationality column',
  // The calendar reads a person from the JSON stored with them; only the columns it orders and
  // filters by are kept beside it.
  sql: `ALTER TABLE calendar_users DROP COLUMN nationality;`,
};
