import { dateOnly, dayValue, utcDate } from '../calendar/dates';
import { defineMessage } from '@formatjs/intl';
import { formatEnglish } from '../i18n/english';
import type { FormatMessage } from '../i18n/format';
import { issue, type FieldIssue } from './fieldIssue';

const M = {
  ownManager: defineMessage({ id: 'rules.people.ownManager', defaultMessage: 'A person cannot be their own manager' }),
  loop: defineMessage<{ person: string; manager: string }>({
    id: 'rules.people.loop',
    defaultMessage: '{person} cannot report to {manager}: {manager} reports to {person}',
  }),
  managerLeft: defineMessage<{ manager: string }>({
    id: 'rules.people.managerLeft',
    defaultMessage: '{manager} has left the organization: choose another manager',
  }),
  unknownDepartment: defineMessage({
    id: 'rules.people.unknownDepartment',
    defaultMessage: 'Choose a department of this organization',
  }),
  unknownManager: defineMessage({
    id: 'rules.people.unknownManager',
    defaultMessage: 'Choose a manager from the people of this organization',
  }),
  successor: defineMessage({
    id: 'rules.people.successor',
    defaultMessage: 'Choose who takes over from the people staying in the organization',
  }),
  emailTaken: defineMessage({
    id: 'rules.people.emailTaken',
    defaultMessage: 'Someone of this organization already has this email',
  }),
  departmentTaken: defineMessage<{ name: string }>({
    id: 'rules.people.departmentTaken',
    defaultMessage: 'There is already a department called {name}',
  }),
  lastAdminRole: defineMessage({
    id: 'rules.people.lastAdminRole',
    defaultMessage: 'This is the last active administrator: give another person the administrator role first',
  }),
  lastAdminLeaving: defineMessage({
    id: 'rules.people.lastAdminLeaving',
    defaultMessage:
      'This is the last active administrator: give another person the administrator role before they leave',
  }),
  reportsNeedManager: defineMessage<{ name: string; count: number; n: string }>({
    id: 'rules.people.reportsNeedManager',
    defaultMessage:
      '{name} manages {count, plural, one {{n} person, who needs} other {{n} people, who need}} a new manager first: choose who takes over',
  }),
};

// The rules about people an admin edits, the same in the service and (offline) in the app.

/** A person is closed from the day after their last working day. */
export function hasLeft(endDate: string | null | undefined, today: string): boolean {
  return !!endDate && dateOnly(endDate) < dateOnly(today);
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "30 November 2026" */
export function longDateOf(date: string): string {
  return longDate.format(utcDate(dateOnly(date)));
}

const ACCOUNT_CLOSED = defineMessage<{ date: number }>({
  id: 'rules.people.accountClosed',
  defaultMessage: 'This account was closed on {date, date, long}',
});

/** What a closed account is told from the day it closed (the service's `closedOn`), in English unless told. */
export const closedOnMessage = (closedOn: string, format: FormatMessage = formatEnglish): string =>
  format(ACCOUNT_CLOSED.id, { date: dayValue(closedOn) });

export interface NamedPerson {
  firstName: string;
  lastName: string;
}

export const fullName = (p: NamedPerson): string => `${p.firstName} ${p.lastName}`.trim();

/** A manager chain that would loop: "Ada Lovelace cannot report to Bob Babbage: Bob Babbage reports to Ada Lovelace". */
export function managerLoopIssue(person: NamedPerson, manager: NamedPerson, path = 'managerId'): FieldIssue {
  if (fullName(person) === fullName(manager)) return issue(path, M.ownManager);
  return issue(path, M.loop, { person: fullName(person), manager: fullName(manager) });
}

/** Someone made their own manager (an import's row). */
export const ownManagerIssue = (path: string): FieldIssue => issue(path, M.ownManager);

/** A manager who has left, named by their name or email. */
export const managerLeftIssue = (manager: string, path = 'managerId'): FieldIssue =>
  issue(path, M.managerLeft, { manager });

/** A department or manager not of the organization. */
export const unknownDepartmentIssue = (path = 'departmentId'): FieldIssue => issue(path, M.unknownDepartment);
export const unknownManagerIssue = (path = 'managerId'): FieldIssue => issue(path, M.unknownManager);

/** Who takes over a leaver's reports must be someone staying. */
export const successorIssue = (path = 'reassignReportsTo'): FieldIssue => issue(path, M.successor);

/** An email someone of the organization already has. */
export const emailTakenIssue = (path = 'email'): FieldIssue => issue(path, M.emailTaken);

/** A department's name another already has. */
export const departmentTakenIssue = (name: string, path = 'name'): FieldIssue =>
  issue(path, M.departmentTaken, { name });

/** The last active administrator's role taken away, or their last day set, as an issue on `path`. */
export const lastAdminRoleIssue = (path = 'roles'): FieldIssue => issue(path, M.lastAdminRole);
export const lastAdminLeavingIssue = (path = 'endDate'): FieldIssue => issue(path, M.lastAdminLeaving);

/** A leaver who still manages people, as an issue on `path`: how many need a new manager. */
export function reportsNeedManagerIssue(name: string, reports: number, path = 'reassignReportsTo'): FieldIssue {
  return issue(path, M.reportsNeedManager, { name, count: reports, n: String(reports) });
}
