import { completePolicy, DEFAULT_LEAVE_POLICY } from '@shared/rules/balanceRules';
import { yearTotalsWindow, type BalanceAllocation, type BalanceLeave } from '@shared/holidays/leaveBalances';
import {
  endPartSchema,
  leaveStatusSchema,
  leaveTypeSchema,
  startPartSchema,
  type Allocation,
  type BlockedPeriodFields,
  type LeavePolicy,
  type LeaveTypePolicy,
  type List,
  type PersonWeek,
} from '@shared/wire';
import { readWeek } from '../users/userStore';
import type { ListScope } from '../access/scope';
import { inScopeOf } from '../access/scopeStore';
import { Conditions, readPage } from '../db/engine/pages';
import type { TenantDb } from '../db/tenantDb';

// The leave policy, the allowance adjustments, and what a person's balance is computed from.

interface PolicyRow {
  year_start_month: number;
  carry_over_days: number;
  carry_over_until_month: number;
  floor_days: number;
  managers_may_adjust: number;
  types: string;
  working_week: string;
  allowance_pro_rata_by_week: number;
  midday_at: string;
  blocked_periods: string;
  updated_at: string;
  version: number;
}

/** The organization's policy: the defaults until an admin changes it. */
export async function readPolicy(tenant: TenantDb): Promise<LeavePolicy> {
  const row = await tenant.get<PolicyRow>(
    `SELECT year_start_month, carry_over_days, carry_over_until_month, floor_days, managers_may_adjust, types,
       working_week, allowance_pro_rata_by_week, midday_at, blocked_periods, updated_at, version
     FROM leave_policies WHERE organization_id = :org`,
  );
  if (!row) return DEFAULT_LEAVE_POLICY;
  return completePolicy({
    yearStartMonth: row.year_start_month,
    carryOverDays: row.carry_over_days,
    carryOverUntilMonth: row.carry_over_until_month,
    floorDays: row.floor_days,
    managersMayAdjust: row.managers_may_adjust === 1,
    // Written by writePolicy from a checked policy: read back as it was written.
    types: JSON.parse(row.types) as LeaveTypePolicy[],
    workingWeek: JSON.parse(row.working_week) as number[],
    allowanceProRataByWeek: row.allowance_pro_rata_by_week === 1,
    middayAt: row.midday_at,
    blockedPeriods: JSON.parse(row.blocked_periods) as BlockedPeriodFields[],
    updatedAt: row.updated_at,
    version: row.version,
  });
}

export async function writePolicy(tenant: TenantDb, policy: LeavePolicy & { updatedAt: string }): Promise<void> {
  await tenant.run(
    `INSERT INTO leave_policies (organization_id, year_start_month, carry_over_days, carry_over_until_month,
       floor_days, managers_may_adjust, types, working_week, allowance_pro_rata_by_week, midday_at, blocked_periods,
       updated_at, version)
     VALUES (:org, :yearStartMonth, :carryOverDays, :carryOverUntilMonth, :floorDays, :managersMayAdjust, :types,
       :workingWeek, :allowanceProRataByWeek, :middayAt, :blockedPeriods, :updatedAt, :version)
     ON CONFLICT (organization_id) DO UPDATE SET year_start_month = excluded.year_start_month,
       carry_over_days = excluded.carry_over_days, carry_over_until_month = excluded.carry_over_until_month,
       floor_days = excluded.floor_days, managers_may_adjust = excluded.managers_may_adjust, types = excluded.types,
       working_week = excluded.working_week, allowance_pro_rata_by_week = excluded.allowance_pro_rata_by_week,
       midday_at = excluded.midday_at, blocked_periods = excluded.blocked_periods,
       updated_at = excluded.updated_at, version = excluded.version`,
    {
      ...policy,
      managersMayAdjust: policy.managersMayAdjust ? 1 : 0,
      types: JSON.stringify(policy.types),
      workingWeek: JSON.stringify(policy.workingWeek),
      allowanceProRataByWeek: policy.allowanceProRataByWeek ? 1 : 0,
      blockedPeriods: JSON.stringify(policy.blockedPeriods),
    },
  );
}

interface AllocationRow {
  id: string;
  user_id: string;
  type: string;
  year: number;
  days: number;
  reason: string;
  created_by: string;
  created_at: string;
}

const ALLOCATION_COLUMNS = 'id, user_id, type, year, days, reason, created_by, created_at';

function toAllocation(row: AllocationRow): Allocation {
  return {
    id: row.id,
    userId: row.user_id,
    type: leaveTypeSchema.parse(row.type),
    year: row.year,
    days: row.days,
    reason: row.reason,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.created_at,
    version: 1,
  };
}

