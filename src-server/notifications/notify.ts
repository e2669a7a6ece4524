import type { NotificationType } from '../../src-shared/wire';
import { newId } from '../db/ids';
import type { TenantDb } from '../db/tenantDb';

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
export function notify(tenant: TenantDb, n: NewNotification, now: Date): boolean {
  const at = now.toISOString();
  return (
    tenant.run(
      `INSERT OR IGNORE INTO notifications
         (id, organization_id, user_id, type, title, body, read_at, data, dedupe_key, created_at, updated_at, version)
       VALUES (:id, :org, :userId, :type, :title, :body, NULL, :data, :dedupeKey, :at, :at, 1)`,
      {
        id: newId(),
        userId: n.userId,
        type: n.type,
        title: n.title,
        body: n.body,
        data: JSON.stringify(n.data),
        dedupeKey: n.dedupeKey ?? null,
        at,
      },
    ).changes === 1
  );
}
