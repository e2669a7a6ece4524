import type { Notification } from '../../../../src-shared/wire';
import { readEffective } from '../../cache/entities';
import { AppFailure } from '../appError';
import { requireAccount, type BackendContext } from '../openAccount';
import { queueChange } from '../queueChange';
import { cachePage } from './cachePage';
import type { HandlerMap } from './handlerMap';
import type { NotificationsCalls } from '../../../../src-shared/appApi';

export function notificationHandlers(ctx: BackendContext): HandlerMap<NotificationsCalls> {
  return {
    'notifications.list': async ({ unreadOnly, page, pageSize }) => {
      const { db } = requireAccount(ctx);
      const list = cachePage<Notification>(db, {
        from: `FROM notifications WHERE json IS NOT NULL ${unreadOnly ? 'AND read = 0' : ''}`,
        params: [],
        orderBy: 'created_at DESC, id DESC',
        page,
        pageSize,
      });
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM notifications WHERE json IS NOT NULL AND read = 0').get() as {
        n: number;
      };
      return { ...list, unreadCount: n };
    },

    'notifications.markRead': async ({ id }) => {
      const { db } = requireAccount(ctx);
      const n = readEffective(db, 'notifications', id);
      if (!n) throw new AppFailure('NOT_FOUND', 'This notification no longer exists');
      if (n.read) return null;
      queueChange(ctx, ['notifications'], { kind: 'notification.read', id, payload: {} });
      return null;
    },

    'notifications.markAllRead': async () => {
      queueChange(ctx, ['notifications'], { kind: 'notification.readAll', id: null, payload: {} });
      return null;
    },
  };
}
