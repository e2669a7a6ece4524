import type { List, ReferenceItem, User } from '../wire';
import type { PageQuery } from './common';
import type { RefreshRules } from './refreshRules';

/** The organization directory. */
export interface UsersCalls {
  'users.list': {
    args: PageQuery & { search?: string; departmentId?: string; managerId?: string };
    result: List<User>;
  };
  'users.me': { args: undefined; result: User | null };
  /** Everyone's name by id, for lists that name many people. */
  'users.names': { args: undefined; result: Record<string, string> };
  'departments.list': { args: undefined; result: ReferenceItem[] };
  /** How many different people a distribution reaches (everyone, departments, people, or these together). */
  'users.count': { args: { all?: boolean; departmentIds?: string[]; userIds?: string[] }; result: number };
  /** The organization as last synced: its name and the currency its costs are in (EUR until known). */
  'organization.get': { args: undefined; result: { name: string | null; currency: string } };
  /** An admin sets the organization's currency; it needs the service (it is not queued). */
  'organization.setCurrency': { args: { currency: string }; result: { name: string | null; currency: string } };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const usersReads = {
  'users.list': ['users'],
  'users.me': ['users'],
  'users.names': ['users'],
  'departments.list': ['references'],
  'users.count': ['users'],
  'organization.get': ['references'],
} as const satisfies RefreshRules<UsersCalls>;
