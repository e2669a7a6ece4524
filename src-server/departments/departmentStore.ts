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

/** The department of the organization with this name, whatever its case. */
export async function departmentNamed(tenant: TenantDb, name: string): Promise<ReferenceItem | undefined> {
  return tenant.get<ReferenceItem>(
    'SELECT id, name FROM departments WHERE organization_id = :org AND lower(name) = lower(:name)',
    { name },
  );
}

export async function findDepartment(tenant: TenantDb, id: string): Promise<ReferenceItem | undefined> {
  return tenant.get<ReferenceItem>('SELECT id, name FROM departments WHERE organization_id = :org AND id = :id', {
    id,
  });
}

export async function renameDepartment(tenant: TenantDb, id: string, name: string, now: string): Promise<void> {
  await tenant.run(
    `UPDATE departments SET name = :name, updated_at = :now, version = version + 1
     WHERE organization_id = :org AND id = :id`,
    { id, name, now },
  );
}

/** How many people are in a department: those employed now, and former colleagues. */
export async function departmentHeadcount(
  tenant: TenantDb,
  id: string,
  today: string,
): Promise<{ current: number; former: number }> {
  const row = await tenant.get<{ current: number; former: number }>(
    `SELECT COALESCE(SUM(CASE WHEN end_date IS NULL OR end_date >= :today THEN 1 ELSE 0 END), 0) AS current,
            COALESCE(SUM(CASE WHEN end_date < :today THEN 1 ELSE 0 END), 0) AS former
     FROM users WHERE organization_id = :org AND department_id = :id`,
    { id, today },
  );
  return { current: Number(row?.current ?? 0), former: Number(row?.former ?? 0) };
}

export async function deleteDepartment(tenant: TenantDb, id: string): Promise<void> {
  await tenant.run('DELETE FROM departments WHERE organization_id = :org AND id = :id', { id });
}
