import type { Migration } from '../../../src-node/sqlite/migrations';
import { changeCounterTriggers } from './changeCounters';

/** The tenant tables whose writes move their organization's counter. */
const COUNTED_TABLES = [
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

export const migration: Migration = {
  version: 5,
  name: 'change counters for cheap list ETags',
  // Any write in an organization moves its counter, so an unchanged list is known without reading it.
  sql: `
      CREATE TABLE change_counters (
        organization_id TEXT PRIMARY KEY REFERENCES organizations(id),
        counter INTEGER NOT NULL
      );
      INSERT INTO change_counters (organization_id, counter) SELECT id, 1 FROM organizations;
${changeCounterTriggers(COUNTED_TABLES)}
    `,
};
