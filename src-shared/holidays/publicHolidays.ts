import Holidays from 'date-holidays';
import type { Holiday } from '../wire/leave';
import { dateOnly } from '../calendar/dates';

const byCountryYear = new Map<string, Holiday[]>();

/**
 * Public holidays (type "public" only) of a country in a year, one entry per date, named in
 * `language` where the tables have it (English otherwise).
 */
export function publicHolidaysOf(country: string, year: number, language = 'en'): Holiday[] {
  const key = `${country}:${year}:${language}`;
  let list = byCountryYear.get(key);
  if (!list) {
    const seen = new Map<string, Holiday>();
    const source = new Holidays(country, { languages: [language, 'en'], types: ['public'] });
    // A country the tables lack answers nothing at all, whatever the types say.
    const found = source.getHolidays(year, language) as ReturnType<typeof source.getHolidays> | undefined;
    for (const h of found ?? []) {
      if (h.type !== 'public') continue;
      const date = dateOnly(h.date);
      const earlier = seen.get(date);
      seen.set(date, earlier ? { date, name: `${earlier.name} / ${h.name}` } : { date, name: h.name });
    }
    list = [...seen.values()].sort((a, b) => a.date.localeCompare(b.date));
    byCountryYear.set(key, list);
  }
  return list;
}

/** Public holidays of a country between two dates, both included (named in `language`). */
export function publicHolidaysBetween(country: string, start: string, end: string, language = 'en'): Holiday[] {
  const from = dateOnly(start);
  const to = dateOnly(end);
  const out: Holiday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of publicHolidaysOf(country, year, language)) if (h.date >= from && h.date <= to) out.push(h);
  }
  return out;
}
