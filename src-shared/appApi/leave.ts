import type {
  EndPart,
  Holiday,
  Leave,
  LeaveCreate,
  LeaveDecision,
  LeaveStatus,
  LeaveType,
  List,
  StartPart,
} from '../wire';
import type { RefreshRules } from './refreshRules';
import type { PageQuery } from './common';

export interface LeaveContext {
  /** Colleagues of the requester's department away on any of the request's days (approved or pending). */
  alsoAway: { name: string; startDate: string; endDate: string; status: LeaveStatus }[];
  /** For each working day of the request, how many of the department are away then (the requester not counted). */
  perDay: { date: string; away: number }[];
  /** The requester's approved and pending working days in the request's year, by type. */
  year: { type: LeaveType; days: number }[];
  /** What the requester has left of the request's type before and after it (a counted type, in scope). */
  balance: { before: number; after: number; refused: boolean } | null;
}

/** A request being typed, beside what is known: refused when `overlap` is set. */
export interface LeavePreview extends Omit<LeaveContext, 'year' | 'balance'> {
  /** The rulebook's words for the caller's own leave these dates overlap. */
  overlap: string | null;
  /** The policy's blocked period these dates touch, in its words (for the type asked). */
  blocked: string | null;
  /** What the request would cost: its working days for the caller's nationality… */
  workingDays: number;
  /** …and the public holidays among its dates, which do not count. */
  holidays: Holiday[];
  /**
   * For a counted type: what is left of it in the request's leave year before and after it, the
   * floor's refusal if it goes too far, and carried days that lapse before its dates.
   */
  balance: {
    year: number;
    before: number;
    after: number;
    refusal: string | null;
    expiring: { days: number; until: string } | null;
  } | null;
}

/** Leave requests and decisions. */
export interface LeaveCalls {
  'leave.mine': { args: LeaveQuery; result: List<Leave> };
  /** Working days of my approved and pending leave starting in a year, by type. */
  'leave.totals': { args: { year: number }; result: { type: LeaveType; status: LeaveStatus; days: number }[] };
  'leave.team': { args: LeaveQuery; result: List<Leave> };
  /** What a reviewer weighs beside a request: who else in its department is away, and its owner's year. */
  'leave.context': { args: { id: string }; result: LeaveContext | null };
  /** For each of some requests, what its owner has left of its type before and after it (counted types in scope). */
  'leave.balanceAround': {
    args: { ids: string[] };
    /** `refused`: approving it now would be refused for its balance. */
    result: Record<string, { before: number; after: number; refused: boolean }>;
  };
  /** For each of some requests, its department colleagues away on any of its days (names, in date order). */
  'leave.alsoAway': { args: { ids: string[] }; result: Record<string, string[]> };
  /** What a request for these dates would meet: the caller's own leave it overlaps, and who is away then. */
  'leave.preview': {
    args: {
      startDate: string;
      endDate: string;
      startPart?: StartPart;
      endPart?: EndPart;
      exceptId?: string;
      type?: LeaveType;
    };
    result: LeavePreview | null;
  };
  /** All of them: the view windows its list itself. */
  'leave.pendingApprovals': {
    args: Pick<LeaveQuery, 'userId' | 'departmentId' | 'type'>;
    result: List<Leave>;
  };
  'leave.upcoming': { args: PageQuery; result: List<Leave> };
  'leave.get': { args: { id: string }; result: Leave | null };
  'leave.create': { args: LeaveCreate; result: Leave };
  'leave.update': { args: { id: string; changes: LeaveCreate }; result: Leave };
  'leave.delete': { args: { id: string }; result: null };
  'leave.setStatus': { args: { id: string; status: LeaveDecision; comment?: string | null }; result: Leave };
  /** The same decision on several requests at once, each its own change; those refused say why. */
  'leave.decideMany': {
    args: { ids: string[]; status: LeaveDecision; comment?: string | null };
    result: { decided: string[]; refused: { id: string; message: string }[] };
  };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const leaveReads = {
  'leave.mine': ['leave'],
  'leave.totals': ['leave'],
  'leave.team': ['leave', 'users'],
  'leave.context': ['leave', 'users', 'balances'],
  'leave.preview': ['leave', 'users', 'calendar', 'balances'],
  'leave.alsoAway': ['leave', 'users', 'calendar'],
  'leave.balanceAround': ['leave', 'users', 'balances'],
  'leave.pendingApprovals': ['leave', 'users'],
  'leave.upcoming': ['leave'],
  'leave.get': ['leave'],
} as const satisfies RefreshRules<LeaveCalls>;

export interface LeaveQuery extends PageQuery {
  status?: LeaveStatus;
  userId?: string;
  /** Approved and rejected only (a history of decisions). */
  decided?: boolean;
  /** Latest dates first. */
  newestFirst?: boolean;
  /** Leave starting in this year. */
  year?: number;
  /** People of this department. */
  departmentId?: string;
  type?: LeaveType;
}
