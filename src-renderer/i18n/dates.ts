import type { IntlShape } from 'react-intl';

// Dates as the reader's locale writes them. The app's language is a language ("en"); its formats
// take the system's region when it speaks that language (en-US writes "May 4", en-GB "4 May"),
// else the language's usual one.
const USUAL_REGION: Record<string, string> = { en: 'en-GB', de: 'de-DE', fr: 'fr-FR' };

/** The locale dates and numbers are written in for a page in `language`. */
export function formatLocale(language: string): string {
  const system = typeof navigator === 'undefined' ? [] : navigator.languages;
  const same = system.find((tag) => tag.toLowerCase().split('-')[0] === language.toLowerCase().split('-')[0]);
  return same?.includes('-') ? same : (USUAL_REGION[language] ?? language);
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

/** Where the week starts as the locale counts it (0 Sunday, 1 Monday…): Sunday in the United States, Monday in Germany and France. */
export function firstDayOfWeek(language: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  const locale = new Intl.Locale(formatLocale(language)) as Intl.Locale & {
    getWeekInfo?: () => { firstDay: number };
    weekInfo?: { firstDay: number };
  };
  const firstDay = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay ?? 1;
  return (firstDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}
