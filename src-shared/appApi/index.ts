// The one app API: calls and events the renderer uses, whatever carries them (IPC, WebSocket, direct).
export * from './common';
export * from './calls';
export * from './refreshRules';
export * from './bridgeProtocol';
export * from './views';
export type { SessionCalls } from './session';
export type { SyncCalls } from './sync';
export type { UsersCalls } from './users';
export type { TrainingsCalls } from './trainings';
export type { LeaveCalls, LeaveContext, LeavePreview } from './leave';
export type { CalendarCalls } from './calendar';
export type { NotificationsCalls, NotificationTarget } from './notifications';
export type { AnalyticsFilter, AnswerMap, FormInsights, FormsCalls, ListedForm, MyForm, MyFormState } from './forms';
export { SMALLEST_ANONYMOUS_GROUP } from './forms';
