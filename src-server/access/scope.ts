import type { Role } from '@shared/wire';
import { defineMessage } from '@formatjs/intl';
import { forbidden, ref } from '../http/problem';

const M = {
  needsRole: defineMessage<{ role: string }>({
    id: 'service.access.needsRole',
    defaultMessage: 'This needs the {role} role',
  }),
  notInScope: defineMessage<{ what: 'person' | 'trainings' | 'leave' }>({
    id: 'service.access.notInScope',
    defaultMessage:
      "{what, select, trainings {You may not see or change the records of this person's trainings} leave {You may not see or change the records of this person's leave} other {You may not see or change the records of this person}}",
  }),
};

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
  if (!hasRole(caller, atLeast)) throw forbidden(ref(M.needsRole, { role: atLeast }));
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

/**
 * Whose records the caller may see, as a value a store turns into SQL (access/scopeStore.ts): the
 * whole organization's (ADMIN), their own and their direct reports' (MANAGER), or their own (USER).
 */
export interface ListScope {
  userId: string;
  reach: 'organization' | 'team' | 'own';
}

export function listScope(caller: Caller): ListScope {
  const reach = caller.role === 'ADMIN' ? 'organization' : caller.role === 'MANAGER' ? 'team' : 'own';
  return { userId: caller.userId, reach };
}

/** Whether `person`'s own records (leave, trainings) are in the caller's scope. */
export function inScope(caller: Caller, person: Person): boolean {
  const { reach } = listScope(caller);
  const relation = relationTo(caller, person);
  return relation === 'self' || reach === 'organization' || (relation === 'report' && reach === 'team');
}

/** Whose records were asked for: the person's, or their trainings or leave. */
export function requireInScope(
  caller: Caller,
  person: Person,
  what: 'person' | 'trainings' | 'leave' = 'person',
): void {
  if (!inScope(caller, person)) throw forbidden(ref(M.notInScope, { what }));
}
