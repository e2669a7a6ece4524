import type { Role } from '@shared/wire';
import { forbidden } from '../http/problem';

/**
 * Roles and scopes, checked here and nowhere else (docs/security.md):
 * USER = own data; MANAGER = own + direct reports; ADMIN = the whole organization.
 * Organization scope itself is TenantDb's job: a record of another organization is never found (404).
 */
export interface Caller {
  userId: string;
  organizationId: string;
  email: string;
  roles: Role[];
  /** The highest of `roles`. */
  role: Role;
}

const RANK: Record<Role, number> = { USER: 0, MANAGER: 1, ADMIN: 2 };

export function highestRole(roles: readonly Role[]): Role {
  return roles.reduce<Role>((best, r) => (RANK[r] > RANK[best] ? r : best), 'USER');
}

export function hasRole(caller: Caller, atLeast: Role): boolean {
  return RANK[caller.role] >= RANK[atLeast];
}

export function requireRole(caller: Caller, atLeast: Role): void {
  if (!hasRole(caller, atLeast)) throw forbidden(`This needs the ${atLeast} role`);
}

export interface Person {
  id: string;
  managerId: string | null;
}

export type Relation = 'self' | 'report' | 'colleague';

export function relationTo(caller: Caller, person: Person): Relation {
  if (person.id === caller.userId) return 'self';
  if (person.managerId === caller.userId) return 'report';
  return 'colleague';
}

/** Whether `person`'s own records (leave, trainings) are in the caller's scope. */
export function inScope(caller: Caller, person: Person): boolean {
  const relation = relationTo(caller, person);
  if (relation === 'self') return true;
  if (caller.role === 'ADMIN') return true;
  return relation === 'report' && caller.role === 'MANAGER';
}

export function requireInScope(caller: Caller, person: Person, what = 'this person'): void {
  if (!inScope(caller, person)) throw forbidden(`You may not see or change the records of ${what}`);
}

/**
 * The SQL condition that keeps a list to the caller's scope, for a column holding a user id.
 * Bind its params alongside the query's own.
 */
export function scopeCondition(caller: Caller, userColumn: string): { sql: string; params: { scopeUserId: string } } {
  const params = { scopeUserId: caller.userId };
  switch (caller.role) {
    case 'ADMIN':
      return { sql: '1 = 1', params };
    case 'MANAGER':
      return {
        // One IN list rather than an OR, so the planner can still search by user.
        sql: `${userColumn} IN (SELECT :scopeUserId UNION ALL
          SELECT id FROM users WHERE organization_id = :org AND manager_id = :scopeUserId)`,
        params,
      };
    case 'USER':
      return { sql: `${userColumn} = :scopeUserId`, params };
  }
}
