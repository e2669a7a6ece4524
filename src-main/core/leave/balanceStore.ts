import { dateToDateTime } from '@shared/calendar/dates';
import { DEFAULT_LEAVE_POLICY, completePolicy } from '@shared/rules';
import { yearTotalsWindow, type BalanceAllocation, type BalanceLeave } from '@shared/holidays/leaveBalances';
import type { Allocation, EndPart, LeavePolicy, LeaveStatus, LeaveType, StartPart } from '@shared/wire';
import { POLICY_ID, readEffective } from '../cache/entities';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';
import { Conditions, containing } from '../cache/cachePage';

// What the app computes balances from, as its cache holds it: the policy, the people's first days
// and nationalities, their approved and pending leave, and the adjustments.

/** The policy as the user sees it (with changes queued here), or the defaults before any sync. */
export function readPolicy(db: CacheDb): LeavePolicy {
  const stored = readEffective(db, 'leave_policy', POLICY_ID);
  if (!stored) return DEFAULT_LEAVE_POLICY;
  const { id: _id, ...policy } = stored;
  return completePolicy(policy);
}

export interface BalancePersonRow {
  id: string;
  name: string;
  departmentId: string | null;
  managerId: string | null;
  nationality: string;
  startDate: string | null;
  endDate: string | null;
  /** Their own working week as JSON, or null for the organization's. */
  workingWeek: string | null;
}

const PERSON_COLUMNS = `id, first_name || ' ' || last_name AS name, department_id AS departmentId,
  manager_id AS managerId, json ->> '$.nationality' AS nationality, json ->> '$.startDate' AS startDate, end_date AS endDate,
  json -> '$.workingWeek' AS workingWeek`;

export function balancePerson(db: CacheDb, userId: string): BalancePersonRow | undefined {
  return prepared(db, `SELECT ${PERSON_COLUMNS} FROM users WHERE id = ?`).get(userId) as BalancePersonRow | undefined;
}

/** People employed on `today`, by name, narrowed by department and a search on the name. */
export function balancePeople(
  db: CacheDb,
  q: { departmentId?: string; search?: string },
  today: string,
): BalancePersonRow[] {
  const where = new Conditions()
    .and('json IS NOT NULL')
    .and("status IS NOT 'LEFT' AND (end_date IS NULL OR end_date >= ?)", today)
    .equal('department_id', q.departmentId);
  if (q.search?.trim()) where.and("(first_name || ' ' || last_name) LIKE ? ESCAPE '\\'", containing(q.search.trim()));
  return prepared(db, `SELECT ${PERSON_COLUMNS} FROM users WHERE ${where.sql} ORDER BY last_name, first_name, id`).all(
    ...where.params,
  ) as BalancePersonRow[];
}

interface LeaveRow {
  id: string;
  userId: string;
  type: LeaveType;
  status: LeaveStatus;
  startDate: string;
  endDate: string;
  startPart: StartPart | null;
  endPart: EndPart | null;
  days: number;
}

const LEAVE_SQL = `SELECT id, user_id AS userId, type, status, start_date AS startDate, end_date AS endDate,
  start_part AS startPart, end_part AS endPart, days
  FROM leave WHERE json IS NOT NULL AND status IN ('APPROVED', 'PENDING')`;

/** A person's approved and pending leave as the user sees it (requests made offline included). */
export function personLeave(db: CacheDb, userId: string): BalanceLeave[] {
  return prepared(db, `${LEAVE_SQL} AND user_id = ?`).all(userId) as LeaveRow[];
}

export function personAllocations(db: CacheDb, userId: string): BalanceAllocation[] {
  return prepared(
    db,
    "SELECT type, year, json ->> '$.days' AS days FROM allocations WHERE json IS NOT NULL AND user_id = ?",
  ).all(userId) as BalanceAllocation[];
}

/**
 * Every approved and pending request of some types the cache holds in full that a balance of a leave
 * year can count (starting by the year's last day: later ones never count in it nor carry into it),
 * and every adjustment, by person.
 */
