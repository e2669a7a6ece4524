import { addDays, dateOnly, dateToDateTime, isWeekend } from '@shared/calendar/dates';
import type { LeaveContext, LeaveQuery, PageQuery } from '@shared/appApi';
import { findOverlap, type LeaveSpanInput, type OwnLeave } from '@shared/rules';
import type { Leave, List, Role } from '@shared/wire';
import { cachePage } from '../cache/cachePage';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

// The app's leave as its cache holds it: the lists, the sums and the neighbours a request is read
// beside. The handlers (leaveHandlers.ts) keep the rules; the SQL is here.

/** Who reads: the account's cache, its role and its person. */
export interface Viewer {
  db: CacheDb;
  role: Role;
  userId: string;
}

/** Leave of the people whose requests the account sees in full: its reports, or everyone for an admin. */
function teamCondition(viewer: Viewer): { sql: string; params: unknown[] } {
  if (viewer.role === 'ADMIN') return { sql: '1 = 1', params: [] };
  if (viewer.role === 'MANAGER') {
    return { sql: 'user_id IN (SELECT id FROM users WHERE manager_id = ?)', params: [viewer.userId] };
  }
  return { sql: '0 = 1', params: [] };
}

/** The narrowing a list of leave may ask for: status, person, department, type. */
function leaveFilters(q: Pick<LeaveQuery, 'status' | 'userId' | 'departmentId' | 'type'>): {
  sql: string;
  params: unknown[];
} {
  let sql = '';
  const params: unknown[] = [];
  if (q.status) {
    sql += ' AND status = ?';
    params.push(q.status);
  }
  if (q.userId) {
    sql += ' AND user_id = ?';
    params.push(q.userId);
  }
  if (q.departmentId) {
    sql += ' AND user_id IN (SELECT id FROM users WHERE department_id = ?)';
    params.push(q.departmentId);
  }
  if (q.type) {
    sql += ' AND type = ?';
    params.push(q.type);
  }
  return { sql, params };
}

/** A person's approved and pending working days of leave starting in a year, by type and status. */
export function yearTotals(db: CacheDb, userId: string, year: number) {
  // Found by the person (leave_user_end): the + keep the index of every request waiting out.
  return prepared(
    db,
    `SELECT type, status, SUM(days) AS days FROM leave
     WHERE json IS NOT NULL AND user_id = ? AND +status IN ('APPROVED', 'PENDING') AND +start_date >= ? AND +start_date < ?
     GROUP BY type, status ORDER BY type, status`,
  ).all(userId, `${year}-01-01`, `${year + 1}-01-01`) as {
    type: Leave['type'];
    status: Leave['status'];
    days: number;
  }[];
}

/**
 * The caller's own approved or pending leave that takes a half of these days, but the one being
 * changed. Of the requests on the dates, three are enough: at most two can share only a half day
 * at either end (the rulebook decides), and any other overlaps.
 */
export function ownClash(viewer: Viewer, span: LeaveSpanInput, exceptId: string | null): OwnLeave | undefined {
  const onDates = prepared(
    viewer.db,
    `SELECT start_date AS startDate, end_date AS endDate, start_part AS startPart, end_part AS endPart, status
       FROM leave
       WHERE user_id = ? AND status IN ('PENDING', 'APPROVED') AND json IS NOT NULL
         AND start_date <= ? AND end_date >= ? AND id IS NOT ? LIMIT 3`,
  ).all(
    viewer.userId,
    dateToDateTime(dateOnly(span.endDate)),
    dateToDateTime(dateOnly(span.startDate)),
    exceptId,
  ) as OwnLeave[];
  return findOverlap(span, onDates);
}

/**
 * Who of a person's department is away on some dates (approved or pending): the leave the account
 * holds in full, and for the rest what the service's calendar showed. With the count each working day.
 */
