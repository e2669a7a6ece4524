import { dateOnly } from '../calendar/dates';
import { countLeaveDays, STANDARD_WEEK, type LeaveSpan, type WorkingWeek } from './workingDays';
import type { FieldIssue } from '../rules/fieldIssue';
import { halfDayIssues, rangeIssues, type LeaveSpanInput } from '../rules/leaveRules';

// Apart from the rest of the rulebook (and its index) because it reads the holiday tables: the
// backend and the service run it, the renderer asks the backend (leave.preview).

/**
 * What a leave request's dates break for its owner: the order, the length, its halves, and at least
 * half a working day (days off in their week and their public holidays do not count).
 */
export function leaveDateIssues(
  dates: LeaveSpanInput,
  nationality: string,
  week: WorkingWeek = STANDARD_WEEK,
): FieldIssue[] {
  const order = [...rangeIssues(dates), ...halfDayIssues(dates)];
  if (order.length) return order;
  if (countLeaveDays(spanOf(dates), nationality, week) === 0) {
    return [{ path: 'startDate', message: 'These dates cover no working days, only weekends or public holidays' }];
  }
  return [];
}

/** A request's dates as the day count reads them. */
export function spanOf(dates: LeaveSpanInput): Required<LeaveSpan> {
  return {
    start: dateOnly(dates.startDate),
    end: dateOnly(dates.endDate),
    startPart: dates.startPart ?? 'FULL',
    endPart: dates.endPart ?? 'FULL',
  };
}
