import type { EntityName } from '../cache/entities';
import type { ChangeKind, QueuedChange } from './changeKind';
import { CHANGE_KINDS } from './changeKinds';

export { isLocalId, LOCAL_ID_PREFIX, type ConflictInfo, type OperationState } from './changeKind';

/** Every kind of queued change (`leave.decide`, `training.update`, …): the registry's names. */
export type OperationKind = keyof typeof CHANGE_KINDS;

type PayloadOf<T> = T extends ChangeKind<infer P, EntityName> ? P : never;

/** What each kind of queued change carries. */
export type Payloads = { [K in OperationKind]: PayloadOf<(typeof CHANGE_KINDS)[K]> };

/** The record a kind of change is made to. */
export type EntityOf<K extends OperationKind> = (typeof CHANGE_KINDS)[K]['entity'];

/** A queued change of a kind, as the outbox holds it. */
export type Operation<K extends OperationKind = OperationKind> = QueuedChange<Payloads[K]> & { kind: K };

/** The descriptor of a kind: what it means, in one place. */
export const kindOf = <K extends OperationKind>(kind: K) =>
  CHANGE_KINDS[kind] as unknown as ChangeKind<Payloads[K], EntityOf<K>>;

export const isOperationKind = (kind: string): kind is OperationKind => Object.hasOwn(CHANGE_KINDS, kind);
