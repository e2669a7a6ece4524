import { defineMessages } from '@formatjs/intl';
import type { WorkingWeek } from '@shared/holidays/workingDays';
import type { EntityName, EntityRecords } from '../cache/entities';

export type OperationState = 'pending' | 'inflight' | 'conflict';

export interface ConflictInfo {
  status: number;
  message: string;
  /** The service's record as it is now; null when it has none (404) or it could not be read. */
  theirs: unknown;
  /** The record as this computer knew it when the service refused the change. */
  known?: unknown;
  /** The fields the service named, each with its sentence (`answers.<questionId>`). */
  issues?: { path: string; message: string }[];
}

/** Records created here carry a local id until the service gives them theirs. */
export const LOCAL_ID_PREFIX = 'local-';
export const isLocalId = (id: string | null) => !!id && id.startsWith(LOCAL_ID_PREFIX);

/** Who is changing things here: the signed-in person. */
export interface Actor {
  userId: string;
  nationality: string;
  /** The week their leave is counted on: their own, or the organization's. */
  week: WorkingWeek;
}

/** A message of the catalogs, said in the page's language where it is shown. */
export interface KindWords {
  id: string;
  defaultMessage: string;
}

/**
 * What the user did, as a conflict's outcome says it after a colon ("…: your decision could not be
 * applied"): each language writes it as it stands there.
 */
export const WHAT_I_DID = defineMessages({
  change: { id: 'core.change.did.change', defaultMessage: 'your change' },
  changeOfStatus: { id: 'core.change.did.changeOfStatus', defaultMessage: 'your change of status' },
  decision: { id: 'core.change.did.decision', defaultMessage: 'your decision' },
  adjustment: { id: 'core.change.did.adjustment', defaultMessage: 'your adjustment' },
  it: { id: 'core.change.did.it', defaultMessage: 'it' },
  making: { id: 'core.change.did.making', defaultMessage: 'making it' },
  addingIt: { id: 'core.change.did.addingIt', defaultMessage: 'adding it' },
  addingThem: { id: 'core.change.did.addingThem', defaultMessage: 'adding them' },
  invitingAgain: { id: 'core.change.did.invitingAgain', defaultMessage: 'inviting them again' },
  theImport: { id: 'core.change.did.theImport', defaultMessage: 'the import' },
  renaming: { id: 'core.change.did.renaming', defaultMessage: 'renaming it' },
  sending: { id: 'core.change.did.sending', defaultMessage: 'sending it' },
  withdrawing: { id: 'core.change.did.withdrawing', defaultMessage: 'withdrawing it' },
  revoking: { id: 'core.change.did.revoking', defaultMessage: 'revoking it' },
  deleting: { id: 'core.change.did.deleting', defaultMessage: 'deleting it' },
});

/** A queued change carrying a payload of type P, as the outbox holds it. */
export interface QueuedChange<P = unknown> {
  seq: number;
  opId: string;
  kind: string;
  entity: EntityName;
  entityId: string | null;
  payload: P;
  /** The version the user changed, sent as If-Match. */
  baseVersion: number | null;
  state: OperationState;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  conflict: ConflictInfo | null;
  createdAt: string;
}

/** What the service's answer does here once it took a change. */
export type Accepted =
  /** Its answer is the record: the base here, under the service's id if the record was made here. */
  | 'record'
  /** The record is gone. */
  | 'gone'
  /**
   * Its answer is no record: the entity's descriptor (`settle`) says what the service's copy here
   * becomes (every unread notification up to the change's time read, the form sent to me answered).
   */
  | 'settled'
  /** Nothing to keep (the record is unchanged by it). */
  | 'nothing';

/**
 * Everything one kind of queued change means, in one place: the record it is made to, how it looks
 * here before the service has it, the request that carries it, what the service's answer does, how
 * it folds with changes not yet sent, and how a refusal is put in words. Each domain keeps the
 * descriptors of its kinds; sync/changeKinds.ts lists them.
 */
export interface ChangeKind<P, E extends EntityName> {
  entity: E;
  /** Its name where a refused change is shown ("Leave decision"). */
  name: KindWords;
  /** How the change is shown here before the service has it; replayed over what a pull brings. */
  apply(record: EntityRecords[E] | null, change: QueuedChange<P>, actor: Actor): EntityRecords[E] | null;
  /** The request that carries it (the path under the service's root; `id` already encoded). */
  request(
    change: QueuedChange<P>,
    id: string,
  ): { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; json?: unknown };
  /** Sent with If-Match on the version it started from. */
  checksVersion: boolean;
  accepted: Accepted;
  /** Its part in folding with changes not yet sent: a create, an update merged into it, a delete. */
  role?: 'create' | 'update' | 'delete';
  /** Kinds of change it makes unnecessary when queued ("read all" over single reads). */
  replaces?: readonly string[];
  /** Its order matters only within its own record: it may be in flight beside others. */
  orderFree?: boolean;
  /** In a conflict: what the user did, in words (`WHAT_I_DID`). */
  whatIDid: KindWords;
  /** A refused one the user may change and send again. */
  editable: boolean;
}

/** A descriptor, typed by its payload and record (the identity, for inference). */
export const changeKind = <P, E extends EntityName>(kind: ChangeKind<P, E>): ChangeKind<P, E> => kind;
