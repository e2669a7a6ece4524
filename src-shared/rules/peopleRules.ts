import { addDays, dateOnly, utcDate } from '../calendar/dates';
import type { FieldIssue } from './fieldIssue';

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

/** What a closed account is told when it signs in, refreshes or calls (the day after its last working day). */
export function accountClosedMessage(endDate: string): string {
  return `This account was closed on ${longDateOf(addDays(dateOnly(endDate), 1))}`;
}

export interface NamedPerson {
  firstName: string;
  lastName: string;
}

export const fullName = (p: NamedPerson): string => `${p.firstName} ${p.lastName}`.trim();

/** A manager chain that would loop: "Ada Lovelace cannot report to Bob Babbage: Bob Babbage reports to Ada Lovelace". */
export function managerLoopIssue(person: NamedPerson, manager: NamedPerson, path = 'managerId'): FieldIssue {
  if (fullName(person) === fullName(manager)) return { path, message: 'A person cannot be their own manager' };
  return {
    path,
    message: `${fullName(person)} cannot report to ${fullName(manager)}: ${fullName(manager)} reports to ${fullName(person)}`,
  };
}

export const LAST_ADMIN_ROLE =
  'This is the last active administrator: give another person the administrator role first';
export const LAST_ADMIN_LEAVING =
  'This is the last active administrator: give another person the administrator role before they leave';

/** A leaver who still manages people: how many need a new manager. */
export function reportsNeedManagerMessage(name: string, reports: number): string {
  return reports === 1
    ? `${name} manages 1 person, who needs a new manager first: choose who takes over`
    : `${name} manages ${reports} people, who need a new manager first: choose who takes over`;
}
