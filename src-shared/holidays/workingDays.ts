import { addDays, daysBetween, weekday } from '../calendar/dates';
import type { EndPart, StartPart } from '../wire/leave';
import { takenOnFirstDay, takenOnLastDay } from '../rules/leaveRules';
import { halvesByWeekday, halvesIn, STANDARD_WEEK, type WorkingWeek } from '../calendar/workingWeek';
import { publicHolidaysBetween } from './publicHolidays';

// The week's own rules live with the calendar (the renderer reads them); counted here with the holidays.
export {
  STANDARD_WEEK,
  weekKey,
  weekLength,
  weekOf,
  weekOfDays,
  worksOn,
  type DayPart,
  type WorkingDay,
  type WorkingWeek,
} from '../calendar/workingWeek';

/** The dates of a leave request and where its first and last days start and end. */
export interface LeaveSpan {
  start: string;
  end: string;
  /** AFTERNOON: the first day is taken from midday. */
  startPart?: StartPart;
  /** MORNING: the last day is taken until midday. */
  endPart?: EndPart;
}

/**
 * The days a leave request takes, in halves: only the owner's working days (and the halves of
 * them worked) count, public holidays of their nationality do not, its first day from midday when
 * it starts in the afternoon and its last until midday when it ends in the morning. Wednesday
 * afternoon to Friday morning is 2 days; a Wednesday for someone who works its mornings, 0.5.
 */
export function countLeaveDays(span: LeaveSpan, nationality: string, week: WorkingWeek = STANDARD_WEEK): number {
  const worked = halvesByWeekday(week);
  const holidays = new Set(publicHolidaysBetween(nationality, span.start, span.end).map((h) => h.date));
  const length = daysBetween(span.start, span.end) + 1;
  let halves = 0;
  // Weekdays counted on, dates written only to look up holidays: every leave request counts its
  // days, and a date per day was a tenth of the service's work on one.
  for (let i = 0, day = weekday(span.start); i < length; i++, day = (day + 1) % 7) {
    let taken = worked[day]!;
    if (i === 0) taken &= takenOnFirstDay(span.startPart);
    if (i === length - 1) taken &= takenOnLastDay(span.endPart);
    if (taken === 0) continue;
    if (holidays.size > 0 && holidays.has(addDays(span.start, i))) continue;
    halves += halvesIn(taken);
  }
  return halves / 2;
}

/**
 * Working days of a leave request, start and end included: weekends and the public holidays of
 * the owner's nationality do not count (docs/service.md, Leave). The client uses it for offline requests.
 */
export function countWorkingDays(start: string, end: string, nationality: string): number {
  return countLeaveDays({ start, end }, nationality);
}
