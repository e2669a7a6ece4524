import type { Notification } from '../../src-shared/wire';
import { notificationTypeSchema } from '../../src-shared/wire';

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
