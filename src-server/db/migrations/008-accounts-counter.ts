import type { Migration } from '../../../src-node/sqlite/migrations';
import { changeCounterTriggers } from './changeCounters';

export const migration: Migration = {
  version: 8,
  name: 'accounts counter',
  // Writes to accounts move a counter of their own as well, so the account behind a request is
  // read again only when an account changed, not after every leave request (auth/accounts.ts).
  sql: `
      ALTER TABLE change_counters ADD COLUMN accounts INTEGER NOT NULL DEFAULT 0;
      DROP TRIGGER users_insert_counts;
      DROP TRIGGER users_update_counts;
      DROP TRIGGER users_delete_counts;
${changeCounterTriggers(['users'], { accounts: true })}
    `,
};
