import { dateOnly, MONTH_NAMES } from '../calendar/dates';
import type { LeaveType } from '../wire/enums';
import type { FieldIssue } from './fieldIssue';
import type { LeaveDatesInput } from './leaveRules';
import { LEAVE_TYPE_NAMES } from './leaveTypeNames';

/** Dates when nobody may be away (a year-end close): for the types named, or every counted type. */
export interface BlockedPeriod {
  startDate: string;
  endDate: string;
  reason: string;
  types?: readonly LeaveType[] | null;
}

/** A day of a range in words: its day, its month, and its year only where the range needs it. */
const dayWords = (date: string, withMonth: boolean, withYear: boolean) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [String(day), withMonth ? MONTH_NAMES[month - 1] : null, withYear ? String(year) : null]
    .filter((part) => part !== null)
    .join(' ');
};

/** "22 to 31 December", "30 November to 4 December", "28 December 2026 to 3 January 2027", "24 December". */
export function periodWords(startDate: string, endDate: string): string {
  const start = dateOnly(startDate);
  const end = dateOnly(endDate);
  if (start === end) return dayWords(start, true, false);
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const sameMonth = sameYear && start.slice(5, 7) === end.slice(5, 7);
  return `${dayWords(start, !sameMonth, !sameYear)} to ${dayWords(end, true, !sameYear)}`;
}

/**
 * The first blocked period a request of this type on these dates touches, in words ("The year-end
 * close, 22 to 31 December: no annual leave"), or null. A period naming no types blocks the
 * organization's counted ones.
 */
export function blockedPeriodIssue(
  dates: LeaveDatesInput,
  type: LeaveType,
  periods: readonly BlockedPeriod[],
  countedTypes: readonly LeaveType[],
): FieldIssue | null {
  const start = dateOnly(dates.startDate);
  const end = dateOnly(dates.endDate);
  const hit = periods.find(
    (p) => (p.types ?? countedTypes).includes(type) && dateOnly(p.startDate) <= end && dateOnly(p.endDate) >= start,
  );
  if (!hit) return null;
  return {
    path: 'startDate',
    message: `${hit.reason}, ${periodWords(hit.startDate, hit.endDate)}: no ${LEAVE_TYPE_NAMES[type].toLowerCase()}`,
  };
}
