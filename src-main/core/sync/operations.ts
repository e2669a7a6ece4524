import type {
  Answer,
  Distribute,
  FormCreate,
  FormUpdate,
  LeaveCreate,
  LeaveDecision,
  TrainingCreate,
  TrainingPatch,
  TrainingUpdate,
} from '../../../src-shared/wire';
import type { OperationKind } from '../../../src-shared/appApi';
import type { EntityName } from '../cache/entities';

/** What each kind of queued change carries. */
export interface Payloads {
  'leave.create': LeaveCreate;
  'leave.update': LeaveCreate;
  'leave.delete': Record<string, never>;
  'leave.decide': { status: LeaveDecision; comment?: string | null };
  'training.create': TrainingCreate;
  'training.update': TrainingUpdate;
  'training.patch': TrainingPatch;
  'training.delete': Record<string, never>;
  'form.submit': { answers: Answer[] };
  'form.create': FormCreate;
  'form.update': FormUpdate;
  'form.delete': Record<string, never>;
  'form.distribute': Distribute;
  'notification.read': Record<string, never>;
  'notification.readAll': Record<string, never>;
}

export const ENTITY_OF = {
  'leave.create': 'leave',
  'leave.update': 'leave',
  'leave.delete': 'leave',
  'leave.decide': 'leave',
  'training.create': 'trainings',
  'training.update': 'trainings',
  'training.patch': 'trainings',
  'training.delete': 'trainings',
  'form.submit': 'assigned_forms',
  'form.create': 'forms',
  'form.update': 'forms',
  'form.delete': 'forms',
  'form.distribute': 'forms',
  'notification.read': 'notifications',
  'notification.readAll': 'notifications',
} as const satisfies { [K in OperationKind]: EntityName };

/** The record a kind of change is made to. */
export type EntityOf<K extends OperationKind> = (typeof ENTITY_OF)[K];

/** Changes to a record the service has, sent with If-Match on the version they started from. */
export const CHECKS_VERSION: ReadonlySet<OperationKind> = new Set<OperationKind>([
  'leave.update',
  'leave.delete',
  'leave.decide',
  'training.update',
  'training.patch',
  'training.delete',
  'form.update',
  'form.delete',
]);

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

/** A queued change, as the outbox holds it. */
export interface Operation<K extends OperationKind = OperationKind> {
  seq: number;
  opId: string;
  kind: K;
  entity: EntityName;
  entityId: string | null;
  payload: Payloads[K];
  /** The version the user changed, sent as If-Match. */
  baseVersion: number | null;
  state: OperationState;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  conflict: ConflictInfo | null;
  createdAt: string;
}

/** Records created here carry a local id until the service gives them theirs. */
export const LOCAL_ID_PREFIX = 'local-';
export const isLocalId = (id: string | null) => !!id && id.startsWith(LOCAL_ID_PREFIX);
