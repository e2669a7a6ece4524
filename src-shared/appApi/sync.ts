import type { Conflict, ConflictResolution, SyncStatus } from './common';
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
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const syncReads = {
  'sync.status': [],
  'conflicts.list': ['outbox'],
  'sync.waiting': ['outbox'],
} as const satisfies RefreshRules<SyncCalls>;
