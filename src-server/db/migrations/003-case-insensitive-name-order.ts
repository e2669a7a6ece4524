import { inPostgres, type ServiceMigration } from './serviceMigration';

const sql = `
      DROP INDEX trainings_org_name;
      DROP INDEX trainings_org_user_name;
      CREATE INDEX trainings_org_name ON trainings (organization_id, name COLLATE NOCASE, id);
      CREATE INDEX trainings_org_user_name ON trainings (organization_id, user_id, name COLLATE NOCASE, id);
      DROP INDEX users_org_name;
      CREATE INDEX users_org_name ON users (organization_id, last_name COLLATE NOCASE, id);
    `;

export const migration: ServiceMigration = {
  version: 3,
  name: 'case-insensitive name order',
  sql,
  postgres: inPostgres(sql),
};
