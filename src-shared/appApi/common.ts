import type {
  Calendar,
  LeaveStatus,
  LeaveType,
  Notification,
  Role,
  SortOrder,
  Training,
  TrainingOutcome,
  TrainingSortField,
  TrainingStatus,
} from '../wire';
import type { View } from './views';

/** An error as it crosses any transport: never a stack. */
export interface AppError {
  code: AppErrorCode;
  message: string;
  details?: unknown;
}
export type AppErrorCode =
  | 'INVALID_INPUT'
  | 'NOT_SIGNED_IN'
  | 'SIGN_IN_FAILED'
  | 'SIGN_IN_THROTTLED'
  | 'OFFLINE'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'SERVICE_ERROR'
  | 'STORAGE'
  | 'INTERNAL';

export interface AccountSummary {
  id: string;
  serviceUrl: string;
  email: string;
  name: string;
  organizationId: string;
  userId: string;
  roles: Role[];
  /** Whether a refresh token is kept, so the account opens without a password. */
  signedIn: boolean;
  lastSyncedAt: string | null;
}

export type SyncPhase = 'idle' | 'pushing' | 'pulling';

export interface SyncStatus {
  online: boolean;
  /** "Work offline" is on: nothing is sent or fetched until it is turned off. */
  workingOffline: boolean;
  /** The service refused the stored sign-in (revoked or expired): changes wait in the outbox. */
  needsSignIn: boolean;
  phase: SyncPhase;
  progress: { done: number; total: number } | null;
  lastSyncedAt: string | null;
  pending: number;
  conflicts: number;
  lastError: string | null;
  /** Why changes cannot be saved on this computer right now (a full disk, a read-only folder). */
  storageProblem: string | null;
  /** Something to tell the user once, in a sentence (the local copy was rebuilt after damage). */
  notice: string | null;
}

import type { ExpiryState } from '../records/trainingExpiry';
export type { ExpiryState };

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

export interface PageQuery {
  page?: number;
  pageSize?: number;
}

export interface LeaveQuery extends PageQuery {
  status?: LeaveStatus;
  userId?: string;
  /** Approved and rejected only (a history of decisions). */
  decided?: boolean;
  /** Latest dates first. */
  newestFirst?: boolean;
  /** Leave starting in this year. */
  year?: number;
  /** People of this department. */
  departmentId?: string;
  type?: LeaveType;
}

/** A change the service refused, with both sides kept. */
export interface Conflict {
  id: string;
  kind: OperationKind;
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

export type OperationKind =
  | 'leave.create'
  | 'leave.update'
  | 'leave.delete'
  | 'leave.decide'
  | 'training.create'
  | 'training.update'
  | 'training.patch'
  | 'training.delete'
  | 'form.submit'
  | 'form.create'
  | 'form.update'
  | 'form.delete'
  | 'form.distribute'
  | 'notification.read'
  | 'notification.readAll';

export type ConflictChoice = 'retry' | 'edit' | 'keepTheirs' | 'discard';

export type ConflictResolution =
  { action: 'retry'; payload?: unknown } | { action: 'keepTheirs' } | { action: 'discard' };

export interface CalendarQuery {
  startDate: string;
  endDate: string;
  departmentId?: string;
  /** Only the people the caller manages. */
  team?: boolean;
  /** Part of a person's name. */
  search?: string;
  /** Leave of these types only (all when absent); people without any stay shown. */
  types?: LeaveType[];
  status?: 'APPROVED' | 'PENDING';
  /** People a page (all when absent): a large organization is read a page of people at a time. */
  page?: number;
  pageSize?: number;
}

/** The calendar of one page of people, and how many people there are in all. */
export type CalendarPage = Calendar & {
  people: { page: number; pageSize: number; total: number; totalPages: number };
  /** Everyone the cache holds a calendar row for, before any filter: none means not synced yet. */
  known: number;
  /** The dates pulled for offline use (null before the first sync): outside them only holidays are known. */
  synced: { startDate: string; endDate: string } | null;
};

/** One leave on the wall chart: what the grid paints (the rest is read when it is opened). */
export interface ChartLeave {
  id: string;
  userId: string;
  /** `YYYY-MM-DD`, both included. */
  startDate: string;
  endDate: string;
  type: LeaveType;
  status: 'APPROVED' | 'PENDING';
  days: number;
}

/** The wall chart's data: each country's holidays once, leave as a flat list. */
export interface ChartData {
  range: { startDate: string; endDate: string };
  people: { id: string; firstName: string; lastName: string; departmentId: string | null; nationality: string }[];
  leave: ChartLeave[];
  holidays: Record<string, { date: string; name: string }[]>;
  known: number;
  synced: { startDate: string; endDate: string } | null;
}

export interface AppInfo {
  /** The embedded demo service, when this host started one: the sign-in screen offers it. */
  demoServiceUrl: string | null;
  version: string;
  /** "Work offline" is on (signing in needs it off). */
  workingOffline: boolean;
  /** The local copies are encrypted with a key this computer keeps (false: for this session only). */
  protectedAtRest: boolean;
}

/** Events the backend sends: views refresh on `changed`, the frame follows `sync`. */
export interface AppEvents {
  'sync.status': SyncStatus;
  changed: { collections: Collection[] };
  session: AccountSummary | null;
  /** From the desktop shell: the user clicked an OS notification; null when it stood for several. */
  'notification.open': { notification: Notification | null };
  /** From the desktop shell's menus: show this view. */
  'view.open': { view: View };
  /** From the desktop shell: the backend's own process, up, starting again after a crash, or given up. */
  'backend.status': { state: 'starting' | 'ready' | 'reconnecting' | 'failed' };
}
export type AppEventName = keyof AppEvents;

export type Collection =
  | 'users'
  | 'trainings'
  | 'leave'
  | 'calendar'
  | 'notifications'
  | 'forms'
  | 'assignedForms'
  | 'formDrafts'
  | 'responses'
  | 'references'
  | 'outbox';
