import { inPostgres, type ServiceMigration } from './serviceMigration';
import { changeCounterTriggers, changeCounterTriggersPg } from './changeCounters';

// A policy per organization (none stored: the defaults), adjustments as records never edited,
// and a person's first day of employment for a pro-rata allowance. Both tables move the change
// counter: balances read from them.
const sql = (counts: typeof changeCounterTriggers) => `
      ALTER TABLE users ADD COLUMN start_date TEXT;
      CREATE TABLE leave_policies (
        organization_id TEXT PRIMARY KEY REFERENCES organizations (id),
        year_start_month INTEGER NOT NULL, carry_over_days REAL NOT NULL, carry_over_until_month INTEGER NOT NULL,
        floor_days REAL NOT NULL, managers_may_adjust INTEGER NOT NULL, types TEXT NOT NULL,
        updated_at TEXT NOT NULL, version INTEGER NOT NULL
      );
      CREATE TABLE leave_allocations (
        id TEXT PRIMARY KEY, organization_id TEXT NOT NULL REFERENCES organizations (id),
        user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, type TEXT NOT NULL, year INTEGER NOT NULL,
        days REAL NOT NULL, reason TEXT NOT NULL, created_by TEXT NOT NULL, created_at TEXT NOT NULL
      );
      CREATE INDEX leave_allocations_user ON leave_allocations (organization_id, user_id, year, created_at);
      CREATE INDEX leave_allocations_created ON leave_allocations (organization_id, created_at, id);
${counts(['leave_policies'], { events: ['insert', 'update'] })}
${counts(['leave_allocations'], { events: ['insert', 'delete'] })}
    `;

export const migration: ServiceMigration = {
  version: 14,
  name: 'leave balances',
  sql: sql(changeCounterTriggers),
  postgres: inPostgres(sql(changeCounterTriggersPg)),
};
