import type { Notification } from '../../../../src-shared/wire';
import { readEffective } from '../../cache/entities';
import { enqueue } from '../../sync/outbox';
import { AppFailure } from '../appError';
import { localChange, requireAccount, type BackendContext } from '../openAccount';
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
      localChange(ctx, ['notifications'], (account) => {
        const n = readEffective(account.db, 'notifications', id);
        if (!n) throw new AppFailure('NOT_FOUND', 'This notification no longer exists');
        if (n.read) return;
        enqueue(
          account.db,
          { kind: 'notification.read', entityId: id, payload: {}, at: ctx.now().toISOString() },
          account.actor,
        );
      });
      return null;
    },

    'notifications.markAllRead': async () => {
      localChange(ctx, ['notifications'], (account) => {
        enqueue(
          account.db,
          { kind: 'notification.readAll', entityId: null, payload: {}, at: ctx.now().toISOString() },
          account.actor,
        );
      });
      return null;
    },
  };
}
