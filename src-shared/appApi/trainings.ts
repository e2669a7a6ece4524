import type { List, ReferenceItem, Training, TrainingCreate, TrainingPatch, TrainingUpdate } from '../wire';
import type { ExpiringGroup, ExpiryState } from '../records/trainingExpiry';
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

/** One person's trainings as a record: what they did, what it added up to this year, what lapses when. */
export interface TrainingRecord {
  person: { id: string; name: string; email: string; department: string | null };
  /** Newest first. */
  trainings: Training[];
  year: number;
  /** This year's (by start date), cancelled ones left out. */
  totals: { trainings: number; hours: number; structuredUnits: number; unstructuredUnits: number; cost: number };
  /** Certificates held (with an expiry date, not cancelled or failed), soonest to lapse first; lapsed ones last. */
  certificates: { trainingId: string; name: string; expiryDate: string; state: ExpiryState; daysLeft: number }[];
}
