// The app API: each domain declares its calls and what refreshes its reads; this joins them.
import { sessionReads, type SessionCalls } from './session';
import { syncReads, type SyncCalls } from './sync';
import { usersReads, type UsersCalls } from './users';
import { trainingsReads, type TrainingsCalls } from './trainings';
import { leaveReads, type LeaveCalls } from './leave';
import { balanceReads, type BalanceCalls } from './balances';
import { calendarReads, type CalendarCalls } from './calendar';
import { notificationsReads, type NotificationsCalls } from './notifications';
import { formsReads, type FormsCalls } from './forms';

/** Every call of the app API: argument and answer types, whatever the transport. */
export type AppCalls = SessionCalls &
  SyncCalls &
  UsersCalls &
  TrainingsCalls &
  LeaveCalls &
  BalanceCalls &
  CalendarCalls &
  NotificationsCalls &
  FormsCalls;
export type AppCallName = keyof AppCalls;
export type AppArgs<K extends AppCallName> = AppCalls[K]['args'];
export type AppResult<K extends AppCallName> = AppCalls[K]['result'];

/** Every read call, and the collections whose change refreshes it. */
export const REFRESH_RULES = {
  ...sessionReads,
  ...syncReads,
  ...usersReads,
  ...trainingsReads,
  ...leaveReads,
  ...balanceReads,
  ...calendarReads,
  ...notificationsReads,
  ...formsReads,
} as const;
export type ReadCallName = keyof typeof REFRESH_RULES;

/** The backend as every transport sees it. */
export type AppHandlers = { [K in AppCallName]: (args: AppArgs<K>) => Promise<AppResult<K>> };
