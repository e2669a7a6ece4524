import type { FastifyInstance } from 'fastify';
import { purgeExpiredIdempotencyKeys } from '../http/idempotency';
import { notifyExpiringTrainings } from '../trainings/expiringTrainings';
import { addSetting, advanceSetting } from './settingsStore';
import { deleteStaleAccountTokens } from '../auth/accountTokenStore';
import { markLeavers } from '../users/userStore';
import { deleteOldMail } from '../mail/mailStore';
import { utcToday } from '@shared/calendar/dates';

export const HOUSEKEEPING_EVERY_MS = 3_600_000;
const CLAIM = 'housekeeping_claimed_at';

/**
 * Whether this instance does the hourly work now: the first to move the claim's time past the last
 * run's. One statement, so instances on one store (each with its own timer) do it once an hour
 * between them; a little early counts, so timers that drift do not skip an hour.
 */
async function claimed(app: FastifyInstance, now: Date): Promise<boolean> {
  const { engine } = app.hr;
  await addSetting(engine, CLAIM, '');
  const due = new Date(now.getTime() - HOUSEKEEPING_EVERY_MS * 0.9).toISOString();
  return advanceSetting(engine, CLAIM, now.toISOString(), due);
}

/**
 * Old idempotency keys, refresh tokens, one-time links and mail dropped, leavers past their last day
 * marked LEFT, expiring trainings noticed: at start and hourly, once across instances.
 */
export async function housekeeping(app: FastifyInstance): Promise<boolean> {
  const now = app.hr.clock.now();
  if (!(await claimed(app, now))) return false;
  await purgeExpiredIdempotencyKeys(app);
  await app.hr.refreshTokens.purgeExpired();
  await deleteStaleAccountTokens(app.hr.engine, new Date(now.getTime() - 7 * 86_400_000).toISOString());
  await markLeavers(app.hr.engine, utcToday(now), now.toISOString());
  // Mail an invitation's week has passed over goes, sent or not: its links no longer work.
  await deleteOldMail(app.hr.engine, new Date(now.getTime() - 8 * 86_400_000).toISOString());
  await notifyExpiringTrainings(app.hr.engine, now);
  return true;
}
