import type { Migration } from '../../../src-node/sqlite/migrations';
import { changeCounterTriggers } from './changeCounters';

export const migration: Migration = {
  version: 13,
  name: 'organization currency',
  // Its members' answers that show the currency (GET /api/organization) change with it.
  sql: `
      ALTER TABLE organizations ADD COLUMN currency TEXT NOT NULL DEFAULT 'EUR';
${changeCounterTriggers(['organizations'], { organizationColumn: 'id', events: ['update'] })}
    `,
};
