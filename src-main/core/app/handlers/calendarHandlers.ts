import { dateOnly, dateToDateTime, daysBetween } from '../../../../src-shared/calendar/dates';
import { publicHolidaysBetween } from '../../../../src-shared/calendar/publicHolidays';
import type { CalendarPage } from '../../../../src-shared/appApi';
import type { CalendarUser, Holiday, Leave } from '../../../../src-shared/wire';
import { prepared } from '../../cache/statements';
import { AppFailure } from '../appError';
import { requireAccount, type BackendContext } from '../openAccount';
import type { HandlerMap } from './handlerMap';
import type { CalendarCalls } from '../../../../src-shared/appApi';

/**
 * The calendar from the cache: people as the service last showed them; for anyone whose leave
 * the account holds in full (its own, its team) that leave with local changes, for others what
 * the service showed. Holidays come from the pulled window, or are computed here outside it.
 */
export function calendarHandlers(ctx: BackendContext): HandlerMap<CalendarCalls> {
  return {
    'calendar.range': async ({ startDate, endDate, departmentId, page: askedPage, pageSize: askedSize }) => {
      const { db, summary } = requireAccount(ctx);
      const start = dateOnly(startDate);
      const end = dateOnly(endDate);
      if (end < start || daysBetween(start, end) > 366) {
        throw new AppFailure('INVALID_INPUT', 'Choose a range of at most a year, ending after it starts');
      }
      return db.transaction((): CalendarPage => {
        const where = departmentId ? 'WHERE department_id = ?' : '';
        const filter = departmentId ? [departmentId] : [];
        const { total } = prepared(db, `SELECT COUNT(*) AS total FROM calendar_users ${where}`).get(...filter) as {
          total: number;
        };
        const pageSize = Math.max(1, Math.floor(askedSize ?? Math.max(total, 1)));
        const page = Math.max(1, Math.floor(askedPage ?? 1));
        // The page's people as one JSON array, parsed once: under half the time of a row object
        // per person (measured: 0.41 against 0.9 ms for 500).
        const people = prepared(
          db,
          `SELECT json FROM calendar_users ${where} ORDER BY last_name, first_name, id LIMIT ? OFFSET ?`,
        )
          .pluck(true)
          .all(...filter, pageSize, (page - 1) * pageSize) as string[];
        const users = JSON.parse(`[${people.join(',')}]`) as CalendarUser[];
        const byUser = new Map<string, Leave[]>(users.map((u) => [u.id, []]));
        // The leave of the people on this page, one index search each: for anyone whose leave the
        // account holds in full (its own, its team: any row in \`leave\`) that leave with local
        // changes; for the others what the service showed, looked for only among them (an admin
        // holds everyone's leave: none).
        const ids = JSON.stringify(users.map((u) => u.id));
        const others = prepared(
          db,
          `SELECT json_group_array(p.value) AS ids FROM json_each(:ids) AS p
           WHERE p.value != :me AND NOT EXISTS (SELECT 1 FROM leave WHERE user_id = p.value)`,
        ).get({ ids, me: summary.userId }) as { ids: string };
        const rows = prepared(
          db,
          `SELECT l.json FROM json_each(:ids) AS p CROSS JOIN leave AS l
             WHERE l.user_id = p.value AND l.json IS NOT NULL AND l.status IN ('PENDING', 'APPROVED')
               AND l.start_date <= :end AND l.end_date >= :start
           UNION ALL
           SELECT c.json FROM json_each(:others) AS p CROSS JOIN calendar_leave AS c
             WHERE c.user_id = p.value AND c.start_date <= :end AND c.end_date >= :start`,
        )
          .pluck(true)
          .all({ ids, others: others.ids, start: dateToDateTime(start), end: dateToDateTime(end) }) as string[];
        for (const l of JSON.parse(`[${rows.join(',')}]`) as Leave[]) byUser.get(l.userId)?.push(l);
        const window = prepared(db, "SELECT value FROM meta WHERE key = 'calendarWindow'").get() as
          { value: string } | undefined;
        const pulled = window ? (JSON.parse(window.value) as { startDate: string; endDate: string }) : null;
        const holidays = new Map<string, Holiday[]>();
        const holidaysOf = (country: string): Holiday[] => {
          let list = holidays.get(country);
          if (!list) {
            list =
              pulled && start >= pulled.startDate && end <= pulled.endDate
                ? (prepared(
                    db,
                    'SELECT date, name FROM holidays WHERE country = ? AND date >= ? AND date <= ? ORDER BY date',
                  ).all(country, start, end) as Holiday[])
                : publicHolidaysBetween(country, start, end);
            holidays.set(country, list);
          }
          return list;
        };
        return {
          people: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
          range: { startDate: start, endDate: end },
          users: users.map((user) => ({
            user,
            leave: byUser
              .get(user.id)!
              .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id)),
            holidays: holidaysOf(user.nationality),
          })),
        };
      })();
    },
  };
}
