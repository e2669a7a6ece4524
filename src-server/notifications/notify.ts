import { storedWords, type NotificationWords } from '@shared/records/notificationWords';
import type { NotificationType } from '@shared/wire';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';
import { insertNotification } from './notificationStore';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  /** What it says, as messages: stored with their English. */
  words: NotificationWords;
  data: { leaveId?: string; formId?: string; trainingId?: string };
  /** A notification with the same key for the same user is never created twice. */
  dedupeKey?: string;
}

/** Records a notification for one user; answers whether it was new. */
export async function notify(tenant: TenantDb, n: NewNotification, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const { words, data, ...rest } = n;
  return insertNotification(tenant, {
    id: newId(),
    ...rest,
    ...storedWords(words, data),
    readAt: null,
    dedupeKey: n.dedupeKey ?? null,
    createdAt: at,
    updatedAt: at,
    version: 1,
  });
}
