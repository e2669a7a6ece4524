import { countWorkingDays } from '../../src-shared/calendar/workingDays';
import { dateOnly, dateToDateTime, daysBetween } from '../../src-shared/calendar/dates';
import type { LeaveCreate, LeaveType } from '../../src-shared/wire';
import type { TenantDb } from '../db/tenantDb';
import { badRequest, conflict } from '../http/problem';

/** The longest request or calendar range, in calendar days. */
export const MAX_RANGE_DAYS = 366;

export interface LeaveDates {
  startDate: string;
  endDate: string;
}

/** Leave is whole days: dates as the user wrote them, stored as midnight UTC, end included. */
export function normalizeLeaveDates(body: Pick<LeaveCreate, 'startDate' | 'endDate'>): LeaveDates {
  const start = dateOnly(body.startDate);
  const end = dateOnly(body.endDate);
  if (end < start) {
    throw badRequest('endDate must not be before startDate', [
      { path: 'endDate', message: 'endDate must not be before startDate' },
    ]);
  }
  if (daysBetween(start, end) + 1 > MAX_RANGE_DAYS) {
    throw badRequest(`A request may span at most ${MAX_RANGE_DAYS} days`, [
      { path: 'endDate', message: `At most ${MAX_RANGE_DAYS} days after startDate` },
    ]);
  }
  return { startDate: dateToDateTime(start), endDate: dateToDateTime(end) };
}

/** Working days of the request for its owner; a request with none is refused. */
export function leaveDays(dates: LeaveDates, nationality: string): number {
  const days = countWorkingDays(dates.startDate, dates.endDate, nationality);
  if (days === 0) {
    throw badRequest('The request covers no working days (only weekends or public holidays)', [
      { path: 'startDate', message: 'The dates cover no working days' },
    ]);
  }
  return days;
}

/** 409 when the owner already has PENDING or APPROVED leave on any of these dates. */
export function assertNoOverlap(tenant: TenantDb, userId: string, dates: LeaveDates, exceptId: string | null): void {
  const clash = tenant.get<{ id: string; start_date: string; end_date: string; status: string }>(
    `SELECT id, start_date, end_date, status FROM leave_requests INDEXED BY leave_org_user_end
     WHERE organization_id = :org AND user_id = :userId AND status IN ('PENDING', 'APPROVED')
       AND start_date <= :endDate AND end_date >= :startDate AND id != :exceptId
     LIMIT 1`,
    { userId, ...dates, exceptId: exceptId ?? '' },
  );
  if (clash) {
    throw conflict(
      `These dates overlap your ${clash.status.toLowerCase()} leave from ${clash.start_date.slice(0, 10)} to ${clash.end_date.slice(0, 10)}`,
    );
  }
}

const TYPE_NAMES: Record<LeaveType, string> = {
  ANNUAL: 'Annual leave',
  SICK: 'Sick leave',
  UNPAID: 'Unpaid leave',
  MATERNITY: 'Maternity leave',
  PATERNITY: 'Paternity leave',
  BEREAVEMENT: 'Bereavement leave',
  OTHER: 'Leave',
};

/** "Annual leave, 2026-03-02 to 2026-03-06 (5 working days)" */
export function describeLeave(type: LeaveType, dates: LeaveDates, days: number): string {
  const start = dates.startDate.slice(0, 10);
  const end = dates.endDate.slice(0, 10);
  const span = start === end ? start : `${start} to ${end}`;
  return `${TYPE_NAMES[type]}, ${span} (${days} working day${days === 1 ? '' : 's'})`;
}