export function awayBeside(db: CacheDb, userId: string, start: string, end: string, exceptId: string | null) {
  // Driven from the leave that ends on or after the first day (leave_end_start): requests waiting
  // for a decision lie ahead, where little leave ends; then narrowed to the department. The CROSS
  // JOINs fix that order and the unary + keep the other indexes out (an index named outright
  // would fail while a first sync has them dropped).
  const alsoAway = prepared(
    db,
    `SELECT o.start_date AS startDate, o.end_date AS endDate, o.status, u.first_name || ' ' || u.last_name AS name
       FROM leave AS o CROSS JOIN users AS u ON u.id = o.user_id
       WHERE o.json IS NOT NULL AND o.end_date >= :start AND +o.start_date <= :end
         AND +o.status IN ('APPROVED', 'PENDING')
         AND +u.department_id IS (SELECT department_id FROM users WHERE id = :user) AND o.user_id != :user
         AND o.id IS NOT :except
     UNION ALL
     SELECT c.start_date, c.end_date, c.json ->> '$.status', p.first_name || ' ' || p.last_name
       FROM calendar_leave AS c CROSS JOIN calendar_users AS p ON p.id = c.user_id
       WHERE c.end_date >= :start AND +c.start_date <= :end
         AND +p.department_id IS (SELECT department_id FROM calendar_users WHERE id = :user) AND c.user_id != :user
         AND c.id IS NOT :except AND NOT EXISTS (SELECT 1 FROM leave WHERE leave.id = c.id)
     ORDER BY startDate, name`,
  ).all({
    user: userId,
    except: exceptId,
    start: dateToDateTime(start),
    end: dateToDateTime(end),
  }) as LeaveContext['alsoAway'];
  const perDay: LeaveContext['perDay'] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) {
    if (isWeekend(day)) continue;
    const away = alsoAway.filter((o) => dateOnly(o.startDate) <= day && dateOnly(o.endDate) >= day).length;
    perDay.push({ date: day, away });
  }
  return { alsoAway, perDay };
}

/** The manager of a person in the cache, or null. */
export function managerOf(db: CacheDb, userId: string): string | null {
  const row = prepared(db, 'SELECT manager_id FROM users WHERE id = ?').get(userId) as
    { manager_id: string | null } | undefined;
  return row?.manager_id ?? null;
}

/** The viewer's own leave, latest first; by status and year when asked. */
export function myLeavePage(db: CacheDb, userId: string, q: LeaveQuery): List<Leave> {
  const params: unknown[] = [userId];
  let where = 'json IS NOT NULL AND user_id = ?';
  if (q.status) {
    where += ' AND status = ?';
    params.push(q.status);
  }
  if (q.year) {
    where += ' AND start_date >= ? AND start_date < ?';
    params.push(`${q.year}-01-01`, `${q.year + 1}-01-01`);
  }
  return cachePage<Leave>(db, { from: `FROM leave WHERE ${where}`, params, orderBy: 'start_date DESC, id', ...q });
}

/** The leave of the viewer's team (everyone's for an admin), filtered; decisions latest first when asked. */
export function teamLeavePage(viewer: Viewer, q: LeaveQuery): List<Leave> {
  const team = teamCondition(viewer);
  const filters = leaveFilters(q);
  const where = `json IS NOT NULL AND ${team.sql}${filters.sql}`;
  if (q.decided) {
    return cachePage<Leave>(viewer.db, {
      // The + keeps the status index out: the history is read latest first along leave_reviewed,
      // whose entries end with the rowid (the order of decisions of one instant).
      from: `FROM leave WHERE ${where} AND +status IN ('APPROVED', 'REJECTED')`,
      // Counted in the status index alone: a row's columns are NULL where its record is (deleted here).
      countFrom: `FROM leave WHERE status IN ('APPROVED', 'REJECTED') AND ${team.sql}${filters.sql}`,
      params: [...team.params, ...filters.params],
      orderBy: 'reviewed_at DESC, rowid DESC',
      ...q,
    });
  }
  return cachePage<Leave>(viewer.db, {
    from: `FROM leave WHERE ${where}`,
    params: [...team.params, ...filters.params],
    orderBy: q.newestFirst ? 'start_date DESC, id DESC' : 'start_date, id',
    ...q,
  });
}

/** The team's requests waiting for the viewer's decision, all of them, soonest first. */
export function pendingAll(viewer: Viewer, q: Pick<LeaveQuery, 'userId' | 'departmentId' | 'type'>): List<Leave> {
  const team = teamCondition(viewer);
  const filters = leaveFilters(q);
  return cachePage<Leave>(viewer.db, {
    from: `FROM leave WHERE json IS NOT NULL AND status = 'PENDING' AND user_id != ? AND ${team.sql}${filters.sql}`,
    params: [viewer.userId, ...team.params, ...filters.params],
    orderBy: 'start_date, id',
    all: true,
  });
}

/** Approved leave not yet over, the viewer's and the team's, soonest first. */
export function upcomingPage(viewer: Viewer, today: string, q: PageQuery): List<Leave> {
  const team = teamCondition(viewer);
  return cachePage<Leave>(viewer.db, {
    // Walked from today by end date (leave_end_start): the + keeps the index of every approval out.
    from: `FROM leave WHERE json IS NOT NULL AND +status = 'APPROVED' AND end_date >= ? AND (user_id = ? OR ${team.sql})`,
    params: [`${today}T00:00:00.000Z`, viewer.userId, ...team.params],
    orderBy: 'start_date, id',
    ...q,
  });
}
