import { UTCDate } from '@date-fns/utc';
import { addMonths as addMonthsTo, formatISO, getDaysInMonth } from 'date-fns';

// Calendar dates as `YYYY-MM-DD` strings in UTC arithmetic: a day of leave is a date, not an instant,
// so no time zone may shift it.

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Year, month and day of a date or date-time string, as written. */
function dateParts(value: string): [string, string, string] {
  const m = DATE.exec(value);
  if (!m) throw new RangeError(`Not an ISO date: ${value}`);
  return [m[1]!, m[2]!, m[3]!];
}

const digit = (value: string, at: number) => {
  const c = value.charCodeAt(at) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
};

/**
 * Year, month and day as numbers, read off the characters (balances and the calendar do this
 * hundreds of thousands of times a view); NaN in each when `value` does not start with a date.
 */
function datePartsAsNumbers(value: string): [number, number, number] {
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return [NaN, NaN, NaN];
  return [
    digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3),
    digit(value, 5) * 10 + digit(value, 6),
    digit(value, 8) * 10 + digit(value, 9),
  ];
}

/** The calendar date a date or date-time string names, as written (its own offset, not UTC). */
export function dateOnly(value: string): string {
  const [y, m, d] = datePartsAsNumbers(value);
  if (Number.isNaN(y + m + d)) throw new RangeError(`Not an ISO date: ${value}`);
  return value.length === 10 ? value : value.slice(0, 10);
}

/** Midnight UTC of a date, the form dates of leave are stored and sent in. */
export function dateToDateTime(date: string): string {
  return `${dateOnly(date)}T00:00:00.000Z`;
}

/** A date as midnight UTC, where date-fns counts in UTC (so no time zone moves a day). */
export function utcDate(date: string): UTCDate {
  const [y, m, d] = dateParts(date);
  return new UTCDate(Number(y), Number(m) - 1, Number(d));
}

/** A day as its midnight UTC in milliseconds: the value an ICU `{d, date}` argument takes. */
export const dayValue = (date: string): number => utcDate(date).getTime();

/** The `YYYY-MM-DD` of a date counted in UTC (a UTCDate). */
export function dateString(date: Date): string {
  return formatISO(date, { representation: 'date' });
}

const DAY_MS = 86_400_000;

// The day arithmetic that balances and calendars run hundreds of thousands of times is plain
// arithmetic on UTC milliseconds (UTC has no daylight saving: a day is always DAY_MS), not an
// object a step (docs/architecture.md).
function epochMs(date: string): number {
  const [y, m, d] = datePartsAsNumbers(date);
  if (Number.isNaN(y + m + d)) throw new RangeError(`Not an ISO date: ${date}`);
  return Date.UTC(y, m - 1, d);
}

export function addDays(date: string, days: number): string {
  return new Date(epochMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day `months` later (or earlier), the month's last when it has no such day. */
export function addMonths(date: string, months: number): string {
  return dateString(addMonthsTo(utcDate(date), months));
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((epochMs(b) - epochMs(a)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(epochMs(date)).getUTCDay();
}

export function isWeekend(date: string): boolean {
  const day = weekday(date);
  return day === 0 || day === 6;
}

/** Today's date in UTC. */
export function utcToday(now: Date): string {
  return dateString(new UTCDate(now));
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
  return getDaysInMonth(new UTCDate(year, month - 1, 1));
}

/**
 * The month and its days when a date as written (`YYYY-MM-DD`, or the start of a date-time) names a
 * day its month does not have ("February 2027 has 28 days"); null for any other text. A date like
 * that is refused in these words, never moved to the month's last day.
 */
export function impossibleDate(value: unknown): { year: number; month: number; days: number } | null {
  if (typeof value !== 'string') return null;
  const m = DATE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return null;
  const days = daysInMonth(year, month);
  return day > days ? { year, month, days } : null;
}
