import { notificationTypeSchema, type Notification, type NotificationType } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';

export interface NotificationRow {
  id: string;
  type: string;
  title: string;
  body: string;
  read_at: string | null;
  data: string;
  created_at: string;
  updated_at: string;
  version: number;
}

export const NOTIFICATION_COLUMNS = 'id, type, title, body, read_at, data, created_at, updated_at, version';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: notificationTypeSchema.parse(row.type),
    title: row.title,
    body: row.body,
    read: row.read_at !== null,
    readAt: row.read_at,
    data: JSON.parse(row.data) as Notification['data'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** A notification as stored: who it is for, and when it was read (null while unread). */
export interface StoredNotification {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  readAt: string | null;
  data: Notification['data'];
  /** A notification with the same key for the same user is never stored twice. */
  dedupeKey: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** Stores a notification; answers whether it was new (one with its dedupe key may be there already). */
export async function insertNotification(tenant: TenantDb, n: StoredNotification): Promise<boolean> {
  const { changes } = await tenant.run(
    `INSERT INTO notifications
       (id, organization_id, user_id, type, title, body, read_at, data, dedupe_key, created_at, updated_at, version)
     VALUES (:id, :org, :userId, :type, :title, :body, :readAt, :data, :dedupeKey, :createdAt, :updatedAt, :version)
     ON CONFLICT DO NOTHING`,
    { ...n, data: JSON.stringify(n.data) },
  );
  return changes === 1;
}

/** A page of a person's notifications, newest first, with their counts. */
export async function notificationPage(
  tenant: TenantDb,
  userId: string,
  { unreadOnly, limit, offset }: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: Notification[]; total: number; unread: number }> {
  return tenant.transaction(async () => {
    const counts = (await tenant.get<{ total: number; unread: number }>(
      `SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE read_at IS NULL) AS unread
       FROM notifications WHERE organization_id = :org AND user_id = :userId`,
      { userId },
    ))!;
    const rows = await tenant.all<NotificationRow>(
      `SELECT ${NOTIFICATION_COLUMNS} FROM notifications
       WHERE organization_id = :org AND user_id = :userId ${unreadOnly ? 'AND read_at IS NULL' : ''}
       ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset`,
      { userId, limit, offset },
    );
    return { rows: rows.map(toNotification), total: unreadOnly ? counts.unread : counts.total, unread: counts.unread };
  });
}

/** Marks a person's unread notifications read; answers how many. */
export async function markAllRead(tenant: TenantDb, userId: string, now: string): Promise<number> {
  const { changes } = await tenant.run(
    `UPDATE notifications SET read_at = :now, updated_at = :now, version = version + 1
     WHERE organization_id = :org AND user_id = :userId AND read_at IS NULL`,
    { userId, now },
  );
  return changes;
}

/** Marks one of a person's notifications read (again: nothing changes) and answers it, or undefined. */
export async function markRead(
  tenant: TenantDb,
  userId: string,
  id: string,
  now: string,
): Promise<Notification | undefined> {
  return tenant.transaction(async () => {
    await tenant.run(
      `UPDATE notifications SET read_at = :now, updated_at = :now, version = version + 1
       WHERE organization_id = :org AND user_id = :userId AND id = :id AND read_at IS NULL`,
      { id, userId, now },
    );
    const row = await tenant.get<NotificationRow>(
      `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE organization_id = :org AND user_id = :userId AND id = :id`,
      { id, userId },
    );
    return row && toNotification(row);
  });
}
