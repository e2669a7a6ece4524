// Calendar dates as `YYYY-MM-DD` strings in UTC arithmetic: a day of leave is a date, not an instant,
// so no time zone may shift it.

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const DAY_MS = 86_400_000;

/** Year, month and day of a date or date-time string, as written. */
function dateParts(value: string): [string, string, string] {
  const m = DATE.exec(value);
  if (!m) throw new RangeError(`Not an ISO date: ${value}`);
  return [m[1]!, m[2]!, m[3]!];
}

/** The calendar date a date or date-time string names, as written (its own offset, not UTC). */
export function dateOnly(value: string): string {
  const [y, m, d] = dateParts(value);
  return `${y}-${m}-${d}`;
}

/** Midnight UTC of a date, the form dates of leave are stored and sent in. */
export function dateToDateTime(date: string): string {
  return `${dateOnly(date)}T00:00:00.000Z`;
}

function toUtcMs(date: string): number {
  const [y, m, d] = dateParts(date);
  return Date.UTC(Number(y), Number(m) - 1, Number(d));
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtcMs(b) - toUtcMs(a)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

export function isWeekend(date: string): boolean {
  const d = weekday(date);
  return d === 0 || d === 6;
}

/** Today's date in UTC. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A date or date-time as the instant it names, in UTC ISO form; a plain date is midnight UTC. */
export function toInstant(value: string): string;
export function toInstant(value: string | null | undefined): string | null;
export function toInstant(value: string | null | undefined): string | null {
  return value ? new Date(value).toISOString() : null;
}

/** The months' names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Days in a month of the Gregorian calendar (`month` 1–12). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * "February 2027 has 28 days" when a date as written (`YYYY-MM-DD`, or the start of a date-time) names
 * a day its month does not have; null for any other text. A date like that is refused in these
 * words, never moved to the month's last day.
 */
export function impossibleDateWords(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  const last = daysInMonth(year, month);
  return day > last ? `${MONTH_NAMES[month - 1]!} ${m[1]!} has ${last} days` : null;
}
