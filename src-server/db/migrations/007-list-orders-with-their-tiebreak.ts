import { inPostgres, type ServiceMigration } from './serviceMigration';

// Pages are ordered by a column then id: with id in the index, the rows an OFFSET skips are
// walked in the index alone (see readPage), and no page sorts the whole organization.
const sql = `
      CREATE INDEX trainings_org_created ON trainings (organization_id, created_at, id);
      DROP INDEX trainings_org_start;
      CREATE INDEX trainings_org_start ON trainings (organization_id, start_date, id);
      CREATE INDEX leave_org_created ON leave_requests (organization_id, created_at, id);
      DROP INDEX leave_org_start;
      CREATE INDEX leave_org_start ON leave_requests (organization_id, start_date, id);
      DROP INDEX users_org_created;
      CREATE INDEX users_org_created ON users (organization_id, created_at, id);
    `;

export const migration: ServiceMigration = {
  version: 7,
  name: 'list orders with their tiebreak',
  sql,
  postgres: inPostgres(sql),
};
