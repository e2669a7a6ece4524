import type { FieldIssue } from '../rules/fieldIssue';
import type { DepartmentWrite, List, ReferenceItem, User, UserCreate, UserUpdate } from '../wire';
import type { PageQuery } from './common';
import type { RefreshRules } from './refreshRules';

/** Whom the directory lists: people employed now, former colleagues (admins), or both. */
export type Employment = 'current' | 'former' | 'all';

export interface PersonLink {
  id: string;
  name: string;
}

/** A person's page: who they are, where they sit, who they report to and who reports to them. */
export interface PersonPage {
  person: User;
  department: string | null;
  manager: PersonLink | null;
  reports: PersonLink[];
}

/** One person of the organization chart: everyone employed now, at once (compact). */
export interface ChartPerson {
  id: string;
  name: string;
  managerId: string | null;
  departmentId: string | null;
  status: string;
}

export interface DepartmentSummary extends ReferenceItem {
  /** People employed now in it. */
  people: number;
  /** Former colleagues still in it: a department with anyone in it cannot be deleted. */
  former: number;
}

/** What an import would do, checked on this computer against the people it knows. */
export interface ImportCheck {
  /** Each row's issues, on its field (`rows[3].managerEmail`). */
  issues: FieldIssue[];
  created: number;
  updated: number;
  unchanged: number;
  departmentsCreated: string[];
}

/** The organization directory, and what an admin changes of it. */
export interface UsersCalls {
  'users.list': {
    args: PageQuery & { search?: string; departmentId?: string; managerId?: string; employment?: Employment };
    result: List<User>;
  };
  'users.me': { args: undefined; result: User | null };
  'users.person': { args: { id: string }; result: PersonPage | null };
  'users.chart': { args: undefined; result: ChartPerson[] };
  /** Everyone's name by id, for lists that name many people. */
  'users.names': { args: undefined; result: Record<string, string> };
  'departments.list': { args: undefined; result: ReferenceItem[] };
  'departments.summary': { args: undefined; result: DepartmentSummary[] };
  /** How many different people a distribution reaches (everyone, departments, people, or these together). */
  'users.count': { args: { all?: boolean; departmentIds?: string[]; userIds?: string[] }; result: number };
  /** The organization as last synced: its name and the currency its costs are in (EUR until known). */
  'organization.get': { args: undefined; result: { name: string | null; currency: string } };
  /** An admin sets the organization's currency; it needs the service (it is not queued). */
  'organization.setCurrency': { args: { currency: string }; result: { name: string | null; currency: string } };

  // An admin's changes, queued like every other change.
  /** Invites a person: their invitation link comes with the sync. */
  'users.create': { args: UserCreate; result: User };
  /** Department, manager, roles, nationality, start and end of employment ("End employment", "Bring back"). */
  'users.update': { args: { id: string; changes: UserUpdate }; result: User };
  /** A new invitation for someone who has not joined; the old link stops working. */
  'users.reinvite': { args: { id: string }; result: User };
  'departments.create': { args: DepartmentWrite; result: ReferenceItem };
  'departments.rename': { args: { id: string } & DepartmentWrite; result: ReferenceItem };
  'departments.delete': { args: { id: string }; result: null };
  /** What importing these rows would do, checked here (nothing is queued). */
  'people.checkImport': { args: { rows: unknown[] }; result: ImportCheck };
  /** Queues the import once every row is valid. */
  'people.import': { args: { rows: unknown[] }; result: ImportCheck };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const usersReads = {
  'users.list': ['users'],
  'users.me': ['users'],
  'users.person': ['users', 'references'],
  'users.chart': ['users'],
  'users.names': ['users'],
  'departments.list': ['references'],
  'departments.summary': ['references', 'users'],
  'users.count': ['users'],
  'organization.get': ['references'],
} as const satisfies RefreshRules<UsersCalls>;