/** A page of adjustments, oldest first: one person's or those of a scope, of one leave year. */
export async function allocationPage(
  tenant: TenantDb,
  filter: { userId?: string; scope?: ListScope; year?: number },
  paging: { page: number; pageSize: number },
): Promise<List<Allocation>> {
  const where = new Conditions().equal('user_id', 'userId', filter.userId);
  inScopeOf(where, filter.scope).equal('year', 'year', filter.year);
  return readPage<AllocationRow, Allocation>(
    tenant,
    { select: ALLOCATION_COLUMNS, table: 'leave_allocations', orderBy: 'created_at ASC', ...where.clause() },
    paging,
    toAllocation,
  );
}

export async function findAllocation(tenant: TenantDb, id: string): Promise<Allocation | undefined> {
  const row = await tenant.get<AllocationRow>(
    `SELECT ${ALLOCATION_COLUMNS} FROM leave_allocations WHERE organization_id = :org AND id = :id`,
    { id },
  );
  return row && toAllocation(row);
}

export async function insertAllocation(tenant: TenantDb, a: Allocation): Promise<void> {
  await tenant.run(
    `INSERT INTO leave_allocations (id, organization_id, user_id, type, year, days, reason, created_by, created_at)
     VALUES (:id, :org, :userId, :type, :year, :days, :reason, :createdBy, :createdAt)`,
    a,
  );
}

/**
 * What a person's balances are computed from: their start date, approved and pending leave, and
 * adjustments. With `years`, only what can count in them: leave starting by their end, and of that,
 * pending leave only where it reaches into them (approved leave of earlier years carries over).
 */
export async function balanceInputs(
  tenant: TenantDb,
  userId: string,
  years?: { startDate: string; endDate: string },
): Promise<{
  startDate: string | null;
  workingWeek: PersonWeek | null;
  leave: BalanceLeave[];
  allocations: BalanceAllocation[];
}> {
  const person = await tenant.get<{ start_date: string | null; working_week: string | null }>(
    'SELECT start_date, working_week FROM users WHERE organization_id = :org AND id = :userId',
    { userId },
  );
  const within = years ? "AND start_date <= :until AND (status = 'APPROVED' OR end_date >= :from)" : '';
  const leave = (
    await tenant.all<{
      id: string;
      type: string;
      status: string;
      startDate: string;
      endDate: string;
      startPart: string;
      endPart: string;
      days: number;
    }>(
      `SELECT id, type, status, start_date AS startDate, end_date AS endDate, start_part AS startPart,
         end_part AS endPart, days FROM leave_requests
       WHERE organization_id = :org AND user_id = :userId AND status IN ('PENDING', 'APPROVED') ${within}`,
      {
        userId,
        ...(years ? { from: `${years.startDate}T00:00:00.000Z`, until: `${years.endDate}T00:00:00.000Z` } : {}),
      },
    )
  ).map((l) => ({
    ...l,
    type: leaveTypeSchema.parse(l.type),
    status: leaveStatusSchema.parse(l.status),
    startPart: startPartSchema.parse(l.startPart),
    endPart: endPartSchema.parse(l.endPart),
  }));
  const allocations = (
    await tenant.all<{ type: string; year: number; days: number }>(
      'SELECT type, year, days FROM leave_allocations WHERE organization_id = :org AND user_id = :userId',
      { userId },
    )
  ).map((a) => ({ ...a, type: leaveTypeSchema.parse(a.type) }));
  return {
    startDate: person?.start_date ?? null,
    workingWeek: readWeek(person?.working_week ?? null),
    leave,
    allocations,
  };
}

/**
 * For the floor's quick bound: the working days of a person's other approved and pending requests of
 * a type touching a leave year (in full; how many run over its ends), and the year's adjustments of
 * that type.
 */
export async function yearTotalsOf(
  tenant: TenantDb,
  userId: string,
  type: string,
  year: number,
  range: { startDate: string; endDate: string },
  exceptId: string,
): Promise<{ others: { days: number; crossing: number }; adjustments: number }> {
  const row = (await tenant.get<{ days: number; crossing: number; adjustments: number }>(
    `SELECT COALESCE(SUM(days), 0) AS days,
       COUNT(*) FILTER (WHERE start_date < :from OR end_date > :until) AS crossing,
       (SELECT COALESCE(SUM(days), 0) FROM leave_allocations
        WHERE organization_id = :org AND user_id = :userId AND type = :type AND year = :year) AS adjustments
     FROM leave_requests
     WHERE organization_id = :org AND user_id = :userId AND type = :type AND status IN ('PENDING', 'APPROVED')
       AND start_date <= :until AND end_date >= :from AND end_date <= :lastEnd AND id != :exceptId`,
    {
      userId,
      type,
      year,
      exceptId,
      ...yearTotalsWindow(range),
    },
  ))!;
  return { others: { days: row.days, crossing: row.crossing }, adjustments: row.adjustments };
}
