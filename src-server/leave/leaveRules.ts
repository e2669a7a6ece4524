import { dateToDateTime } from '@shared/calendar/dates';
import { countLeaveDays, weekOf, type WorkingWeek } from '@shared/holidays/workingDays';
import { leaveDateIssues, spanOf } from '@shared/holidays/leaveDays';
import { findOverlap, overlapIssue, type LeaveSpanInput } from '@shared/rules';
import type { EndPart, LeaveType, StartPart } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';
import { conflict, invalid, issueDetail } from '../http/problem';
import { leaveOnDates, pendingOf, updateLeave } from './leaveStore';
import { findPerson, type PersonRecord } from '../users/userStore';
import { blockedIssueOf } from '@shared/rules';
import type { LeavePolicy } from '@shared/wire';
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
export function checkedLeaveDates(
  body: LeaveSpanInput,
  owner: { nationality: string; week: WorkingWeek },
): Required<LeaveDates> & { days: number } {
  const issues = leaveDateIssues(body, owner.nationality, owner.week);
  if (issues.length) throw invalid(issues);
  const span = spanOf(body);
  return {
    startDate: dateToDateTime(span.start),
    endDate: dateToDateTime(span.end),
    startPart: span.startPart,
    endPart: span.endPart,
    days: countLeaveDays(span, owner.nationality, owner.week),
  };
}

/** Whom a request is counted for: their nationality's holidays and their working week. */
export async function countingFor(
  tenant: TenantDb,
  person: Pick<PersonRecord, 'nationality' | 'workingWeek'>,
): Promise<{ nationality: string; week: WorkingWeek; policy: LeavePolicy }> {
  const policy = await readPolicy(tenant);
  return { nationality: person.nationality, week: weekOf(person, policy), policy };
}

/**
 * The pending requests of a person whose working week changed, counted again on it (an approved
 * request keeps the days it was approved with).
 */
export async function recountPending(tenant: TenantDb, userId: string, now: string): Promise<void> {
  const person = (await findPerson(tenant, userId))!;
  const { nationality, week } = await countingFor(tenant, person);
  for (const leave of await pendingOf(tenant, userId)) {
    const days = countLeaveDays(spanOf(leave), nationality, week);
    if (days !== leave.days) await updateLeave(tenant, { ...leave, days, updatedAt: now, version: leave.version + 1 });
  }
}

/** 400 in the policy's words when a request touches a blocked period of its type. */
export function assertNotBlocked(body: LeaveSpanInput & { type: LeaveType }, policy: LeavePolicy): void {
  const issue = blockedIssueOf(body, body.type, policy);
  if (issue) throw invalid([issue]);
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
    throw conflict(issueDetail(issue), [issue]);
  }
}

/** 409 when a request as it would stand takes its type below the policy's floor (the shared rule). */
export async function assertWithinFloor(
  tenant: TenantDb,
  owner: Pick<PersonRecord, 'id' | 'nationality' | 'startDate' | 'endDate' | 'workingWeek'>,
  request: BalanceLeave,
  today: string,
  /** The policy already read for the request, when it was. */
  known?: LeavePolicy,
): Promise<void> {
  const policy = known ?? (await readPolicy(tenant));
  const person = { ...owner, week: weekOf(owner, policy) };
  const issue = await floorIssueOfAsync(request, person, policy, today, {
    totals: (year, range) => yearTotalsOf(tenant, owner.id, request.type, year, range, request.id),
    inputs: (years) => balanceInputs(tenant, owner.id, years),
  });
  if (issue) throw conflict(issueDetail(issue), [issue]);
}
