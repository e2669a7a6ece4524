import { randomUUID } from 'node:crypto';
import type { Collection } from '@shared/appApi';
import { currentId, readBase, readEffective, type EntityRecords } from '../cache/entities';
import { enqueue } from '../sync/outboxStore';
import { kindOf, LOCAL_ID_PREFIX, type EntityOf, type OperationKind, type Payloads } from '../sync/operations';
import { localChange, type BackendContext, type OpenAccount } from './openAccount';

export interface Change<K extends OperationKind> {
  kind: K;
  /**
   * The record as the caller knows it (a local id the service has since renamed still finds it);
   * 'new' makes one; null: every record of its kind ("mark all read").
   */
  id: string | 'new' | null;
  payload: Payloads[K];
  /** What must hold of the cached record before anything is queued (the rulebook, who may): throws an AppFailure. */
  guard?: (account: OpenAccount, id: string) => void;
}

/**
 * The write recipe's tail, inside a transaction already open: the guard, the version the change
 * starts from, the queued change (shown at once), and the record as the user now sees it.
 */
export function queueIn<K extends OperationKind>(
  account: OpenAccount,
  change: Change<K>,
  at: string,
): EntityRecords[EntityOf<K>] | null {
  const { db } = account;
  const kind = kindOf(change.kind);
  const entity: EntityOf<K> = kind.entity;
  if (change.id === null) {
    enqueue(db, { kind: change.kind, entityId: null, payload: change.payload, at }, account.actor);
    return null;
  }
  const id = change.id === 'new' ? `${LOCAL_ID_PREFIX}${randomUUID()}` : currentId(db, change.id);
  change.guard?.(account, id);
  const baseVersion = kind.checksVersion ? (readBase(db, entity, id)?.version ?? null) : null;
  enqueue(db, { kind: change.kind, entityId: id, payload: change.payload, baseVersion, at }, account.actor);
  return readEffective(db, entity, id);
}

/**
 * The one way a handler changes data: input already checked against the contract, then in one
 * transaction the guard, the local change and its outbox entry, then the views told and a sync
 * soon. Answers the record as the user now sees it (null once deleted).
 */
export function queueChange<K extends OperationKind>(
  ctx: BackendContext,
  collections: Collection[],
  change: Change<K>,
): EntityRecords[EntityOf<K>] | null {
  return localChange(ctx, collections, (account) => queueIn(account, change, ctx.now().toISOString()));
}
