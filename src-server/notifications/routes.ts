import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  notificationListQuerySchema,
  type NotificationList,
  notificationListSchema,
  notificationSchema,
  readAllResultSchema,
} from '@shared/wire';
import { sendRecord } from '../http/etag';
import { listMeta } from '../db/engine/pages';
import { notFound } from '../http/problem';
import { parseInput } from '../http/validate';
import { markAllRead, markRead, notificationPage } from './notificationStore';

const idParams = z.object({ id: z.string().min(1) });
const pageQuery = z.object({
  page: z.coerce.number({ error: 'Expected a whole number' }).int().min(1).default(1),
});

/** The caller's own notifications only: every statement is keyed by the caller's user id. */
export function registerNotificationRoutes(app: FastifyInstance): void {
  app.get(
    '/api/notifications',
    {
      schema: {
        summary: "The caller's notifications, newest first",
        response: { 200: notificationListSchema },
        querystring: notificationListQuerySchema.extend(pageQuery.shape),
      },
    },
    async (request): Promise<NotificationList> => {
      const q = parseInput(notificationListQuerySchema, request.query, 'query');
      // `page` (ext) lets a client walk past the newest `limit`.
      const { page } = parseInput(pageQuery, request.query, 'query');
      const { rows, total, unread } = await notificationPage(request.tenant, request.caller.userId, {
        unreadOnly: !!q.unreadOnly,
        limit: q.limit,
        offset: (page - 1) * q.limit,
      });
      return { data: rows, meta: { ...listMeta({ page, pageSize: q.limit }, total), unreadCount: unread } };
    },
  );

  app.put(
    '/api/notifications/read-all',
    { schema: { summary: "Mark all the caller's notifications read", response: { 200: readAllResultSchema } } },
    async (request) => ({
      updated: await markAllRead(request.tenant, request.caller.userId, app.hr.clock.now().toISOString()),
    }),
  );

  app.put(
    '/api/notifications/:id/read',
    { schema: { summary: 'Mark a notification read', response: { 200: notificationSchema } } },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params, 'path');
      // Reading twice changes nothing, so a replayed offline "read" is harmless.
      const read = await markRead(request.tenant, request.caller.userId, id, app.hr.clock.now().toISOString());
      if (!read) throw notFound('notification');
      return sendRecord(reply, read);
    },
  );
}
