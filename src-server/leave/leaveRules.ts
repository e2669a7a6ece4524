import { dateToDateTime } from '@shared/calendar/dates';
import { countLeaveDays } from '@shared/holidays/workingDays';
import { LEAVE_TYPE_NAMES } from '@shared/rules/leaveTypeNames';
import { leaveDateIssues, spanOf } from '@shared/holidays/leaveDays';
import { findOverlap, overlapIssue, spanWords, type LeaveSpanInput } from '@shared/rules';
import type { EndPart, LeaveType, StartPart } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';
import { conflict, invalid } from '../http/problem';
import { leaveOnDates } from './leaveStore';
import { floorIssueOfAsync, type BalanceLeave } from '@shared/holidays/leaveBalances';
import { balanceInputs, readPolicy, yearTotalsOf } from './balanceStore';

export interface LeaveDates {
  startDate: string;
  endDate: string;
  startPart?: StartPart;
  endPart?: EndPart;
}

/**
 * The request's dates checked by the rulebook for its owner, then as stored: the date as written,
 * midnight UTC, and where its first and last days start and end; with the working days they cost.
 */
export function checkedLeaveDates(body: LeaveSpanInput, nationality: string): Required<LeaveDates> & { days: number } {
  const issues = leaveDateIssues(body, nationality);
  if (issues.length) throw invalid(issues);
  const span = spanOf(body);
  return {
    startDate: dateToDateTime(span.start),
    endDate: dateToDateTime(span.end),
    startPart: span.startPart,
    endPart: span.endPart,
    days: countLeaveDays(span, nationality),
  };
}

/** 409 when the owner already has PENDING or APPROVED leave on any half of these days. */
export async function assertNoOverlap(
  tenant: TenantDb,
  userId: string,
  dates: LeaveDates,
  exceptId: string | null,
): Promise<void> {
  const clash = findOverlap(dates, await leaveOnDates(tenant, userId, dates, exceptId));
  if (clash) {
    const issue = overlapIssue(clash);
    throw conflict(issue.message, [issue]);
  }
}

/** "Annual leave, 2026-03-02 to 2026-03-06 (5 working days)", "Annual leave, 2026-03-06 afternoon (0.5 working days)" */
export function describeLeave(type: LeaveType, dates: LeaveDates, days: number): string {
  return `${LEAVE_TYPE_NAMES[type]}, ${spanWords(dates)} (${days} working day${days === 1 ? '' : 's'})`;
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
