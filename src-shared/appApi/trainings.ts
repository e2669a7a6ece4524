import type { List, ReferenceItem, Training, TrainingCreate, TrainingPatch, TrainingUpdate } from '../wire';
import type { ListedTraining, TrainingQuery } from './common';
import type { RefreshRules } from './refreshRules';

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
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const trainingsReads = {
  'trainings.list': ['trainings', 'users'],
  'trainings.get': ['trainings'],
  'trainings.references': ['references'],
} as const satisfies RefreshRules<TrainingsCalls>;
