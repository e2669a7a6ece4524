import type { SyncStatus } from './common';
import type { RefreshRules } from './refreshRules';

/** Sync status, and the conflicts the service refused. */
export interface SyncCalls {
  'sync.status': { args: undefined; result: SyncStatus };
  'sync.now': { args: undefined; result: SyncStatus };
  /** Turns "Work offline" on or off (off syncs at once); the status when an account is open. */
  'sync.workOffline': { args: { on: boolean }; result: SyncStatus | null };
  'conflicts.list': { args: undefined; result: Conflict[] };
  'conflicts.resolve': { args: { id: string; resolution: ConflictResolution }; result: null };
  /** The ids of records with a change not sent yet: the "Waiting to sync" marks. */
  'sync.waiting': { args: undefined; result: string[] };
  /** Every change not sent yet, in words (what a closed account loses when it signs out). */
  'sync.unsent': { args: undefined; result: string[] };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const syncReads = {
  'sync.status': [],
  'conflicts.list': ['outbox'],
  'sync.waiting': ['outbox'],
  'sync.unsent': ['outbox'],
} as const satisfies RefreshRules<SyncCalls>;

/** A change the service refused, with both sides kept. */
export interface Conflict {
  id: string;
  /** The kind of change (`leave.decide`, …) and its name for people ("Leave decision"). */
  kind: string;
  kindName: string;
  entityId: string | null;
  /** The record in words: whose leave and which dates, which training or form. */
  subject: string;
  /** What the service did with the change, in a sentence. */
  outcome: string;
  /** The ways out that can work for this conflict. */
  choices: ConflictChoice[];
  /** What the user asked for. */
  mine: unknown;
  /** The service's record as it is now, when there is one. */
  theirs: unknown;
  status: number;
  message: string;
  createdAt: string;
}

export type ConflictChoice = 'retry' | 'edit' | 'keepTheirs' | 'discard';

export type ConflictResolution =
  { action: 'retry'; payload?: unknown } | { action: 'keepTheirs' } | { action: 'discard' };
