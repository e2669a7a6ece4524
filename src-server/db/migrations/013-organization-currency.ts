import { inPostgres, type ServiceMigration } from './serviceMigration';
import { changeCounterTriggers, changeCounterTriggersPg } from './changeCounters';

// Its members' answers that show the currency (GET /api/organization) change with it.
const sql = (counts: typeof changeCounterTriggers) => `
      ALTER TABLE organizations ADD COLUMN currency TEXT NOT NULL DEFAULT 'EUR';
${counts(['organizations'], { organizationColumn: 'id', events: ['update'] })}
    `;

export const migration: ServiceMigration = {
  version: 13,
  name: 'organization currency',
  sql: sql(changeCounterTriggers),
  postgres: inPostgres(sql(changeCounterTriggersPg)),
};
