// The one app API: calls and events the renderer uses, whatever carries them (IPC, WebSocket, direct).
export * from './common';
export * from './calls';
export * from './refreshRules';
export * from './bridgeProtocol';
export * from './views';
export type { SessionCalls } from './session';
export type { Conflict, ConflictChoice, ConflictResolution, SyncCalls } from './sync';
export type {
  ChartPerson,
  DepartmentSummary,
  Employment,
  ImportCheck,
  PersonLink,
  PersonPage,
  UsersCalls,
} from './users';
export type { ExpiryState, ListedTraining, TrainingQuery, TrainingRecord, TrainingsCalls } from './trainings';
export type { LeaveCalls, LeaveContext, LeavePreview, LeaveQuery } from './leave';
export type { BalanceCalls, BalanceSheet, LedgerAdjustment, ListedBalance } from './balances';
export type { CalendarCalls, CalendarPage, CalendarQuery, ChartData, ChartLeave, ShownFeed } from './calendar';
export type { NotificationsCalls, NotificationTarget } from './notifications';
export type { AnalyticsFilter, AnswerMap, FormInsights, FormsCalls, ListedForm, MyForm, MyFormState } from './forms';
export { SMALLEST_ANONYMOUS_GROUP } from './forms';
