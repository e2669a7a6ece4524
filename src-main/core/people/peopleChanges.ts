import { defineMessage } from '@formatjs/intl';
import { givenFields } from '@shared/records/givenFields';
import type { DepartmentWrite, ImportRow, ReferenceItem, User, UserCreate, UserUpdate } from '@shared/wire';
import { changeKind, WHAT_I_DID } from '../sync/changeKind';

// The queued changes an admin makes to people and departments. A person's changes go one after
// another (a manager chosen before the person leaves must arrive first); departments likewise.

/** A person as the service will make them from an invitation: invited, with no link until it answers. */
function invitedPerson(payload: UserCreate, id: string, at: string): User {
  return {
    id,
    version: 0,
    createdAt: at,
    updatedAt: at,
    organizationId: '',
    email: payload.email,
    firstName: payload.firstName,
    lastName: payload.lastName,
    departmentId: payload.departmentId ?? null,
    managerId: payload.managerId ?? null,
    nationality: payload.nationality,
    roles: payload.roles,
    startDate: payload.startDate ?? null,
    status: 'INVITED',
    endDate: null,
  };
}

/** The person with an admin's changes; who takes over their reports is the service's to do. */
function changedPerson(person: User, payload: UserUpdate, at: string): User {
  const { reassignReportsTo: _moved, ...fields } = payload;
  const next = { ...person, ...givenFields(fields), updatedAt: at };
  // Brought back: invited again if they never joined, else active.
  if (payload.endDate === null && person.status === 'LEFT') next.status = person.invitation ? 'INVITED' : 'ACTIVE';
  return next;
}

export const peopleChanges = {
  'person.create': changeKind<UserCreate, 'users'>({
    entity: 'users',
    name: defineMessage({ id: 'core.change.person.create', defaultMessage: 'New person' }),
    apply: (_r, op) => invitedPerson(op.payload, op.entityId!, op.createdAt),
    request: (op) => ({ method: 'POST', path: 'api/users', json: op.payload }),
    checksVersion: false,
    accepted: 'record',
    role: 'create',
    whatIDid: WHAT_I_DID.addingThem,
    editable: true,
  }),
  'person.update': changeKind<UserUpdate, 'users'>({
    entity: 'users',
    name: defineMessage({ id: 'core.change.person.update', defaultMessage: 'Change to a person' }),
    apply: (r, op) => r && changedPerson(r, op.payload, op.createdAt),
    request: (op, id) => ({ method: 'PUT', path: `api/users/${id}`, json: op.payload }),
    checksVersion: true,
    accepted: 'record',
    whatIDid: WHAT_I_DID.change,
    editable: true,
  }),
  'person.invite': changeKind<Record<string, never>, 'users'>({
    entity: 'users',
    name: defineMessage({ id: 'core.change.person.invite', defaultMessage: 'New invitation' }),
    // The old link stops working once the service makes the new one.
    apply: (r) => r && { ...r, invitation: undefined },
    request: (_op, id) => ({ method: 'POST', path: `api/users/${id}/invitation` }),
    checksVersion: false,
    accepted: 'record',
    whatIDid: WHAT_I_DID.invitingAgain,
    editable: false,
  }),
  // Everyone of the file at once, checked here first; the people it makes arrive with the next pull.
  'people.import': changeKind<{ rows: ImportRow[] }, 'users'>({
    entity: 'users',
    name: defineMessage({ id: 'core.change.people.import', defaultMessage: 'Import of people' }),
    apply: (r) => r,
    request: (op) => ({ method: 'POST', path: 'api/users/import', json: { rows: op.payload.rows, dryRun: false } }),
    checksVersion: false,
    accepted: 'nothing',
    whatIDid: WHAT_I_DID.theImport,
    editable: false,
  }),
  'department.create': changeKind<DepartmentWrite, 'departments'>({
    entity: 'departments',
    name: defineMessage({ id: 'core.change.department.create', defaultMessage: 'New department' }),
    apply: (_r, op): ReferenceItem => ({ id: op.entityId!, name: op.payload.name }),
    request: (op) => ({ method: 'POST', path: 'api/departments', json: op.payload }),
    checksVersion: false,
    accepted: 'record',
    role: 'create',
    whatIDid: WHAT_I_DID.addingIt,
    editable: true,
  }),
  'department.rename': changeKind<DepartmentWrite, 'departments'>({
    entity: 'departments',
    name: defineMessage({ id: 'core.change.department.rename', defaultMessage: 'Renamed department' }),
    apply: (r, op) => r && { ...r, name: op.payload.name },
    request: (op, id) => ({ method: 'PUT', path: `api/departments/${id}`, json: op.payload }),
    checksVersion: false,
    accepted: 'record',
    role: 'update',
    whatIDid: WHAT_I_DID.renaming,
    editable: true,
  }),
  'department.delete': changeKind<Record<string, never>, 'departments'>({
    entity: 'departments',
    name: defineMessage({ id: 'core.change.department.delete', defaultMessage: 'Deleted department' }),
    apply: () => null,
    request: (_op, id) => ({ method: 'DELETE', path: `api/departments/${id}` }),
    checksVersion: false,
    accepted: 'gone',
    role: 'delete',
    whatIDid: WHAT_I_DID.deleting,
    editable: false,
  }),
};
