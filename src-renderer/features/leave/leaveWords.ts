import { formatDays, spanWords, type LeaveSpanInput } from '@shared/rules';
import type { LeaveBalance, LeaveStatus, LeaveType } from '@shared/wire';

/**
 * What a counted type gives in its leave year: the allowance, the days carried over and every
 * adjustment. "Of" means this figure wherever a balance is shown, and the ledger sums it up.
 */
export const availableDays = (b: Pick<LeaveBalance, 'allowance' | 'carriedOver' | 'adjustments'>) =>
  b.allowance + b.carriedOver + b.adjustments;

/** "22 days left of 27": the one wording of a balance, on its card and in the team's table. */
export function leftOfWords(b: Pick<LeaveBalance, 'allowance' | 'carriedOver' | 'adjustments' | 'remaining'>): {
  left: string;
  rest: string;
} {
  const left = b.remaining ?? 0;
  return {
    left: formatDays(left),
    rest: `${Math.abs(left) === 1 ? 'day' : 'days'} left of ${formatDays(availableDays(b))}`,
  };
}

export const LEAVE_TYPES: { id: LeaveType; name: string }[] = [
  { id: 'ANNUAL', name: 'Annual' },
  { id: 'SICK', name: 'Sick' },
  { id: 'UNPAID', name: 'Unpaid' },
  { id: 'MATERNITY', name: 'Maternity' },
  { id: 'PATERNITY', name: 'Paternity' },
  { id: 'BEREAVEMENT', name: 'Bereavement' },
  { id: 'OTHER', name: 'Other' },
];
export const typeName = (t: LeaveType) => LEAVE_TYPES.find((x) => x.id === t)?.name ?? t;
export const STATUS_NAMES: Record<LeaveStatus, string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
/** A request's dates in words, its half days said (the rulebook's words, as the service's notifications say them). */
export const span = (dates: LeaveSpanInput) => spanWords(dates);
