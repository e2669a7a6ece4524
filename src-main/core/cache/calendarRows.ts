import { dateToDateTime } from '../../../src-shared/calendar/dates';
import type { CalendarUser, Holiday, Leave } from '../../../src-shared/wire';
import type { CacheDb } from './openCache';
import { prepared } from './statements';

interface DateRange {
  startDate: string;
  endDate: string;
}

/**
 * Makes room for one piece of the calendar as the service answered it: the leave overlapping the
 * piece's dates goes, and with `people` the people shown (the same in every piece, so written
 * from one); the answer's rows come in.
 */
export function clearCalendarPiece(db: CacheDb, piece: DateRange, people: boolean): void {
  if (people) prepared(db, 'DELETE FROM calendar_users').run();
  prepared(db, 'DELETE FROM calendar_leave WHERE start_date <= ? AND end_date >= ?').run(
    dateToDateTime(piece.endDate),
    dateToDateTime(piece.startDate),
  );
}

export function writeCalendarUser(db: CacheDb, u: CalendarUser): void {
  prepared(
    db,
    'INSERT INTO calendar_users (id, last_name, first_name, department_id, json) VALUES (?, ?, ?, ?, ?)',
  ).run(u.id, u.lastName, u.firstName, u.departmentId, JSON.stringify(u));
}

export function writeCalendarLeave(db: CacheDb, l: Leave): void {
  prepared(
    db,
    'INSERT OR REPLACE INTO calendar_leave (id, user_id, start_date, end_date, json) VALUES (?, ?, ?, ?, ?)',
  ).run(l.id, l.userId, l.startDate, l.endDate, JSON.stringify(l));
}

/** A country's public holidays: the same for everyone of that nationality, so kept once per country. */
export function writeHolidays(db: CacheDb, country: string, holidays: Holiday[]): void {
  const holiday = prepared(db, 'INSERT OR REPLACE INTO holidays (country, date, name) VALUES (?, ?, ?)');
  for (const h of holidays) holiday.run(country, h.date, h.name);
}

/** Leave wholly outside the offline window is dropped: no piece will answer for it again. */
export function keepCalendarLeaveWithin(db: CacheDb, window: DateRange): void {
  prepared(db, 'DELETE FROM calendar_leave WHERE end_date < ? OR start_date > ?').run(
    dateToDateTime(window.startDate),
    dateToDateTime(window.endDate),
  );
}
