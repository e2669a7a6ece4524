import type { Leave, LeaveCreate, LeaveDecision, LeaveStatus, LeaveType, List } from '../wire';
import type { LeaveQuery, PageQuery } from './common';
import type { RefreshRules } from './refreshRules';

/** Leave requests and decisions. */
export interface LeaveCalls {
  'leave.mine': { args: LeaveQuery; result: List<Leave> };
  /** Working days of my approved and pending leave starting in a year, by type. */
  'leave.totals': { args: { year: number }; result: { type: LeaveType; status: LeaveStatus; days: number }[] };
  'leave.team': { args: LeaveQuery; result: List<Leave> };
  'leave.pendingApprovals': { args: PageQuery; result: List<Leave> };
  'leave.upcoming': { args: PageQuery; result: List<Leave> };
  'leave.get': { args: { id: string }; result: Leave | null };
  'leave.create': { args: LeaveCreate; result: Leave };
  'leave.update': { args: { id: string; changes: LeaveCreate }; result: Leave };
  'leave.delete': { args: { id: string }; result: null };
  'leave.setStatus': { args: { id: string; status: LeaveDecision; comment?: string | null }; result: Leave };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const leaveReads = {
  'leave.mine': ['leave'],
  'leave.totals': ['leave'],
  'leave.team': ['leave', 'users'],
  'leave.pendingApprovals': ['leave', 'users'],
  'leave.upcoming': ['leave'],
  'leave.get': ['leave'],
} as const satisfies RefreshRules<LeaveCalls>;
