import { dateOnly } from '../calendar/dates';
import { countWorkingDays } from './workingDays';
import type { FieldIssue } from '../rules/fieldIssue';
import { rangeIssues, type LeaveDatesInput } from '../rules/leaveRules';

// Apart from the rest of the rulebook (and its index) because it reads the holiday tables: the
// backend and the service run it, the renderer asks the backend (leave.preview).

/**
 * What a leave request's dates break for its owner: the order, the length, and at least one working
 * day (weekends and the owner's public holidays do not count).
 */
export function leaveDateIssues(dates: LeaveDatesInput, nationality: string): FieldIssue[] {
  const order = rangeIssues(dates);
  if (order.length) return order;
  if (countWorkingDays(dateOnly(dates.startDate), dateOnly(dates.endDate), nationality) === 0) {
    return [{ path: 'startDate', message: 'These dates cover no working days, only weekends or public holidays' }];
  }
  return [];
}
