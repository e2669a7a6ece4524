import type {
  List,
  ReferenceItem,
  SortOrder,
  Training,
  TrainingCreate,
  TrainingOutcome,
  TrainingPatch,
  TrainingSortField,
  TrainingStatus,
  TrainingUpdate,
} from '../wire';
import type { TrainingRecord } from '../records/trainingRecord';
import type { RefreshRules } from './refreshRules';
import type { ExpiringGroup, ExpiryState } from '../records/trainingExpiry';

export type { ExpiryState };

export type { TrainingRecord };

/** Training records. */
export interface TrainingsCalls {
  'trainings.list': { args: TrainingQuery; result: List<ListedTraining> };
  'trainings.get': { args: { id: string }; result: Training | null };
  'trainings.references': {
    args: undefined;
    result: { categories: ReferenceItem[]; providers: ReferenceItem[]; types: ReferenceItem[] };
  };
  'trainings.create': { args: TrainingCreate; result: Training };
  'trainings.update': { args: { id: string; changes: TrainingUpdate }; result: Training };
  'trainings.setStatus': { args: { id: string } & TrainingPatch; result: Training };
  'trainings.delete': { args: { id: string }; result: null };
  /** A person's training record: their trainings, this year's totals, their certificates by expiry. */
  'trainings.record': { args: { userId: string }; result: TrainingRecord | null };
  /**
   * What expires within 90 days and what has lapsed, by department, from the cache (so offline too):
   * every row, or the first of each list (`shown`) but the departments asked `whole`.
   */
  'trainings.expiring': {
    args: ExpiringQuery | undefined;
    result: { groups: ShownExpiringGroup[]; expiring: number; lapsed: number };
  };
}

export interface ExpiringQuery {
  /** Rows of each list to send (every row when absent); the counts are always of every row. */
  shown?: number;
  /** Departments (null: the people in none) whose lists are sent whole. */
  whole?: (string | null)[];
}

/** A department's lists as sent: perhaps only their first rows, with the count of each. */
export interface ShownExpiringGroup extends ExpiringGroup {
  expiringCount: number;
  lapsedCount: number;
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const trainingsReads = {
  'trainings.list': ['trainings', 'users'],
  'trainings.get': ['trainings'],
  'trainings.references': ['references'],
  'trainings.expiring': ['trainings', 'users'],
  'trainings.record': ['trainings', 'users'],
} as const satisfies RefreshRules<TrainingsCalls>;

export interface TrainingQuery {
  search?: string;
  status?: TrainingStatus;
  outcome?: TrainingOutcome;
  expiry?: ExpiryState;
  userId?: string;
  departmentId?: string;
  typeId?: string;
  categoryId?: string;
  providerId?: string;
  /** The service's sort fields, and the person's name (the app knows everyone's). */
  sortBy?: TrainingSortField | 'person';
  sortOrder?: SortOrder;
  page?: number;
  pageSize?: number;
}

/** A training as lists show it: with whose it is. */
export type ListedTraining = Training & { person: { name: string; department: string | null } | null };
