import type { List, Notification } from '../wire';
import type { PageQuery } from './common';
import type { RefreshRules } from './refreshRules';

/** Notifications. */
export interface NotificationsCalls {
  'notifications.list': {
    args: PageQuery & { unreadOnly?: boolean };
    result: List<Notification> & { unreadCount: number };
  };
  'notifications.markRead': { args: { id: string }; result: null };
  'notifications.markAllRead': { args: undefined; result: null };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const notificationsReads = {
  'notifications.list': ['notifications'],
} as const satisfies RefreshRules<NotificationsCalls>;
