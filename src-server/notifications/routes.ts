import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notificationListQuerySchema, type NotificationList } from '../../src-shared/wire';
import { sendRecord } from '../http/etag';
import { listMeta } from '../http/paging';
import { notFound } from '../http/problem';
import { parseInput } from '../http/validate';
import { NOTIFICATION_COLUMNS, toNotification, type NotificationRow } from './notificationRows';

const idParams = z.object({ id: z.string().min(1) });
const pageQuery = z.object({
  page: z.coerce.number({ error: 'Expected a whole number' }).int().min(1).default(1),
});

/** The caller's own notifications only: every statement is keyed by the caller's user id. */
export function registerNotificationRoutes(app: FastifyInstance): void {
  app.get('/api/notifications', async (request): Promise<NotificationList> => {
    const q = parseInput(notificationListQuerySchema, request.query, 'query');
    // `page` (ext) lets a client walk past the newest `limit`.
    const { page } = parseInput(pageQuery, request.query, 'query');
    const { tenant, caller } = request;
    const unreadFilter = q.unreadOnly ? 'AND read_at IS NULL' : '';
    return tenant.transaction(() => {
      const counts = tenant.get<{ total: number; unread: number }>(
        `SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE read_at IS NULL) AS unread
         FROM notifications WHERE organization_id = :org AND user_id = :userId`,
        { userId: caller.userId },
      )!;
      const rows = tenant.all<NotificationRow>(
        `SELECT ${NOTIFICATION_COLUMNS} FROM notifications
         WHERE organization_id = :org AND user_id = :userId ${unreadFilter}
         ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset`,
        { userId: caller.userId, limit: q.limit, offset: (page - 1) * q.limit },
      );
      const total = q.unreadOnly ? counts.unread : counts.total;
      return {
        data: rows.map(toNotification),
        meta: { ...listMeta({ page, pageSize: q.limit }, total), unreadCount: counts.unread },
      };
    });
  });

  app.put('/api/notifications/read-all', async (request) => {
    const result = request.tenant.run(
      `UPDATE notifications SET read_at = :now, updated_at = :now, version = version + 1
       WHERE organization_id = :org AND user_id = :userId AND read_at IS NULL`,
      { userId: request.caller.userId, now: app.hr.clock.now().toISOString() },
    );
    return { updated: result.changes };
  });

  app.put('/api/notifications/:id/read', async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'path');
    const { tenant, caller } = request;
    const row = tenant.transaction(() => {
      // Reading twice changes nothing, so a replayed offline "read" is harmless.
      tenant.run(
        `UPDATE notifications SET read_at = :now, updated_at = :now, version = version + 1
         WHERE organization_id = :org AND user_id = :userId AND id = :id AND read_at IS NULL`,
        { id, userId: caller.userId, now: app.hr.clock.now().toISOString() },
      );
      return tenant.get<NotificationRow>(
        `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE organization_id = :org AND user_id = :userId AND id = :id`,
        { id, userId: caller.userId },
      );
    });
    if (!row) throw notFound('Notification');
    return sendRecord(reply, toNotification(row));
  });
}
