import { describe, expect, it } from 'vitest';
import { publicHolidaysOf } from '../../src-shared/holidays/publicHolidays';
import { countWorkingDays } from '../../src-shared/holidays/workingDays';

/** The rule said plainly: each date, one by one, not Saturday, Sunday or a public holiday. */
function countedOneByOne(start: string, end: string, country: string): number {
  let days = 0;
  for (let at = new Date(`${start.slice(0, 10)}T00:00:00Z`); at <= new Date(`${end.slice(0, 10)}T00:00:00Z`);) {
    const date = at.toISOString().slice(0, 10);
    const holiday = publicHolidaysOf(country, at.getUTCFullYear()).some((h) => h.date === date);
    if (at.getUTCDay() !== 0 && at.getUTCDay() !== 6 && !holiday) days += 1;
    at = new Date(at.getTime() + 86_400_000);
  }
  return days;
}

describe('working days', () => {
  it('skip weekends and the public holidays of the nationality', () => {
    expect(countWorkingDays('2026-04-02', '2026-04-07', 'GB')).toBe(2); // Good Friday, Easter Monday
    expect(countWorkingDays('2026-04-02', '2026-04-07', 'US')).toBe(4);
    expect(countWorkingDays('2026-04-04', '2026-04-05', 'US')).toBe(0); // a weekend
    expect(countWorkingDays('2026-12-25', '2026-12-25', 'DE')).toBe(0); // a holiday on a Friday
    expect(countWorkingDays('2026-12-28', '2027-01-04', 'US')).toBe(5); // across a year
    expect(countWorkingDays('2026-03-10T00:00:00.000Z', '2026-03-12T00:00:00.000Z', 'FR')).toBe(3);
    expect(countWorkingDays('2026-03-12', '2026-03-10', 'FR')).toBe(0); // end before start
  });

  it('agree with counting each date, for any range and country', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 400; i++) {
      const country = ['GB', 'DE', 'FR', 'US', 'IE', 'ES'][random(6)]!;
      const start = new Date(Date.UTC(2025, 0, 1 + random(3 * 365))).toISOString().slice(0, 10);
      const end = new Date(Date.parse(start) + random(60) * 86_400_000).toISOString().slice(0, 10);
      expect([start, end, country, countWorkingDays(start, end, country)]).toEqual([
        start,
        end,
        country,
        countedOneByOne(start, end, country),
      ]);
    }
  });
});
