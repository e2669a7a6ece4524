import type { Training } from '../wire';

/** A training "expires soon" within this many days (the app's colours and filter). */
export const EXPIRING_WITHIN_DAYS = 90;
const DAY = 86_400_000;

export type ExpiryState = 'none' | 'valid' | 'expiring' | 'expired';

export function expiryState(training: Pick<Training, 'expiryDate'>, now: number): ExpiryState {
  if (!training.expiryDate) return 'none';
  const at = Date.parse(training.expiryDate);
  if (at < now) return 'expired';
  return at <= now + EXPIRING_WITHIN_DAYS * DAY ? 'expiring' : 'valid';
}

/** The instants bounding "expiring": from now to the end of the window. */
export function expiryWindow(now: number): { now: string; soon: string } {
  return { now: new Date(now).toISOString(), soon: new Date(now + EXPIRING_WITHIN_DAYS * DAY).toISOString() };
}
