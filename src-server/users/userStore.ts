import { roleSchema, type Role, type User } from '@shared/wire';
import type { Person } from '../access/scope';
import type { TenantDb } from '../db/tenantDb';

export interface UserRow {
  id: string;
  organization_id: string;
  email: string;
  first_name: string;
  last_name: string;
  department_id: string | null;
  manager_id: string | null;
  nationality: string;
  roles: string;
  start_date: string | null;
  created_at: string;
  updated_at: string;
  version: number;
}

/** Every column but the password hash: no query outside auth ever reads it. */
export const USER_COLUMNS = `id, organization_id, email, first_name, last_name, department_id, manager_id,
  nationality, roles, start_date, created_at, updated_at, version`;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    organizationId: row.organization_id,
    departmentId: row.department_id,
    managerId: row.manager_id,
    nationality: row.nationality,
    roles: roleSchema.array().parse(JSON.parse(row.roles)),
    startDate: row.start_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export async function findUserRow(tenant: TenantDb, id: string): Promise<UserRow | undefined> {
  return tenant.get<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE organization_id = :org AND id = :id`, {
    id,
  });
}

export interface PersonRecord extends Person {
  firstName: string;
  lastName: string;
  nationality: string;
  /** The first day of employment, when known (balances). */
  startDate: string | null;
}

/** The owner of a record as the scope guard needs it; undefined when not in the organization. */
export async function findPerson(tenant: TenantDb, id: string): Promise<PersonRecord | undefined> {
  return tenant.get<PersonRecord>(
    `SELECT id, manager_id AS managerId, first_name AS firstName, last_name AS lastName, nationality,
       start_date AS startDate
     FROM users WHERE organization_id = :org AND id = :id`,
    { id },
  );
}

/** A new account as stored: its password only as a hash. */
export interface NewAccount {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  departmentId: string | null;
  managerId: string | null;
  nationality: string;
  roles: readonly Role[];
  startDate: string | null;
  createdAt: string;
}

export async function insertUser(tenant: TenantDb, u: NewAccount): Promise<void> {
  await tenant.run(
    `INSERT INTO users (id, organization_id, email, password_hash, first_name, last_name, department_id,
       manager_id, nationality, roles, start_date, created_at, updated_at, version)
     VALUES (:id, :org, :email, :passwordHash, :firstName, :lastName, :departmentId, :managerId, :nationality,
       :roles, :startDate, :createdAt, :createdAt, 1)`,
    { ...u, email: u.email.toLowerCase(), roles: JSON.stringify([...new Set(u.roles)]) },
  );
}

/** Stores what an admin may change of a person. */
export async function updateUser(
  tenant: TenantDb,
  id: string,
  u: Pick<NewAccount, 'firstName' | 'lastName' | 'departmentId' | 'managerId' | 'nationality' | 'roles' | 'startDate'>,
  now: string,
): Promise<void> {
  await tenant.run(
    `UPDATE users SET first_name = :firstName, last_name = :lastName, department_id = :departmentId,
       manager_id = :managerId, nationality = :nationality, roles = :roles, start_date = :startDate, updated_at = :now,
       version = version + 1
     WHERE organization_id = :org AND id = :id`,
    { id, ...u, roles: JSON.stringify([...new Set(u.roles)]), now },
  );
}

/** Who a person reports to, set as the demo's people are made (not an edit: no new version). */
export async function setManager(tenant: TenantDb, id: string, managerId: string): Promise<void> {
  await tenant.run('UPDATE users SET manager_id = :managerId WHERE organization_id = :org AND id = :id', {
    id,
    managerId,
  });
}

/** Sets a person's first day of employment (the demo's people, made before it is known; not an edit). */
export async function setStartDate(tenant: TenantDb, id: string, startDate: string | null): Promise<void> {
  await tenant.run('UPDATE users SET start_date = :startDate WHERE organization_id = :org AND id = :id', {
    id,
    startDate,
  });
}
