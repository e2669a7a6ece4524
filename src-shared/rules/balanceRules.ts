import { addDays, dateOnly } from '../calendar/dates';
import { allocationFieldsSchema, type LeavePolicy, type LeaveTypePolicy } from '../wire/balances';
import { leaveTypeSchema, type LeaveType } from '../wire/enums';
import { defineMessage } from '@formatjs/intl';
import { issue, refuseIn, type FieldIssue } from './fieldIssue';

const M = {
  floor: defineMessage<{ left: string; unit: 'one' | 'other'; type: LeaveType; floor: string }>({
    id: 'rules.balance.floor',
    defaultMessage:
      'This leaves {left} {unit, select, one {day} other {days}} of {type, select, ANNUAL {annual leave} SICK {sick leave} UNPAID {unpaid leave} MATERNITY {maternity leave} PATERNITY {paternity leave} BEREAVEMENT {bereavement leave} other {leave}}; the most allowed is {floor}',
  }),
  noDays: defineMessage({ id: 'rules.balance.noDays', defaultMessage: 'Enter the days to grant or deduct' }),
  halfDays: defineMessage({
    id: 'rules.balance.halfDays',
    defaultMessage: 'Enter the days in whole or half days, such as 2.5',
  }),
};

// The rules of leave allowances that need no holiday tables: the policy's defaults, the leave year,
// an adjustment's days, and the floor's words. The balances themselves are holidays/leaveBalances.ts.

/** Annual leave counts against 25 days; the other types are recorded, not counted. */
const DEFAULT_TYPES: readonly LeaveTypePolicy[] = leaveTypeSchema.options.map((type) => ({
  type,
  counted: type === 'ANNUAL',
  allowanceDays: type === 'ANNUAL' ? 25 : 0,
}));

/** An organization's policy before an admin changes it. */
export const DEFAULT_LEAVE_POLICY: LeavePolicy = {
  yearStartMonth: 1,
  carryOverDays: 5,
  carryOverUntilMonth: 3,
  floorDays: 0,
  managersMayAdjust: false,
  types: [...DEFAULT_TYPES],
  workingWeek: [1, 2, 3, 4, 5],
  allowanceProRataByWeek: true,
  middayAt: '13:00',
  blockedPeriods: [],
  updatedAt: null,
  version: 0,
};

type LaterFields = 'workingWeek' | 'allowanceProRataByWeek' | 'middayAt' | 'blockedPeriods';

/**
 * A policy with one entry for every type, in the enum's order (types a stored policy lacks take the
 * defaults), and the defaults of fields a policy stored before them (or another service) lacks.
 */
export function completePolicy(
  policy: Omit<LeavePolicy, 'types' | LaterFields> &
    Partial<Pick<LeavePolicy, LaterFields>> & { types: readonly LeaveTypePolicy[] },
): LeavePolicy {
  const byType = new Map(policy.types.map((t) => [t.type, t]));
  return {
    ...policy,
    workingWeek: policy.workingWeek ?? DEFAULT_LEAVE_POLICY.workingWeek,
    allowanceProRataByWeek: policy.allowanceProRataByWeek ?? true,
    middayAt: policy.middayAt ?? DEFAULT_LEAVE_POLICY.middayAt,
    blockedPeriods: policy.blockedPeriods ?? [],
    types: DEFAULT_TYPES.map((d) => byType.get(d.type) ?? d),
  };
}

export const typePolicy = (policy: LeavePolicy, type: LeaveType): LeaveTypePolicy =>
  policy.types.find((t) => t.type === type) ?? DEFAULT_TYPES.find((t) => t.type === type)!;

const pad = (n: number) => String(n).padStart(2, '0');

/** The leave year a date falls in, named by the calendar year it starts in. */
export function leaveYearOf(date: string, policy: Pick<LeavePolicy, 'yearStartMonth'>): number {
  const d = dateOnly(date);
  const year = Number(d.slice(0, 4));
  return Number(d.slice(5, 7)) >= policy.yearStartMonth ? year : year - 1;
}

const ranges = new Map<string, { startDate: string; endDate: string }>();

/** The first and last day of a leave year (asked for again and again by balances: kept once made). */
export function leaveYearRange(
  year: number,
  policy: Pick<LeavePolicy, 'yearStartMonth'>,
): { startDate: string; endDate: string } {
  const key = `${year}-${policy.yearStartMonth}`;
  let range = ranges.get(key);
  if (!range) {
    const startDate = `${year}-${pad(policy.yearStartMonth)}-01`;
    range = { startDate, endDate: addDays(`${year + 1}-${pad(policy.yearStartMonth)}-01`, -1) };
    ranges.set(key, range);
  }
  return range;
}

/** The last day days carried into a leave year may be used: the end of the policy's month of that year. */
const untils = new Map<string, string>();

export function carryOverUntil(
  year: number,
  policy: Pick<LeavePolicy, 'yearStartMonth' | 'carryOverUntilMonth'>,
): string {
  const key = `${year}-${policy.yearStartMonth}-${policy.carryOverUntilMonth}`;
  let until = untils.get(key);
  if (!until) {
    const monthIndex = policy.yearStartMonth - 1 + policy.carryOverUntilMonth; // months from January of `year`
    const y = year + Math.floor(monthIndex / 12);
    const m = (monthIndex % 12) + 1;
    until = addDays(`${y}-${pad(m)}-01`, -1);
    untils.set(key, until);
  }
  return until;
}

/** Days as people write them: "3", "2.5", "−3" (a true minus sign). */
export function formatDays(days: number): string {
  const rounded = Math.round(days * 100) / 100;
  const text = String(Math.abs(rounded));
  return rounded < 0 ? `−${text}` : text;
}

/** The floor refusal: what a request or approval would leave of a counted type, and the lowest allowed. */
export function floorIssue(left: number, policy: Pick<LeavePolicy, 'floorDays'>, type: LeaveType): FieldIssue | null {
  if (left >= -policy.floorDays - 1e-9) return null;
  return issue('endDate', M.floor, {
    left: formatDays(left),
    unit: Math.abs(left) === 1 ? 'one' : 'other',
    type,
    floor: formatDays(-policy.floorDays),
  });
}

/** An adjustment: days in halves, never zero, with a reason. */
export const allocationCreateSchema = allocationFieldsSchema.superRefine((a, ctx) => {
  if (a.days === 0) refuseIn(ctx, issue('days', M.noDays));
  else if (!Number.isInteger(a.days * 2)) refuseIn(ctx, issue('days', M.halfDays));
});
