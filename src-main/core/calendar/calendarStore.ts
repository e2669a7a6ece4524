import { dateOnly, dateToDateTime, daysBetween } from '@shared/calendar/dates';
import { publicHolidaysBetween } from '@shared/holidays/publicHolidays';
import { MAX_RANGE_DAYS } from '@shared/rules';
import type { CalendarPage, CalendarQuery, ChartData, ChartLeave, ShownFeed } from '@shared/appApi';
import type { CalendarFeed, CalendarUser, Holiday, Leave } from '@shared/wire';
import { AppFailure } from '../app/appError';
import { getMeta, type CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';
import { POLICY_ID, readEffective } from '../cache/entities';

/** Who is shown, from the query's people filters: SQL on `calendar_users` and its parameters. */
function peopleFilter(q: CalendarQuery, me: string): { where: string; params: unknown[] } {
  // Who left before the first day shown is not in it (the service's calendar says the same).
  const terms: string[] = ['id NOT IN (SELECT id FROM users WHERE end_date < ?)'];
  const params: unknown[] = [dateOnly(q.startDate)];
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
  const { start, end } = checkedRange(q);
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
    const others = notHeldInFull(db, ids, me);
    const rows = prepared(
      db,
      `SELECT l.json FROM json_each(:ids) AS p CROSS JOIN leave AS l
         WHERE l.user_id = p.value AND l.json IS NOT NULL AND l.status IN ('PENDING', 'APPROVED')
           AND l.start_date <= :end AND l.end_date >= :start
           ${leaveFilter('l.status', 'l.type')}
       UNION ALL
       SELECT c.json FROM json_each(:others) AS p CROSS JOIN calendar_leave AS c
         WHERE c.user_id = p.value AND c.start_date <= :end AND c.end_date >= :start
           ${leaveFilter("c.json ->> '$.status'", "c.json ->> '$.type'")}`,
    )
      .pluck(true)
      .all(leaveParams(ids, others, start, end, q)) as string[];
    for (const l of JSON.parse(`[${rows.join(',')}]`) as Leave[]) byUser.get(l.userId)?.push(l);
    const synced = syncedWindow(db);
    const holidaysOf = holidaysReader(db, synced, start, end);
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

/**
 * Of some people (a JSON array of ids), those whose leave the account does not hold in full (no
 * row in `leave`; not the account itself): their leave is what the service's calendar showed.
 */
function notHeldInFull(db: CacheDb, ids: string, me: string): string {
  return prepared(
    db,
    `SELECT json_group_array(p.value) FROM json_each(:ids) AS p
     WHERE p.value != :me AND NOT EXISTS (SELECT 1 FROM leave WHERE user_id = p.value)`,
  )
    .pluck(true)
    .get({ ids, me }) as string;
}

/** The query's leave filters in SQL, on the columns (or JSON paths) given. */
const leaveFilter = (status: string, type: string) =>
  `AND (:status IS NULL OR ${status} = :status) AND (:types IS NULL OR ${type} IN (SELECT value FROM json_each(:types)))`;

function leaveParams(
  ids: string,
  others: string,
  start: string,
  end: string,
  q: Pick<CalendarQuery, 'status' | 'types'>,
) {
  return {
    ids,
    others,
    start: dateToDateTime(start),
    end: dateToDateTime(end),
    status: q.status ?? null,
    types: q.types ? JSON.stringify(q.types) : null,
  };
}

function checkedRange(q: { startDate: string; endDate: string }): { start: string; end: string } {
  const start = dateOnly(q.startDate);
  const end = dateOnly(q.endDate);
  if (end < start || daysBetween(start, end) + 1 > MAX_RANGE_DAYS) {
    throw new AppFailure('INVALID_INPUT', 'Choose a range of at most a year, ending after it starts');
  }
  return { start, end };
}

function syncedWindow(db: CacheDb): { startDate: string; endDate: string } | null {
  const window = getMeta(db, 'calendarWindow');
  return window ? (JSON.parse(window) as { startDate: string; endDate: string }) : null;
}

/** Each country's holidays in the range, read once: from the pulled window, or computed outside it. */
function holidaysReader(
  db: CacheDb,
  synced: { startDate: string; endDate: string } | null,
  start: string,
  end: string,
): (country: string) => Holiday[] {
  const holidays = new Map<string, Holiday[]>();
  return (country) => {
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
}

/**
 * The wall chart's read: the same people and leave as `readCalendar`, in columns rather than
 * whole records (a quarter of two thousand people is a tenth of the bytes), holidays once a country.
 */
export function readChart(db: CacheDb, me: string, q: Omit<CalendarQuery, 'page' | 'pageSize'>): ChartData {
  const { start, end } = checkedRange(q);
  return db.transaction((): ChartData => {
    const filter = peopleFilter(q, me);
    const rows = prepared(db, `SELECT json FROM calendar_users ${filter.where} ORDER BY last_name, first_name, id`)
      .pluck(true)
      .all(...filter.params) as string[];
    const people = JSON.parse(`[${rows.join(',')}]`) as CalendarUser[];
    const known = filter.where
      ? (prepared(db, 'SELECT COUNT(*) AS n FROM calendar_users').pluck(true).get() as number)
      : people.length;
    const ids = JSON.stringify(people.map((u) => u.id));
    const others = notHeldInFull(db, ids, me);
    const leave = prepared(
      db,
      `SELECT l.id, l.user_id AS userId, substr(l.start_date, 1, 10) AS startDate, substr(l.end_date, 1, 10) AS endDate,
              l.type, l.status, l.json ->> '$.days' AS days, NULLIF(l.start_part, 'FULL') AS startPart,
              NULLIF(l.end_part, 'FULL') AS endPart
         FROM json_each(:ids) AS p CROSS JOIN leave AS l
         WHERE l.user_id = p.value AND l.json IS NOT NULL AND l.status IN ('PENDING', 'APPROVED')
           AND l.start_date <= :end AND l.end_date >= :start
           ${leaveFilter('l.status', 'l.type')}
       UNION ALL
       SELECT c.id, c.user_id, substr(c.start_date, 1, 10), substr(c.end_date, 1, 10), c.json ->> '$.type',
              c.json ->> '$.status', c.json ->> '$.days', NULLIF(c.json ->> '$.startPart', 'FULL'),
              NULLIF(c.json ->> '$.endPart', 'FULL')
         FROM json_each(:others) AS p CROSS JOIN calendar_leave AS c
         WHERE c.user_id = p.value AND c.start_date <= :end AND c.end_date >= :start
           ${leaveFilter("c.json ->> '$.status'", "c.json ->> '$.type'")}`,
    ).all(leaveParams(ids, others, start, end, q)) as ChartLeave[];
    const synced = syncedWindow(db);
    const holidaysOf = holidaysReader(db, synced, start, end);
    const holidays: ChartData['holidays'] = {};
    for (const p of people) holidays[p.nationality] ??= holidaysOf(p.nationality);
    const policy = readEffective(db, 'leave_policy', POLICY_ID);
    return {
      range: { startDate: start, endDate: end },
      people,
      leave,
      holidays,
      known,
      synced,
      organizationWeek: policy?.workingWeek ?? [1, 2, 3, 4, 5],
      blocked: (policy?.blockedPeriods ?? []).filter((b) => b.startDate <= end && b.endDate >= start),
    };
  })();
}

// What a pull writes: the pieces of the calendar as the service answered them.
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

/** My calendar feeds as I see them, newest first, each with whether it still waits to reach the service. */
export function feedsIn(db: CacheDb): ShownFeed[] {
  const rows = prepared(
    db,
    `SELECT json, base IS NULL OR base <> '' AS waiting FROM calendar_feeds WHERE json IS NOT NULL
     ORDER BY created_at DESC, id DESC`,
  ).all() as { json: string; waiting: number }[];
  return rows.map((r) => ({ ...(JSON.parse(r.json) as CalendarFeed), waiting: r.waiting === 1 }));
}
