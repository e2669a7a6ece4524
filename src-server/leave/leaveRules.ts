import { dateOnly, dateToDateTime } from '@shared/calendar/dates';
import { countWorkingDays } from '@shared/holidays/workingDays';
import { LEAVE_TYPE_NAMES } from '@shared/rules/leaveTypeNames';
import { leaveDateIssues } from '@shared/holidays/leaveDays';
import { overlapIssue, type LeaveDatesInput } from '@shared/rules';
import type { LeaveType } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';
import { conflict, invalid } from '../http/problem';
import { overlappingLeave } from './leaveStore';
import { floorIssueOfAsync, type BalanceLeave } from '@shared/holidays/leaveBalances';
import { balanceInputs, readPolicy, yearTotalsOf } from './balanceStore';

export interface LeaveDates {
  startDate: string;
  endDate: string;
}

/**
 * The request's dates checked by the rulebook for its owner, then as stored: whole days, the date as
 * written, midnight UTC; with the working days they cost.
 */
export function checkedLeaveDates(body: LeaveDatesInput, nationality: string): LeaveDates & { days: number } {
  const issues = leaveDateIssues(body, nationality);
  if (issues.length) throw invalid(issues);
  const startDate = dateToDateTime(dateOnly(body.startDate));
  const endDate = dateToDateTime(dateOnly(body.endDate));
  return { startDate, endDate, days: countWorkingDays(startDate, endDate, nationality) };
}

/** 409 when the owner already has PENDING or APPROVED leave on any of these dates. */
export async function assertNoOverlap(
  tenant: TenantDb,
  userId: string,
  dates: LeaveDates,
  exceptId: string | null,
): Promise<void> {
  const clash = await overlappingLeave(tenant, userId, dates, exceptId);
  if (clash) {
    const issue = overlapIssue(clash);
    throw conflict(issue.message, [issue]);
  }
}

/** "Annual leave, 2026-03-02 to 2026-03-06 (5 working days)" */
export function describeLeave(type: LeaveType, dates: LeaveDates, days: number): string {
  const start = dates.startDate.slice(0, 10);
  const end = dates.endDate.slice(0, 10);
  const span = start === end ? start : `${start} to ${end}`;
  return `${LEAVE_TYPE_NAMES[type]}, ${span} (${days} working day${days === 1 ? '' : 's'})`;
}

/** 409 when a request as it would stand takes its type below the policy's floor (the shared rule). */
export async function assertWithinFloor(
  tenant: TenantDb,
  owner: { id: string; nationality: string; startDate: string | null },
  request: BalanceLeave,
  today: string,
): Promise<void> {
  const issue = await floorIssueOfAsync(request, owner, await readPolicy(tenant), today, {
    totals: (year, range) => yearTotalsOf(tenant, owner.id, request.type, year, range, request.id),
    inputs: (years) => balanceInputs(tenant, owner.id, years),
  });
  if (issue) throw conflict(issue.message, [issue]);
}
