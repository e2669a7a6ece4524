import type { Notification } from '@shared/wire';
import { changeKind } from '../sync/changeKind';

// The queued changes of notifications: one read, or all of them.

export const notificationChanges = {
  'notification.read': changeKind<Record<string, never>, 'notifications'>({
    entity: 'notifications',
    name: 'Notification read',
    apply: (r, op) => r && (r.read ? r : { ...r, read: true, readAt: op.createdAt }),
    request: (_op, id) => ({ method: 'PUT', path: `api/notifications/${id}/read` }),
    checksVersion: false,
    accepted: 'record',
    orderFree: true,
    whatIDid: 'It',
    editable: false,
  }),
  'notification.readAll': changeKind<Record<string, never>, 'notifications'>({
    entity: 'notifications',
    name: 'All notifications read',
    apply: (r, op) =>
      r && !r.read && r.createdAt <= op.createdAt
        ? ({ ...r, read: true, readAt: op.createdAt } satisfies Notification)
        : r,
    request: () => ({ method: 'PUT', path: 'api/notifications/read-all' }),
    checksVersion: false,
    accepted: 'settled',
    replaces: ['notification.read'],
    whatIDid: 'It',
    editable: false,
  }),
};
