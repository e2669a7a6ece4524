import { defineMessages } from '@formatjs/intl';
import { dateOnly, dateToDateTime, daysBetween } from '@shared/calendar/dates';
import { publicHolidaysBetween } from '@shared/holidays/publicHolidays';
import { requestLanguage, speak } from '../api/language';
import { MAX_RANGE_DAYS } from '@shared/rules';
import type { CalendarPage, CalendarQuery, ChartData, ChartLeave, ShownFeed } from '@shared/appApi';
import type { CalendarFeed, CalendarUser, Holiday, Leave, LeaveType } from '@shared/wire';
import { AppFailure } from '../app/appError';
import { getMeta, type CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';
import { POLICY_ID, readEffective } from '../cache/entities';

// A range refused, in the page's language.
const REFUSALS = defineMessages({
  range: { id: 'core.calendar.range', defaultMessage: 'Choose a range of at most a year, ending after it starts' },
});

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
    const rows = shownLeave(db, 'json', users, known, start, end, q) as string[];
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

/** What the two reads take of each request: whole, or the chart's columns (in `ChartLeave`'s order). */
const SHOWN_COLUMNS = {
  json: { own: 'l.record', shown: 'c.json' },
  chart: {
    own: `l.id, l.user_id, substr(l.start_date, 1, 10), substr(l.end_date, 1, 10), l.type, l.status, l.days,
      NULLIF(l.start_part, 'FULL'), NULLIF(l.end_part, 'FULL')`,
    shown: `c.id, c.user_id, substr(c.start_date, 1, 10), substr(c.end_date, 1, 10), c.json ->> '$.type',
      c.json ->> '$.status', c.json ->> '$.days', NULLIF(c.json ->> '$.startPart', 'FULL'),
      NULLIF(c.json ->> '$.endPart', 'FULL')`,
  },
} as const;

/**
 * The leave between two dates of the people shown: the account's own copy of what it holds in full
 * (its scope's, with local changes: `leave`), and what the service's calendar showed of everyone
 * else (`calendar_leave`, asked without the scope's leave; a request `leave` holds is never taken
 * from it). For a few of the people known, looked up person by person; for most of them, walked by
 * date from the first day shown, once, and kept for the people shown by the caller: one walk is
 * cheaper than a search per person.
 */
function shownLeave(
  db: CacheDb,
  columns: keyof typeof SHOWN_COLUMNS,
  people: readonly { id: string }[],
  known: number,
  start: string,
  end: string,
  q: Pick<CalendarQuery, 'status' | 'types'>,
) {
  const byPerson = people.length * 4 < known;
  const { own, shown } = SHOWN_COLUMNS[columns];
  const over = (table: string, alias: string) =>
    byPerson
      ? { from: `json_each(:ids) AS p CROSS JOIN ${table} AS ${alias}`, who: `${alias}.user_id = p.value AND` }
      : { from: `${table} AS ${alias}`, who: '' };
  const [l, c] = [over('leave', 'l'), over('calendar_leave', 'c')];
  const statement = prepared(
    db,
    `SELECT ${own} FROM ${l.from}
       WHERE ${l.who} l.json IS NOT NULL AND l.end_date >= :start AND +l.start_date <= :end
         AND +l.status IN ('PENDING', 'APPROVED') ${leaveFilter('l.status', 'l.type')}
     UNION ALL
     SELECT ${shown} FROM ${c.from}
       WHERE ${c.who} c.end_date >= :start AND +c.start_date <= :end
         AND NOT EXISTS (SELECT 1 FROM leave WHERE leave.id = c.id)
         ${leaveFilter("c.json ->> '$.status'", "c.json ->> '$.type'")}`,
  );
  const params = {
    ...(byPerson ? { ids: JSON.stringify(people.map((p) => p.id)) } : {}),
    start: dateToDateTime(start),
    end: dateToDateTime(end),
    status: q.status ?? null,
    types: q.types ? JSON.stringify(q.types) : null,
  };
  // The JSON alone (whole requests), or each row as an array (the chart's columns).
  return (columns === 'json' ? statement.pluck(true) : statement.raw(true)).all(params);
}

/** The query's leave filters in SQL, on the columns (or JSON paths) given. */
const leaveFilter = (status: string, type: string) =>
  `AND (:status IS NULL OR ${status} = :status) AND (:types IS NULL OR ${type} IN (SELECT value FROM json_each(:types)))`;

function checkedRange(q: { startDate: string; endDate: string }): { start: string; end: string } {
  const start = dateOnly(q.startDate);
  const end = dateOnly(q.endDate);
  if (end < start || daysBetween(start, end) + 1 > MAX_RANGE_DAYS) {
    throw new AppFailure('INVALID_INPUT', speak(REFUSALS.range));
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
      const language = requestLanguage();
      if (synced && start >= synced.startDate && end <= synced.endDate) {
        const stored = prepared(
          db,
          'SELECT date, name FROM holidays WHERE country = ? AND date >= ? AND date <= ? ORDER BY date',
        ).all(country, start, end) as Holiday[];
        // The service's days, named in the reader's language where the tables know the day.
        const named =
          language === 'en'
            ? null
            : new Map(publicHolidaysBetween(country, start, end, language).map((h) => [h.date, h.name]));
        list = named ? stored.map((h) => ({ ...h, name: named.get(h.date) ?? h.name })) : stored;
      } else list = publicHolidaysBetween(country, start, end, language);
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
    // Rows as arrays, a request each: no keyed object per row from the driver.
    const shown = new Set(people.map((u) => u.id));
    const leave: ChartLeave[] = [];
    for (const [id, userId, startDate, endDate, type, status, days, startPart, endPart] of shownLeave(
      db,
      'chart',
      people,
      known,
      start,
      end,
      q,
    ) as [
      string,
      string,
      string,
      string,
      LeaveType,
      ChartLeave['status'],
      number,
      ChartLeave['startPart'],
      ChartLeave['endPart'],
    ][]) {
      if (shown.has(userId)) leave.push({ id, userId, startDate, endDate, type, status, days, startPart, endPart });
    }
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
