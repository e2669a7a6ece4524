import type { Migration } from '../../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 10,
  name: 'leave balances',
  // The organization's leave policy (one row) and the allowance adjustments in the account's
  // scope, both changeable here offline: a base and what the user sees, like every such record.
  // The people are read again (their start dates were dropped by the older shape), and so is the
  // service's state: nothing new there says these lists are to be read.
  sql: `
      DELETE FROM sync_pages WHERE key LIKE 'users#%' OR key LIKE 'state#%';
      CREATE TABLE leave_policy (id TEXT PRIMARY KEY, json TEXT, base TEXT);
      CREATE TABLE allocations (
        id TEXT PRIMARY KEY, user_id TEXT, year INTEGER, type TEXT, created_at TEXT, json TEXT, base TEXT
      );
      CREATE INDEX allocations_user ON allocations (user_id, year, created_at);
    `,
};
