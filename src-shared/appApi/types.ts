import type {
  AssignedForm,
  Calendar,
  Distribute,
  Form,
  FormAnalytics,
  FormCreate,
  FormResponse,
  FormUpdate,
  Leave,
  LeaveCreate,
  LeaveDecision,
  LeaveStatus,
  List,
  Notification,
  ReferenceItem,
  Role,
  SortOrder,
  Answer,
  Training,
  TrainingCreate,
  TrainingPatch,
  TrainingSortField,
  TrainingStatus,
  TrainingUpdate,
  User,
} from '../wire';

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
  /** The service refused the stored sign-in (revoked or expired): changes wait in the outbox. */
  needsSignIn: boolean;
  phase: SyncPhase;
  progress: { done: number; total: number } | null;
  lastSyncedAt: string | null;
  pending: number;
  conflicts: number;
  lastError: string | null;
}

import type { ExpiryState } from '../records/trainingExpiry';
export type { ExpiryState };

export interface TrainingQuery {
  search?: string;
  status?: TrainingStatus;
  expiry?: ExpiryState;
  userId?: string;
  sortBy?: TrainingSortField;
  sortOrder?: SortOrder;
  page?: number;
  pageSize?: number;
}

export interface PageQuery {
  page?: number;
  pageSize?: number;
}

export interface LeaveQuery extends PageQuery {
  status?: LeaveStatus;
  userId?: string;
}

/** A change the service refused, with both sides kept. */
export interface Conflict {
  id: string;
  kind: OperationKind;
  entityId: string | null;
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

export type ConflictResolution =
  { action: 'retry'; payload?: unknown } | { action: 'keepTheirs' } | { action: 'discard' };

export interface CalendarQuery {
  startDate: string;
  endDate: string;
  departmentId?: string;
  /** People a page (all when absent): a large organization is read a page of people at a time. */
  page?: number;
  pageSize?: number;
}

/** The calendar of one page of people, and how many people there are in all. */
export type CalendarPage = Calendar & { people: { page: number; pageSize: number; total: number; totalPages: number } };

/** Every call of the app API: argument and answer types, whatever the transport. */
export interface AppInfo {
  /** The embedded demo service, when this host started one: the sign-in screen offers it. */
  demoServiceUrl: string | null;
  version: string;
}

export interface AppCalls {
  'app.info': { args: undefined; result: AppInfo };
  'session.accounts': { args: undefined; result: AccountSummary[] };
  'session.current': { args: undefined; result: AccountSummary | null };
  'session.signIn': { args: { serviceUrl: string; email: string; password: string }; result: AccountSummary };
  'session.open': { args: { accountId: string }; result: AccountSummary };
  'session.signOut': { args: { deleteLocalData: boolean }; result: null };

  'sync.status': { args: undefined; result: SyncStatus };
  'sync.now': { args: undefined; result: SyncStatus };
  'conflicts.list': { args: undefined; result: Conflict[] };
  'conflicts.resolve': { args: { id: string; resolution: ConflictResolution }; result: null };

  'users.list': { args: PageQuery & { search?: string; departmentId?: string }; result: List<User> };
  'users.me': { args: undefined; result: User | null };
  'departments.list': { args: undefined; result: ReferenceItem[] };

  'trainings.list': { args: TrainingQuery; result: List<Training> };
  'trainings.get': { args: { id: string }; result: Training | null };
  'trainings.references': {
    args: undefined;
    result: { categories: ReferenceItem[]; providers: ReferenceItem[]; types: ReferenceItem[] };
  };
  'trainings.create': { args: TrainingCreate; result: Training };
  'trainings.update': { args: { id: string; changes: TrainingUpdate }; result: Training };
  'trainings.setStatus': { args: { id: string } & TrainingPatch; result: Training };
  'trainings.delete': { args: { id: string }; result: null };

  'leave.mine': { args: LeaveQuery; result: List<Leave> };
  'leave.team': { args: LeaveQuery; result: List<Leave> };
  'leave.pendingApprovals': { args: PageQuery; result: List<Leave> };
  'leave.upcoming': { args: PageQuery; result: List<Leave> };
  'leave.get': { args: { id: string }; result: Leave | null };
  'leave.create': { args: LeaveCreate; result: Leave };
  'leave.update': { args: { id: string; changes: LeaveCreate }; result: Leave };
  'leave.delete': { args: { id: string }; result: null };
  'leave.setStatus': { args: { id: string; status: LeaveDecision }; result: Leave };
  'calendar.range': { args: CalendarQuery; result: CalendarPage };

  'notifications.list': {
    args: PageQuery & { unreadOnly?: boolean };
    result: List<Notification> & { unreadCount: number };
  };
  'notifications.markRead': { args: { id: string }; result: null };
  'notifications.markAllRead': { args: undefined; result: null };

  'forms.assigned': { args: undefined; result: AssignedForm[] };
  'forms.submit': { args: { formId: string; answers: Answer[] }; result: null };
  'forms.list': { args: PageQuery & { status?: Form['status']; search?: string }; result: List<Form> };
  'forms.get': { args: { id: string }; result: Form | null };
  'forms.create': { args: FormCreate; result: Form };
  'forms.update': { args: { id: string; changes: FormUpdate }; result: Form };
  'forms.delete': { args: { id: string }; result: null };
  'forms.distribute': { args: { id: string } & Distribute; result: null };
  'forms.responses': { args: { id: string } & PageQuery; result: List<FormResponse> };
  'forms.analytics': { args: { id: string }; result: FormAnalytics | null };
}

export type AppCallName = keyof AppCalls;
export type AppArgs<K extends AppCallName> = AppCalls[K]['args'];
export type AppResult<K extends AppCallName> = AppCalls[K]['result'];

/** Events the backend sends: views refresh on `changed`, the frame follows `sync`. */
export interface AppEvents {
  'sync.status': SyncStatus;
  changed: { collections: Collection[] };
  session: AccountSummary | null;
  /** From the desktop shell: the user clicked an OS notification; null when it stood for several. */
  'notification.open': { notification: Notification | null };
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
  | 'responses'
  | 'references'
  | 'outbox';

/** The backend as every transport sees it. */
export type AppHandlers = { [K in AppCallName]: (args: AppArgs<K>) => Promise<AppResult<K>> };
