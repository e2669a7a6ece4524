import type { PageQuery } from '@shared/appApi';
import type { List, Notification } from '@shared/wire';
import { cachePage, Conditions } from '../cache/cachePage';
import type { CacheDb } from '../cache/openCache';
import { prepared } from '../cache/statements';

// The app's notifications as its cache holds them (the rows themselves are written through the
// cache's entity helpers, as a sync or a queued change leaves them).

/** The narrowing the list may ask for: unread only, one type. */
export interface NotificationFilter {
  unreadOnly?: boolean;
  type?: Notification['type'];
}

/** A page of the notifications, latest first. */
export function notificationsPage(db: CacheDb, q: NotificationFilter & PageQuery): List<Notification> {
  const where = new Conditions('json IS NOT NULL');
  if (q.unreadOnly) where.and('read = 0');
  where.equal('type', q.type);
  return cachePage<Notification>(db, {
    from: `FROM notifications WHERE ${where.sql}`,
    params: where.params,
    orderBy: 'created_at DESC, id DESC',
    page: q.page,
    pageSize: q.pageSize,
  });
}

export function unreadCount(db: CacheDb): number {
  return (
    prepared(db, 'SELECT COUNT(*) AS n FROM notifications WHERE json IS NOT NULL AND read = 0').get() as { n: number }
  ).n;
}
