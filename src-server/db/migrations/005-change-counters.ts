import { inPostgres, type ServiceMigration } from './serviceMigration';
import { changeCounterTriggers, changeCounterTriggersPg, COUNT_CHANGE_FUNCTION } from './changeCounters';

/** The tenant tables whose writes move their organization's counter. */
export const COUNTED_TABLES = [
  'departments',
  'users',
  'training_references',
  'trainings',
  'leave_requests',
  'notifications',
  'forms',
  'form_questions',
  'form_responses',
  'form_distributions',
];

// Any write in an organization moves its counter, so an unchanged list is known without reading it.
const sql = (counts: typeof changeCounterTriggers) => `
      CREATE TABLE change_counters (
        organization_id TEXT PRIMARY KEY REFERENCES organizations(id),
        counter INTEGER NOT NULL
      );
      INSERT INTO change_counters (organization_id, counter) SELECT id, 1 FROM organizations;
${counts(COUNTED_TABLES)}
    `;

export const migration: ServiceMigration = {
  version: 5,
  name: 'change counters for cheap list ETags',
  sql: sql(changeCounterTriggers),
  postgres: inPostgres(sql((tables) => COUNT_CHANGE_FUNCTION + changeCounterTriggersPg(tables))),
};
