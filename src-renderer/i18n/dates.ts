import type { IntlShape } from 'react-intl';
import { regionOf } from '@shared/i18n/locales';

// Dates as the reader's locale writes them. The app's language is a language ("en"); its formats
// take the system's region when it speaks that language (en-US writes "May 4", en-GB "4 May"),
// else the language's usual one.

/** The locale dates and numbers are written in for a page in `language`. */
export function formatLocale(language: string): string {
  return regionOf(language, typeof navigator === 'undefined' ? [] : navigator.languages);
}

const DAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};
const formats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(intl: IntlShape): Intl.DateTimeFormat {
  const locale = formatLocale(intl.locale);
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale, DAY)));
  return format;
}

const utc = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);

/** One day: "Mon 25 Jan 2027", "Mo., 25. Jan. 2027", "lun. 25 janv. 2027". */
export const dayText = (intl: IntlShape, date: string): string => dayFormat(intl).format(utc(date));

/** Two days as one range: "Mon 25 – Tue 26 Jan 2027", "lun. 25 – mar. 26 janv. 2027". */
export const rangeText = (intl: IntlShape, start: string, end: string): string =>
  dayFormat(intl).formatRange(utc(start), utc(end));

// One formatter a locale and a shape, made once: pages write hundreds of dates at a time.
const SHAPES = {
  date: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  dayMonth: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
  longMonth: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  monthName: { month: 'short', timeZone: 'UTC' },
  weekdayDay: { weekday: 'short', day: 'numeric', timeZone: 'UTC' },
  weekdayDayMonth: { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' },
  longDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  localDate: { day: 'numeric', month: 'short', year: 'numeric' },
  time: { timeStyle: 'short' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Shape = keyof typeof SHAPES;
const shaped = new Map<string, Intl.DateTimeFormat>();
function shapeFormat(intl: Pick<IntlShape, 'locale'>, shape: Shape): Intl.DateTimeFormat {
  const locale = formatLocale(intl.locale);
  const key = `${locale} ${shape}`;
  let format = shaped.get(key);
  if (!format) shaped.set(key, (format = new Intl.DateTimeFormat(locale, SHAPES[shape])));
  return format;
}

// Days (`YYYY-MM-DD`, or a midnight UTC standing for the day) are read in UTC, the same day
// wherever they are read; moments (a time something happened) in the reader's own time zone.

/** A day without its weekday: "25 Jan 2027", "Jan 25, 2027", "25. Jan. 2027", "25 janv. 2027". */
export const dateText = (intl: Pick<IntlShape, 'locale'>, date: string): string =>
  shapeFormat(intl, 'date').format(utc(date));

/** Two days without weekdays, as one range: "25–26 Jan 2027", "25.–26. Jan. 2027". */
export const dateRangeText = (intl: Pick<IntlShape, 'locale'>, start: string, end: string): string =>
  shapeFormat(intl, 'date').formatRange(utc(start), utc(end));

/** A day and its month: "25 Jan", "Jan 25", "25. Jan.", "25 janv.". */
export const dayMonthText = (intl: Pick<IntlShape, 'locale'>, date: string): string =>
  shapeFormat(intl, 'dayMonth').format(utc(date));

/** A weekday and its day's number: "Mon 25", "25 Mon" (en-US), "Mo., 25.", "lun. 25". */
export const weekdayDayText = (intl: Pick<IntlShape, 'locale'>, date: string): string =>
  shapeFormat(intl, 'weekdayDay').format(utc(date));

/** Days of this year, with their weekdays: "Mon 25 Jan", or as a range "Mon 25 Jan – Wed 27 Jan", "Mo., 25. – Mi., 27. Jan.". */
export const shortRangeText = (intl: Pick<IntlShape, 'locale'>, start: string, end: string): string =>
  start.slice(0, 10) === end.slice(0, 10)
    ? shapeFormat(intl, 'weekdayDayMonth').format(utc(start))
    : shapeFormat(intl, 'weekdayDayMonth').formatRange(utc(start), utc(end));

/** A day in full, as a screen reader says it: "Monday 25 January 2027", "Montag, 25. Januar 2027". */
export const longDayText = (intl: Pick<IntlShape, 'locale'>, date: string): string =>
  shapeFormat(intl, 'longDay').format(utc(date));

/** A month's short name: "Jan", "Jan.", "janv.". */
export const monthNameText = (intl: Pick<IntlShape, 'locale'>, date: string): string =>
  shapeFormat(intl, 'monthName').format(utc(date));

/** A month (`YYYY-MM`, or any day of it): "Jan 2027", "Jan. 2027", "janv. 2027"; `long`: "January 2027", "Januar 2027". */
export const monthText = (intl: Pick<IntlShape, 'locale'>, month: string, long = false): string =>
  shapeFormat(intl, long ? 'longMonth' : 'month').format(utc(month.length === 7 ? `${month}-01` : month));

/** The months two days fall in, as one range: "Jan – Mar 2027", "Jan.–März 2027", "janv.–mars 2027". */
export const monthRangeText = (intl: Pick<IntlShape, 'locale'>, start: string, end: string): string =>
  shapeFormat(intl, 'month').formatRange(utc(start), utc(end));

/** The day a moment fell on where it is read: "25 Jan 2027". */
export const momentDateText = (intl: Pick<IntlShape, 'locale'>, at: string | Date): string =>
  shapeFormat(intl, 'localDate').format(new Date(at));

/** The time of day of a moment: "09:05", "9:05 AM" (en-US). */
export const timeText = (intl: Pick<IntlShape, 'locale'>, at: string | Date): string =>
  shapeFormat(intl, 'time').format(new Date(at));

/** A moment's day and time: "25 Jan 2027, 09:05", "Jan 25, 2027, 9:05 AM", "25.01.2027, 09:05". */
export const dateTimeText = (intl: Pick<IntlShape, 'locale'>, at: string | Date): string =>
  shapeFormat(intl, 'dateTime').format(new Date(at));

const numbers = new Map<string, Intl.NumberFormat>();
/** A number as the locale writes it, to two decimals at most: "1,250.5", "1.250,5", "1 250,5". */
export function numberText(intl: Pick<IntlShape, 'locale'>, value: number): string {
  const locale = formatLocale(intl.locale);
  let format = numbers.get(locale);
  if (!format) numbers.set(locale, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })));
  return format.format(value);
}

/** Where the week starts as the locale counts it (0 Sunday, 1 Monday…): Sunday in the United States, Monday in Germany and France. */
export function firstDayOfWeek(language: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const locale = new Intl.Locale(formatLocale(language)) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const firstDay = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay ?? 1;
  return (firstDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}
