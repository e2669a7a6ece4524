import type { Organization } from '@shared/wire';
import type { Engine } from '../db/engine/engine';
import type { TenantDb } from '../db/tenantDb';

/** A new organization (service-wide: it has no organization to be scoped to). */
export async function insertOrganization(
  engine: Engine,
  org: { id: string; name: string; slug: string; createdAt: string; currency?: string },
): Promise<void> {
  await engine.run(
    `INSERT INTO organizations (id, name, slug, currency, created_at, updated_at, version)
     VALUES (:id, :name, :slug, :currency, :createdAt, :createdAt, 1)`,
    { currency: 'EUR', ...org },
  );
}

/** Every organization's id (service-wide: the hourly sweep visits each). */
export async function organizationIds(engine: Engine): Promise<string[]> {
  return (await engine.all<{ id: string }>('SELECT id FROM organizations')).map((r) => r.id);
}

/** How many organizations the service holds. */
export async function organizationCount(engine: Engine): Promise<number> {
  return (await engine.get<{ n: number }>('SELECT COUNT(*) AS n FROM organizations'))!.n;
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

/** Whether an organization already has this slug. */
export async function slugTaken(engine: Engine, slug: string): Promise<boolean> {
  return (await engine.get('SELECT 1 FROM organizations WHERE slug = :slug', { slug })) !== undefined;
}
