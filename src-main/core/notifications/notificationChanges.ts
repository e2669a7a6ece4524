import { defineMessage } from '@formatjs/intl';
import type { Notification } from '@shared/wire';
import { changeKind, WHAT_I_DID } from '../sync/changeKind';

// The queued changes of notifications: one read, or all of them.

export const notificationChanges = {
  'notification.read': changeKind<Record<string, never>, 'notifications'>({
    entity: 'notifications',
    name: defineMessage({ id: 'core.change.notification.read', defaultMessage: 'Notification read' }),
    apply: (r, op) => r && (r.read ? r : { ...r, read: true, readAt: op.createdAt }),
    request: (_op, id) => ({ method: 'PUT', path: `api/notifications/${id}/read` }),
    checksVersion: false,
    accepted: 'record',
    orderFree: true,
    whatIDid: WHAT_I_DID.it,
    editable: false,
  }),
  'notification.readAll': changeKind<Record<string, never>, 'notifications'>({
    entity: 'notifications',
    name: defineMessage({ id: 'core.change.notification.readAll', defaultMessage: 'All notifications read' }),
    apply: (r, op) =>
      r && !r.read && r.createdAt <= op.createdAt
        ? ({ ...r, read: true, readAt: op.createdAt } satisfies Notification)
        : r,
    request: () => ({ method: 'PUT', path: 'api/notifications/read-all' }),
    checksVersion: false,
    accepted: 'settled',
    replaces: ['notification.read'],
    whatIDid: WHAT_I_DID.it,
    editable: false,
  }),
};
