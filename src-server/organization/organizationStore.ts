import type { Organization } from '../../src-shared/wire';
import type { Db } from '../db/open';
import type { TenantDb } from '../db/tenantDb';

/** A new organization (service-wide: it has no organization to be scoped to). */
export function insertOrganization(db: Db, org: { id: string; name: string; slug: string; createdAt: string }): void {
  db.prepare(
    `INSERT INTO organizations (id, name, slug, created_at, updated_at, version)
     VALUES (:id, :name, :slug, :createdAt, :createdAt, 1)`,
  ).run(org);
}

/** The caller's organization. */
export function readOrganization(tenant: TenantDb): Organization {
  return tenant.get<Organization>('SELECT id, name, currency FROM organizations WHERE id = :org')!;
}

export function setCurrency(tenant: TenantDb, currency: string, now: string): void {
  tenant.run('UPDATE organizations SET currency = :currency, updated_at = :now WHERE id = :org', { currency, now });
}

/** A new department of the organization. */
export function insertDepartment(tenant: TenantDb, d: { id: string; name: string; createdAt: string }): void {
  tenant.run(
    `INSERT INTO departments (id, organization_id, name, created_at, updated_at, version)
     VALUES (:id, :org, :name, :createdAt, :createdAt, 1)`,
    d,
  );
}
