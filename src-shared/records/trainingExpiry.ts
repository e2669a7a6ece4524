import { defineMessage } from '@formatjs/intl';
import type { FormatMessage } from '../i18n/format';
import type { Training } from '../wire';

/** A training "expires soon" within this many days (the app's colours, filter and Expiring view). */
export const EXPIRING_WITHIN_DAYS = 90;
const DAY = 86_400_000;

export type ExpiryState = 'none' | 'valid' | 'expiring' | 'expired';

/** Whether a training stands for a certificate that can lapse: it has an expiry date, was not cancelled, not failed. */
export const holdsCertificate = <T extends Pick<Training, 'status' | 'outcome' | 'expiryDate'>>(
  t: T,
): t is T & { expiryDate: string } => !!t.expiryDate && t.status !== 'CANCELLED' && t.outcome !== 'FAILED';

/** A training's name as the course it names: case and spacing aside. */
export const courseName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** What tells a certificate and its renewal apart: whose, which course, its outcome and its dates. */
export type RenewalFields = Pick<
  Training,
  'userId' | 'name' | 'categoryId' | 'status' | 'outcome' | 'startDate' | 'endDate' | 'expiryDate'
>;

/** When a training was taken, to tell the later of two runs: its last day (its start without an end). */
const takenOn = (t: Pick<Training, 'startDate' | 'endDate'>) => Date.parse(t.endDate ?? t.startDate);

/**
 * Whether `later` renews `earlier`'s certificate: the same person's same course (the same name, case
 * and spacing aside, and the same category), passed, taken after it, and expiring after it. Another
 * course of the same type renews nothing. The Expiring view, its counts and CSV (the app) and the
 * expiry notices (the service) all judge by this.
 */
export function renews(later: RenewalFields, earlier: RenewalFields): boolean {
  return (
    later.userId === earlier.userId &&
    later.categoryId === earlier.categoryId &&
    courseName(later.name) === courseName(earlier.name) &&
    later.status === 'COMPLETED' &&
    later.outcome === 'PASSED' &&
    !!later.expiryDate &&
    !!earlier.expiryDate &&
    Date.parse(later.expiryDate) > Date.parse(earlier.expiryDate) &&
    takenOn(later) > takenOn(earlier)
  );
}

/** Whether any of `others` (the same person's trainings, say) renews the certificate `t`. */
export const isRenewed = (t: RenewalFields, others: readonly RenewalFields[]): boolean =>
  others.some((o) => o !== t && renews(o, t));

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
 * hold no certificate; one renewed since (`renews`: the same course passed again) is no longer a gap,
 * whether it has lapsed or is about to.
 */
export function expiringGroups(
  trainings: readonly (RenewalFields & Pick<Training, 'id'> & { person: string; department: string | null })[],
  now: number,
): ExpiringGroup[] {
  // Renewal is within one person's one course: only those trainings need comparing.
  const courseOf = new Map(trainings.map((t) => [t, `${t.userId}\u0000${t.categoryId}\u0000${courseName(t.name)}`]));
  const courses = new Map<string, RenewalFields[]>();
  for (const t of trainings) {
    const runs = courses.get(courseOf.get(t)!);
    if (runs) runs.push(t);
    else courses.set(courseOf.get(t)!, [t]);
  }
  const groups = new Map<string | null, ExpiringGroup>();
  for (const t of trainings) {
    if (!holdsCertificate(t)) continue;
    const state = expiryState(t, now);
    if (state !== 'expiring' && state !== 'expired') continue;
    if (isRenewed(t, courses.get(courseOf.get(t)!)!)) continue;
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
  // One collator for the thousands of comparisons (localeCompare looks its collator up each time).
  const { compare } = new Intl.Collator();
  const soonest = (a: ExpiringItem, b: ExpiringItem) =>
    a.daysLeft - b.daysLeft || compare(a.person, b.person) || compare(a.name, b.name);
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
          : compare(a.department, b.department),
  );
}

const CSV = {
  department: defineMessage({ id: 'export.expiring.department', defaultMessage: 'Department' }),
  person: defineMessage({ id: 'export.expiring.person', defaultMessage: 'Person' }),
  training: defineMessage({ id: 'export.expiring.training', defaultMessage: 'Training' }),
  expiryDate: defineMessage({ id: 'export.expiring.expiryDate', defaultMessage: 'Expiry date' }),
  state: defineMessage({ id: 'export.expiring.state', defaultMessage: 'State' }),
  daysLeft: defineMessage({ id: 'export.expiring.daysLeft', defaultMessage: 'Days left' }),
  noDepartment: defineMessage({ id: 'export.expiring.noDepartment', defaultMessage: 'No department' }),
  stateWord: defineMessage<{ state: 'lapsed' | 'expiring' }>({
    id: 'export.expiring.stateWord',
    defaultMessage: '{state, select, lapsed {Lapsed} other {Expiring}}',
  }),
};

/**
 * The Expiring view's CSV, header first: a row a certificate, expiring then lapsed, by department.
 * Headers and words in `format`'s language (the page's); dates ISO and days a number, as a
 * spreadsheet reads them; departments, people and trainings as the organization named them.
 */
export function expiringCsvRows(groups: readonly ExpiringGroup[], format: FormatMessage): (string | number)[][] {
  const rows = groups.flatMap((g) =>
    [...g.expiring, ...g.lapsed].map((i) => [
      g.department ?? format(CSV.noDepartment.id),
      i.person,
      i.name,
      i.expiryDate,
      format(CSV.stateWord.id, { state: i.daysLeft < 0 ? 'lapsed' : 'expiring' }),
      i.daysLeft,
    ]),
  );
  const header = [CSV.department, CSV.person, CSV.training, CSV.expiryDate, CSV.state, CSV.daysLeft];
  return [header.map((m) => format(m.id)), ...rows];
}
