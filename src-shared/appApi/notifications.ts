import type { List, Notification, NotificationType } from '../wire';
import type { PageQuery } from './common';
import type { RefreshRules } from './refreshRules';

/** Notifications. */
export interface NotificationsCalls {
  'notifications.list': {
    args: PageQuery & { unreadOnly?: boolean; type?: NotificationType };
    result: List<Notification> & { unreadCount: number };
  };
  'notifications.markRead': { args: { id: string }; result: null };
  'notifications.markAllRead': { args: undefined; result: null };
  /** A notification clicked: it is read from now on, and this is where its record is, or what became of it. */
  'notifications.open': { args: { id: string }; result: NotificationTarget };
}

/** Where a notification leads: the view and record to show, words for a record that is gone, or nothing. */
export type NotificationTarget =
  { view: 'leave' | 'approvals' | 'forms' | 'trainings'; id: string } | { gone: string } | null;

/** What refreshes each read: the collections whose change makes its answer stale. */
export const notificationsReads = {
  'notifications.list': ['notifications'],
} as const satisfies RefreshRules<NotificationsCalls>;
