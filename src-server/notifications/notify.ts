import type { NotificationType } from '@shared/wire';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import { insertNotification } from './notificationStore';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  data: { leaveId?: string; formId?: string; trainingId?: string };
  /** A notification with the same key for the same user is never created twice. */
  dedupeKey?: string;
}

/** Records a notification for one user; answers whether it was new. */
export async function notify(tenant: TenantDb, n: NewNotification, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return insertNotification(tenant, {
    id: newId(),
    ...n,
    readAt: null,
    dedupeKey: n.dedupeKey ?? null,
    createdAt: at,
    updatedAt: at,
    version: 1,
  });
}
