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
