import type { Training } from '../wire';

/** A training "expires soon" within this many days (the app's colours, filter and Expiring view). */
export const EXPIRING_WITHIN_DAYS = 90;
const DAY = 86_400_000;

export type ExpiryState = 'none' | 'valid' | 'expiring' | 'expired';

/** Whether a training stands for a certificate that can lapse: it has an expiry date, was not cancelled, not failed. */
export const holdsCertificate = <T extends Pick<Training, 'status' | 'outcome' | 'expiryDate'>>(
  t: T,
): t is T & { expiryDate: string } => !!t.expiryDate && t.status !== 'CANCELLED' && t.outcome !== 'FAILED';

/** The first instant of the day `now` falls on (UTC), as stored expiry dates are: midnight UTC. */
const dayStart = (now: number) => Math.floor(now / DAY) * DAY;

/**
 * Judged by whole days: a certificate is valid through its expiry day, expiring from today to day
 * 90, expired from the day after. A cancelled or failed training holds none, whatever its date.
 */
export function expiryState(training: Pick<Training, 'expiryDate' | 'status' | 'outcome'>, now: number): ExpiryState {
  if (!holdsCertificate(training)) return 'none';
  const at = Date.parse(training.expiryDate);
  const today = dayStart(now);
  if (at < today) return 'expired';
  return at < today + (EXPIRING_WITHIN_DAYS + 1) * DAY ? 'expiring' : 'valid';
}

/** The bounds of "expiring", as stored instants: from today's start up to (not including) day 91's. */
export function expiryWindow(now: number): { now: string; soon: string } {
  const today = dayStart(now);
  return {
    now: new Date(today).toISOString(),
    soon: new Date(today + (EXPIRING_WITHIN_DAYS + 1) * DAY).toISOString(),
  };
}

/** Whole days from today to an expiry date (0 on the day itself, negative once it has passed). */
export const daysLeft = (expiryDate: string, now: number): number =>
  Math.round((Date.parse(expiryDate) - dayStart(now)) / DAY);

/** A certificate in the Expiring view: whose, what, and how many days are left (negative: lapsed). */
export interface ExpiringItem {
  trainingId: string;
  userId: string;
  name: string;
  person: string;
  department: string | null;
  expiryDate: string;
  daysLeft: number;
}

export interface ExpiringGroup {
  department: string | null;
  expiring: ExpiringItem[];
  lapsed: ExpiringItem[];
}

/**
 * What expires in the next 90 days and what has lapsed, by department (by name, those without one
 * last), each list soonest first: what a compliance officer asks first. Cancelled or failed trainings
 * hold no certificate; a lapsed one renewed since (the same person's training of the same type expiring
 * later) is no longer a gap.
 */
export function expiringGroups(
  trainings: readonly (Pick<Training, 'id' | 'name' | 'userId' | 'typeId' | 'status' | 'outcome' | 'expiryDate'> & {
    person: string;
    department: string | null;
  })[],
  now: number,
): ExpiringGroup[] {
  const latest = new Map<string, number>();
  for (const t of trainings) {
    if (!holdsCertificate(t)) continue;
    const key = `${t.userId} ${t.typeId}`;
    latest.set(key, Math.max(latest.get(key) ?? -Infinity, Date.parse(t.expiryDate)));
  }
  const groups = new Map<string | null, ExpiringGroup>();
  for (const t of trainings) {
    if (!holdsCertificate(t)) continue;
    const state = expiryState(t, now);
    if (state !== 'expiring' && state !== 'expired') continue;
    const at = Date.parse(t.expiryDate);
    if (state === 'expired' && latest.get(`${t.userId} ${t.typeId}`)! > at) continue;
    const group = groups.get(t.department) ?? { department: t.department, expiring: [], lapsed: [] };
    groups.set(t.department, group);
    (state === 'expiring' ? group.expiring : group.lapsed).push({
      trainingId: t.id,
      userId: t.userId,
      name: t.name,
      person: t.person,
      department: t.department,
      expiryDate: t.expiryDate.slice(0, 10),
      daysLeft: daysLeft(t.expiryDate, now),
    });
  }
  const soonest = (a: ExpiringItem, b: ExpiringItem) =>
    a.daysLeft - b.daysLeft || a.person.localeCompare(b.person) || a.name.localeCompare(b.name);
  for (const g of groups.values()) {
    g.expiring.sort(soonest);
    // Lapsed: the most recent first (the gap most likely still to mend).
    g.lapsed.sort((a, b) => soonest(b, a));
  }
  return [...groups.values()].sort((a, b) =>
    a.department === b.department
      ? 0
      : a.department === null
        ? 1
        : b.department === null
          ? -1
          : a.department.localeCompare(b.department),
  );
}
