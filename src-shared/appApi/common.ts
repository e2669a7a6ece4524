import type { Locale } from '../i18n/locales';
import type { Notification, Role } from '../wire';
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
  /** The service's event stream is open: a change made elsewhere arrives within a second. */
  live: boolean;
  /** "Work offline" is on: nothing is sent or fetched until it is turned off. */
  workingOffline: boolean;
  /** The service refused the stored sign-in (revoked or expired): changes wait in the outbox. */
  needsSignIn: boolean;
  /** The account was closed after its last working day, in the service's words; its changes can no longer be sent. */
  accountClosed: string | null;
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

export interface PageQuery {
  page?: number;
  pageSize?: number;
}

export interface AppInfo {
  /** The embedded demo service, when this host started one: the sign-in screen offers it. */
  demoServiceUrl: string | null;
  version: string;
  /** "Work offline" is on (signing in needs it off). */
  workingOffline: boolean;
  /** The local copies are encrypted with a key this computer keeps (false: for this session only). */
  protectedAtRest: boolean;
  /** The language the app is read in, as the page last said (the desktop menus follow it). */
  language: Locale;
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
  /** The page is read in another language now: the desktop menus follow. */
  language: { locale: Locale };
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
  | 'balances'
  | 'outbox';
