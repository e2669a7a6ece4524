import type { Allocation, AllocationCreate, Balances, LeaveBalance, LeavePolicy, LeavePolicyUpdate } from '../wire';
import type { RefreshRules } from './refreshRules';

/** One adjustment as the ledger shows it: who made it, and whether it still waits to reach the service. */
export interface LedgerAdjustment extends Allocation {
  createdByName: string | null;
  waiting: boolean;
}

/** A person's balances in a leave year, with what stands behind them. */
export interface BalanceSheet extends Balances {
  /** The person's name and first day of employment. */
  name: string;
  personStartDate: string | null;
  adjustmentList: LedgerAdjustment[];
  /** Approved and pending counted requests of the year, each with its working days in it. */
  requests: {
    id: string;
    type: LeaveBalance['type'];
    status: 'APPROVED' | 'PENDING';
    startDate: string;
    endDate: string;
    days: number;
    /** Approved on a working week other than the person's now: it keeps the days it was approved with. */
    countedOnEarlierWeek: boolean;
  }[];
  /** The share of a whole allowance the person's working week is worth (1 on the organization's week). */
  weekShare: number;
  /** Their working week in words, when it is their own. */
  ownWeek: string | null;
  /** The policy they were computed with. */
  policy: LeavePolicy;
}

/** A counted type's figures for one person, in a list of many. */
export interface ListedBalance {
  userId: string;
  name: string;
  departmentId: string | null;
  startDate: string | null;
  balances: Pick<
    LeaveBalance,
    'type' | 'allowance' | 'carriedOver' | 'adjustments' | 'taken' | 'booked' | 'pending' | 'remaining'
  >[];
}

/** Leave allowances, adjustments and the policy: computed from the cache, changed offline. */
export interface BalanceCalls {
  /** A person's balances (default: me; the current leave year), or null when they are not in my scope. */
  'leave.balances': { args: { userId?: string; year?: number }; result: BalanceSheet | null };
  /** Everyone in my scope, their counted types' figures for a year (the admin's Balances page). */
  'leave.balanceList': {
    args: { year?: number; search?: string; departmentId?: string };
    result: { year: number; startDate: string; endDate: string; people: ListedBalance[] };
  };
  'leave.policy': { args: Record<string, never>; result: LeavePolicy & { waiting: boolean } };
  'leave.setPolicy': { args: LeavePolicyUpdate; result: LeavePolicy };
  'leave.adjust': { args: AllocationCreate; result: Allocation };
}

export const balanceReads = {
  'leave.balances': ['balances', 'leave', 'users'],
  'leave.balanceList': ['balances', 'leave', 'users'],
  'leave.policy': ['balances'],
} as const satisfies RefreshRules<BalanceCalls>;
