import { trainingExpiringWords } from '@shared/records/notificationWords';
import { holdsCertificate, isRenewed } from '@shared/records/trainingExpiry';
import type { Training } from '@shared/wire';
import type { Engine } from '../db/engine/engine';
import { TenantDb } from '../db/tenantDb';
import { notify } from '../notifications/notify';
import { organizationIds } from '../organization/organizationStore';
import { certificatesOf, trainingsExpiring } from './trainingStore';

export const EXPIRY_NOTICE_DAYS = 30;
const DAY = 86_400_000;

/**
 * Notifies the owner once if the certificate expires within the notice period and has not been
 * renewed (the same course passed again, expiring later); answers whether it did.
 */
export async function checkExpiringTraining(tenant: TenantDb, t: Training, now: Date): Promise<boolean> {
  if (!holdsCertificate(t)) return false;
  const expires = Date.parse(t.expiryDate);
  if (expires <= now.getTime() || expires > now.getTime() + EXPIRY_NOTICE_DAYS * DAY) return false;
  if (isRenewed(t, await certificatesOf(tenant, t.userId))) return false;
  const days = Math.ceil((expires - now.getTime()) / DAY);
  return notify(
    tenant,
    {
      userId: t.userId,
      type: 'TRAINING_EXPIRING',
      words: trainingExpiringWords(t.name, t.expiryDate, days),
      data: { trainingId: t.id },
      // Once per training and expiry date: a renewed expiry date earns a new notice.
      dedupeKey: `training-expiring:${t.id}:${t.expiryDate}`,
    },
    now,
  );
}

/** The start-up and hourly sweep, organization by organization. Answers how many notices were sent. */
export async function notifyExpiringTrainings(engine: Engine, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY).toISOString();
  let sent = 0;
  for (const id of await organizationIds(engine)) {
    const tenant = new TenantDb(engine, id);
    sent += await tenant.transaction(async () => {
      let notified = 0;
      for (const t of await trainingsExpiring(tenant, now.toISOString(), horizon)) {
        if (await checkExpiringTraining(tenant, t, now)) notified += 1;
      }
      return notified;
    });
  }
  return sent;
}
