import type { Organization } from '@shared/wire';
import type { Engine } from '../db/engine/engine';
import type { TenantDb } from '../db/tenantDb';

/** A new organization (service-wide: it has no organization to be scoped to). */
export async function insertOrganization(
  engine: Engine,
  org: { id: string; name: string; slug: string; createdAt: string },
): Promise<void> {
  await engine.run(
    `INSERT INTO organizations (id, name, slug, created_at, updated_at, version)
     VALUES (:id, :name, :slug, :createdAt, :createdAt, 1)`,
    org,
  );
}

/** The caller's organization. */
export async function readOrganization(tenant: TenantDb): Promise<Organization> {
  return (await tenant.get<Organization>('SELECT id, name, currency FROM organizations WHERE id = :org'))!;
}

export async function setCurrency(tenant: TenantDb, currency: string, now: string): Promise<void> {
  await tenant.run('UPDATE organizations SET currency = :currency, updated_at = :now WHERE id = :org', {
    currency,
    now,
  });
}

/** A new department of the organization. */
export async function insertDepartment(
  tenant: TenantDb,
  d: { id: string; name: string; createdAt: string },
): Promise<void> {
  await tenant.run(
    `INSERT INTO departments (id, organization_id, name, created_at, updated_at, version)
     VALUES (:id, :org, :name, :createdAt, :createdAt, 1)`,
    d,
  );
}
