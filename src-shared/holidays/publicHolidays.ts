import Holidays from 'date-holidays';
import type { Holiday } from '../wire/leave';
import { dateOnly } from '../calendar/dates';

const byCountryYear = new Map<string, Holiday[]>();

/** Public holidays (type "public" only) of a country in a year, English names, one entry per date. */
export function publicHolidaysOf(country: string, year: number): Holiday[] {
  const key = `${country}:${year}`;
  let list = byCountryYear.get(key);
  if (!list) {
    const seen = new Map<string, Holiday>();
    const source = new Holidays(country, { languages: ['en'], types: ['public'] });
    // A country the tables lack answers nothing at all, whatever the types say.
    for (const h of (source.getHolidays(year) as ReturnType<typeof source.getHolidays> | undefined) ?? []) {
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

/** Public holidays of a country between two dates, both included. */
export function publicHolidaysBetween(country: string, start: string, end: string): Holiday[] {
  const from = dateOnly(start);
  const to = dateOnly(end);
  const out: Holiday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of publicHolidaysOf(country, year)) if (h.date >= from && h.date <= to) out.push(h);
  }
  return out;
}
