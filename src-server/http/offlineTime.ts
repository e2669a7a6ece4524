/** How far ahead of the service's clock a device's time may be and still be believed. */
export const OFFLINE_TIME_AHEAD_MS = 5 * 60_000;
/** How long an action may have waited offline and still keep its own time. */
export const OFFLINE_TIME_BACK_MS = 30 * 24 * 3_600_000;

/**
 * When an action made offline happened: the time the device says (a decision made on a train is
 * dated when it was made, not when it reached us) when that is plausible — not more than a few
 * minutes in our future, not before the record's last change, not more than 30 days ago — and our
 * own time otherwise. Never a reason to refuse: a wrong clock only loses the device its say.
 */
export function offlineActionTime(claimed: string | undefined, now: Date, lastChange: string | null): string {
  if (!claimed) return now.toISOString();
  const at = Date.parse(claimed);
  const latest = now.getTime() + OFFLINE_TIME_AHEAD_MS;
  const earliest = Math.max(now.getTime() - OFFLINE_TIME_BACK_MS, lastChange ? Date.parse(lastChange) : -Infinity);
  return Number.isFinite(at) && at <= latest && at >= earliest ? new Date(at).toISOString() : now.toISOString();
}
