import type { Migration } from '../../../src-node/sqlite/migrations';

export const migration: Migration = {
  version: 3,
  name: 'case-insensitive name order',
  sql: `
      DROP INDEX trainings_org_name;
      DROP INDEX trainings_org_user_name;
      CREATE INDEX trainings_org_name ON trainings (organization_id, name COLLATE NOCASE, id);
      CREATE INDEX trainings_org_user_name ON trainings (organization_id, user_id, name COLLATE NOCASE, id);
      DROP INDEX users_org_name;
      CREATE INDEX users_org_name ON users (organization_id, last_name COLLATE NOCASE, id);
    `,
};
