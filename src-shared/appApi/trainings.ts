import type { List, ReferenceItem, Training, TrainingCreate, TrainingPatch, TrainingUpdate } from '../wire';
import type { ExpiringGroup } from '../records/trainingExpiry';
import type { TrainingRecord } from '../records/trainingRecord';
import type { ListedTraining, TrainingQuery } from './common';
import type { RefreshRules } from './refreshRules';

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
  /** What expires within 90 days and what has lapsed, by department, from the cache (so offline too). */
  'trainings.expiring': { args: undefined; result: { groups: ExpiringGroup[]; expiring: number; lapsed: number } };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const trainingsReads = {
  'trainings.list': ['trainings', 'users'],
  'trainings.get': ['trainings'],
  'trainings.references': ['references'],
  'trainings.expiring': ['trainings', 'users'],
  'trainings.record': ['trainings', 'users'],
} as const satisfies RefreshRules<TrainingsCalls>;
