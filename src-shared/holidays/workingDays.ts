import { addDays, daysBetween, weekday } from '../calendar/dates';
import { publicHolidaysBetween } from './publicHolidays';

/**
 * Working days of a leave request, start and end included: weekends and the public holidays of
 * the owner's nationality do not count (docs/service.md, Leave). The client uses it for offline requests.
 */
export function countWorkingDays(start: string, end: string, nationality: string): number {
  const holidays = new Set(publicHolidaysBetween(nationality, start, end).map((h) => h.date));
  const length = daysBetween(start, end) + 1;
  let days = 0;
  // Weekdays counted on, dates written only to look up holidays: every leave request counts its
  // days, and a date per day was a tenth of the service's work on one.
  for (let i = 0, day = weekday(start); i < length; i++, day = (day + 1) % 7) {
    if (day === 0 || day === 6) continue;
    if (holidays.size > 0 && holidays.has(addDays(start, i))) continue;
    days += 1;
  }
  return days;
}
