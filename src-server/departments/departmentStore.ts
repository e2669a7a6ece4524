import type { ReferenceItem } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';

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

/** The organization's departments, by name. */
export async function listDepartments(tenant: TenantDb): Promise<ReferenceItem[]> {
  return tenant.all<ReferenceItem>('SELECT id, name FROM departments WHERE organization_id = :org ORDER BY name, id');
}

export async function departmentExists(tenant: TenantDb, id: string): Promise<boolean> {
  return (
    (await tenant.get('SELECT 1 FROM departments WHERE organization_id = :org AND id = :id', { id })) !== undefined
  );
}

/** Which of these ids are departments of the organization. */
export async function existingDepartmentIds(tenant: TenantDb, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tenant.all<{ id: string }>(
    'SELECT id FROM departments WHERE organization_id = :org AND id IN (SELECT value FROM json_each(:ids))',
    { ids: JSON.stringify(ids) },
  );
  return new Set(rows.map((r) => r.id));
}
