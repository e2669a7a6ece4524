import { inPostgres, type ServiceMigration } from './serviceMigration';

// An organization's own addresses (`acme.hr.example`): a request to one of them belongs to that
// organization only. Host names are kept lower-case, without a port.
const sql = `
      CREATE TABLE organization_hosts (
        host TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations (id),
        created_at TEXT NOT NULL
      );
      CREATE INDEX organization_hosts_org ON organization_hosts (organization_id);
    `;

export const migration: ServiceMigration = {
  version: 19,
  name: 'organization hosts',
  sql,
  postgres: inPostgres(sql),
};
