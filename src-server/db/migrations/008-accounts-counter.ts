import { inPostgres, type ServiceMigration } from './serviceMigration';
import { changeCounterTriggers, changeCounterTriggersPg } from './changeCounters';

// Writes to accounts move a counter of their own as well, so the account behind a request is
// read again only when an account changed, not after every leave request (auth/accounts.ts).
const sql = (counts: typeof changeCounterTriggers) => `
      ALTER TABLE change_counters ADD COLUMN accounts INTEGER NOT NULL DEFAULT 0;
      DROP TRIGGER users_insert_counts;
      DROP TRIGGER users_update_counts;
      DROP TRIGGER users_delete_counts;
${counts(['users'], { accounts: true })}
    `;

export const migration: ServiceMigration = {
  version: 8,
  name: 'accounts counter',
  sql: sql(changeCounterTriggers),
  postgres: inPostgres(sql(changeCounterTriggersPg)),
};
