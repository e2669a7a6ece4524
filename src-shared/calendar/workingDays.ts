import { eachDate, isWeekend } from './dates';
import { publicHolidaysBetween } from './publicHolidays';

/**
 * Working days of a leave request, start and end included: weekends and the public holidays of
 * the owner's nationality do not count (CONTRACT "Leave"). The client uses it for offline requests.
 */
export function countWorkingDays(start: string, end: string, nationality: string): number {
  const holidays = new Set(publicHolidaysBetween(nationality, start, end).map((h) => h.date));
  let days = 0;
  for (const date of eachDate(start, end)) if (!isWeekend(date) && !holidays.has(date)) days += 1;
  return days;
}
