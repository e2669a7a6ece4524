import type { Engine } from '../db/engine/engine';
import type { TenantDb } from '../db/tenantDb';

// The mail outbox: what the service has to send, written with the change it tells of.

export interface QueuedMail {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/** Queues a mail unless one for this event is queued already (answers whether this one was). */
export async function queueMail(
  tenant: TenantDb,
  m: { id: string; eventKey: string; recipient: string; subject: string; body: string; now: string },
): Promise<boolean> {
  const { changes } = await tenant.run(
    `INSERT INTO mail_outbox (id, organization_id, event_key, recipient, subject, body, created_at, next_attempt_at)
     VALUES (:id, :org, :eventKey, :recipient, :subject, :body, :now, :now)
     ON CONFLICT (event_key) DO NOTHING`,
    m,
  );
  return changes === 1;
}

/**
 * Claims up to `limit` mails due now, each until `leaseUntil`: of instances racing, one claims each
 * (the claim is checked again on the row it updates).
 */
export async function claimDueMail(
  engine: Engine,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<QueuedMail[]> {
  return engine.all<QueuedMail>(
    `UPDATE mail_outbox SET claimed_until = :leaseUntil
     WHERE id IN (SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= :now
                    AND (claimed_until IS NULL OR claimed_until < :now) ORDER BY next_attempt_at LIMIT :limit)
       AND sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < :now)
     RETURNING id, recipient, subject, body, attempts`,
    { now, leaseUntil, limit },
  );
}

export async function markMailSent(engine: Engine, id: string, now: string): Promise<void> {
  // Marked whoever holds the claim now: the mail went.
  // Its words go: a link in them opens an account until it is used.
  await engine.run("UPDATE mail_outbox SET sent_at = :now, claimed_until = NULL, body = '' WHERE id = :id", {
    id,
    now,
  });
}

export async function markMailFailed(
  engine: Engine,
  id: string,
  f: { attempts: number; nextAttemptAt: string; error: string },
): Promise<void> {
  await engine.run(
    `UPDATE mail_outbox SET attempts = :attempts, next_attempt_at = :nextAttemptAt, last_error = :error,
       claimed_until = NULL WHERE id = :id`,
    { id, ...f },
  );
}

/** Drops mail older than `before`, sent or not: its links have expired (answers how many). */
export async function deleteOldMail(engine: Engine, before: string): Promise<number> {
  return (await engine.run('DELETE FROM mail_outbox WHERE created_at < :before', { before })).changes;
}

export interface NotificationToMail {
  id: string;
  organizationId: string;
  email: string;
  firstName: string;
  /** The person's language (null: English). */
  locale: string | null;
  title: string;
  body: string;
  /** Its data as stored (JSON): what it says as messages, when it was made with them. */
  data: string;
}

/**
 * Notifications since `since` whose person takes them by mail (and is still employed) and that have
 * no mail yet: each is mailed once, whatever instance or restart finds it.
 */
export async function notificationsToMail(
  engine: Engine,
  since: string,
  today: string,
  limit: number,
): Promise<NotificationToMail[]> {
  return engine.all<NotificationToMail>(
    `SELECT n.id, n.organization_id AS organizationId, u.email, u.first_name AS firstName, u.locale, n.title, n.body, n.data
     FROM notifications n JOIN users u ON u.id = n.user_id AND u.organization_id = n.organization_id
     WHERE n.created_at >= :since AND u.email_notifications = 1 AND u.status <> 'LEFT'
       AND (u.end_date IS NULL OR u.end_date >= :today)
       AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.event_key = 'notification:' || n.id)
     ORDER BY n.created_at, n.id LIMIT :limit`,
    { since, today, limit },
  );
}
