import { dateOnly, dateToDateTime, daysBetween } from '../../../src-shared/calendar/dates';
import { publicHolidaysBetween } from '../../../src-shared/calendar/publicHolidays';
import { MAX_RANGE_DAYS } from '../../../src-shared/rules';
import type { CalendarPage, CalendarQuery } from '../../../src-shared/appApi';
import type { CalendarUser, Holiday, Leave } from '../../../src-shared/wire';
import { AppFailure } from '../app/appError';
import { getMeta, type CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

/** Who is shown, from the query's people filters: SQL on `calendar_users` and its parameters. */
function peopleFilter(q: CalendarQuery, me: string): { where: string; params: unknown[] } {
  const terms: string[] = [];
  const params: unknown[] = [];
  if (q.departmentId) {
    terms.push('department_id = ?');
    params.push(q.departmentId);
  }
  if (q.team) {
    terms.push('id IN (SELECT id FROM users WHERE manager_id = ?)');
    params.push(me);
  }
  const search = q.search?.trim();
  if (search) {
    terms.push("(first_name || ' ' || last_name) LIKE ? ESCAPE '\\'");
    params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return { where: terms.length ? `WHERE ${terms.join(' AND ')}` : '', params };
}

/**
 * The calendar from the cache: people as the service last showed them; for anyone whose leave
 * the account holds in full (its own, its team) that leave with local changes, for others what
 * the service showed. Holidays come from the pulled window, or are computed here outside it.
 */
export function readCalendar(db: CacheDb, me: string, q: CalendarQuery): CalendarPage {
  const start = dateOnly(q.startDate);
  const end = dateOnly(q.endDate);
  if (end < start || daysBetween(start, end) + 1 > MAX_RANGE_DAYS) {
    throw new AppFailure('INVALID_INPUT', 'Choose a range of at most a year, ending after it starts');
  }
  return db.transaction((): CalendarPage => {
    const filter = peopleFilter(q, me);
    const { total } = prepared(db, `SELECT COUNT(*) AS total FROM calendar_users ${filter.where}`).get(
      ...filter.params,
    ) as { total: number };
    const known = filter.where
      ? (prepared(db, 'SELECT COUNT(*) AS n FROM calendar_users').pluck(true).get() as number)
      : total;
    const pageSize = Math.max(1, Math.floor(q.pageSize ?? Math.max(total, 1)));
    const page = Math.max(1, Math.floor(q.page ?? 1));
    // The page's people as one JSON array, parsed once: far quicker than a row object each.
    const people = prepared(
      db,
      `SELECT json FROM calendar_users ${filter.where} ORDER BY last_name, first_name, id LIMIT ? OFFSET ?`,
    )
      .pluck(true)
      .all(...filter.params, pageSize, (page - 1) * pageSize) as string[];
    const users = JSON.parse(`[${people.join(',')}]`) as CalendarUser[];
    const byUser = new Map<string, Leave[]>(users.map((u) => [u.id, []]));
    // The leave of the people on this page, one index search each: for anyone whose leave the
    // account holds in full (its own, its team: any row in `leave`) that leave with local
    // changes; for the others what the service showed, looked for only among them (an admin
    // holds everyone's leave: none).
    const ids = JSON.stringify(users.map((u) => u.id));
    const others = prepared(
      db,
      `SELECT json_group_array(p.value) AS ids FROM json_each(:ids) AS p
       WHERE p.value != :me AND NOT EXISTS (SELECT 1 FROM leave WHERE user_id = p.value)`,
    ).get({ ids, me }) as { ids: string };
    const rows = prepared(
      db,
      `SELECT l.json FROM json_each(:ids) AS p CROSS JOIN leave AS l
         WHERE l.user_id = p.value AND l.json IS NOT NULL AND l.status IN ('PENDING', 'APPROVED')
           AND l.start_date <= :end AND l.end_date >= :start
           AND (:status IS NULL OR l.status = :status)
           AND (:types IS NULL OR l.type IN (SELECT value FROM json_each(:types)))
       UNION ALL
       SELECT c.json FROM json_each(:others) AS p CROSS JOIN calendar_leave AS c
         WHERE c.user_id = p.value AND c.start_date <= :end AND c.end_date >= :start
           AND (:status IS NULL OR c.json ->> '$.status' = :status)
           AND (:types IS NULL OR c.json ->> '$.type' IN (SELECT value FROM json_each(:types)))`,
    )
      .pluck(true)
      .all({
        ids,
        others: others.ids,
        start: dateToDateTime(start),
        end: dateToDateTime(end),
        status: q.status ?? null,
        types: q.types ? JSON.stringify(q.types) : null,
      }) as string[];
    for (const l of JSON.parse(`[${rows.join(',')}]`) as Leave[]) byUser.get(l.userId)?.push(l);
    const window = getMeta(db, 'calendarWindow');
    const synced = window ? (JSON.parse(window) as { startDate: string; endDate: string }) : null;
    const holidays = new Map<string, Holiday[]>();
    const holidaysOf = (country: string): Holiday[] => {
      let list = holidays.get(country);
      if (!list) {
        list =
          synced && start >= synced.startDate && end <= synced.endDate
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
      known,
      synced,
      range: { startDate: start, endDate: end },
      users: users.map((user) => ({
        user,
        leave: byUser.get(user.id)!.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id)),
        holidays: holidaysOf(user.nationality),
      })),
    };
  })();
}