export function everyonesInputs(
  db: CacheDb,
  types: readonly LeaveType[],
  yearEnd: string,
): {
  leave: Map<string, BalanceLeave[]>;
  allocations: Map<string, BalanceAllocation[]>;
} {
  const leave = new Map<string, BalanceLeave[]>();
  // Rows as arrays (no keyed object per row from the driver): tens of thousands of them, read at every
  // call; no id, which a balance does not read. Most of the table: read through, not looked up by
  // the status index a row at a time.
  const ofTypes = prepared(
    db,
    `SELECT user_id, type, status, start_date, end_date, start_part, end_part, days FROM leave NOT INDEXED
     WHERE json IS NOT NULL AND status IN ('APPROVED', 'PENDING') AND start_date <= ?
       AND type IN (SELECT value FROM json_each(?))`,
  ).raw(true);
  for (const [userId, type, status, startDate, endDate, startPart, endPart, days] of ofTypes.all(
    dateToDateTime(yearEnd),
    JSON.stringify(types),
  ) as [string, LeaveType, LeaveStatus, string, string, BalanceLeave['startPart'], BalanceLeave['endPart'], number][]) {
    const row: BalanceLeave = { id: '', type, status, startDate, endDate, startPart, endPart, days };
    const list = leave.get(userId);
    if (list) list.push(row);
    else leave.set(userId, [row]);
  }
  const allocations = new Map<string, BalanceAllocation[]>();
  const rows = prepared(
    db,
    "SELECT user_id AS userId, type, year, json ->> '$.days' AS days FROM allocations WHERE json IS NOT NULL",
  ).all() as (BalanceAllocation & { userId: string })[];
  for (const row of rows) {
    const list = allocations.get(row.userId);
    if (list) list.push(row);
    else allocations.set(row.userId, [row]);
  }
  return { leave, allocations };
}

/** A person's adjustments of a year, oldest first, with who made them and whether they wait to be sent. */
export function ledgerAdjustments(db: CacheDb, userId: string, year: number) {
  const rows = prepared(
    db,
    `SELECT a.json, a.base IS NULL OR a.base != '' AS waiting, u.first_name || ' ' || u.last_name AS createdByName
     FROM allocations a LEFT JOIN users u ON u.id = a.json ->> '$.createdBy'
     WHERE a.json IS NOT NULL AND a.user_id = ? AND a.year = ? ORDER BY a.created_at, a.id`,
  ).all(userId, year) as { json: string; waiting: number; createdByName: string | null }[];
  return rows.map((r) => ({
    ...(JSON.parse(r.json) as Allocation),
    createdByName: r.createdByName,
    waiting: r.waiting === 1,
  }));
}

/**
 * For the floor's quick bound: the working days of a person's other approved and pending requests of
 * a type touching a leave year (in full; how many run over its ends), and the year's adjustments of
 * that type.
 */
export function yearTotalsOf(
  db: CacheDb,
  userId: string,
  type: LeaveType,
  year: number,
  range: { startDate: string; endDate: string },
  exceptId: string,
): { others: { days: number; crossing: number }; adjustments: number } {
  const row = prepared(
    db,
    `SELECT COALESCE(SUM(days), 0) AS days, COUNT(*) FILTER (WHERE start_date < :from OR end_date > :until) AS crossing,
       (SELECT COALESCE(SUM(json ->> '$.days'), 0) FROM allocations
        WHERE json IS NOT NULL AND user_id = :userId AND type = :type AND year = :year) AS adjustments
     FROM leave
     WHERE json IS NOT NULL AND user_id = :userId AND type = :type AND status IN ('PENDING', 'APPROVED')
       AND start_date <= :until AND end_date >= :from AND end_date <= :lastEnd AND id != :exceptId`,
  ).get({ userId, type, year, exceptId, ...yearTotalsWindow(range) }) as {
    days: number;
    crossing: number;
    adjustments: number;
  };
  return { others: { days: row.days, crossing: row.crossing }, adjustments: row.adjustments };
}
