import { describe, expect, it } from 'vitest';
import { publicHolidaysOf } from '../../src-shared/holidays/publicHolidays';
import {
  countLeaveDays,
  countWorkingDays,
  weekLength,
  weekOfDays,
  type WorkingWeek,
} from '../../src-shared/holidays/workingDays';

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

// 2026-11-25 is a Wednesday; 2026-11-27 a Friday; 2026-11-29 a Sunday.
describe('leave days in halves', () => {
  it('count a half day at either end, and a single half day', () => {
    const days = (start: string, end: string, parts: object = {}) => countLeaveDays({ start, end, ...parts }, 'GB');
    expect(days('2026-11-25', '2026-11-27')).toBe(3);
    expect(days('2026-11-25', '2026-11-27', { startPart: 'AFTERNOON', endPart: 'MORNING' })).toBe(2);
    expect(days('2026-11-25', '2026-11-27', { startPart: 'AFTERNOON' })).toBe(2.5);
    expect(days('2026-11-25', '2026-11-27', { endPart: 'MORNING' })).toBe(2.5);
    expect(days('2026-11-27', '2026-11-27', { startPart: 'AFTERNOON' })).toBe(0.5); // Friday afternoon
    expect(days('2026-11-27', '2026-11-27', { endPart: 'MORNING' })).toBe(0.5);
    // A half on a weekend or a holiday is nothing: Friday afternoon to Monday morning is Friday's half and Monday's.
    expect(days('2026-11-27', '2026-11-30', { startPart: 'AFTERNOON', endPart: 'MORNING' })).toBe(1);
    expect(days('2026-11-28', '2026-11-28', { startPart: 'AFTERNOON' })).toBe(0);
    expect(days('2026-12-24', '2026-12-28', { startPart: 'AFTERNOON', endPart: 'MORNING' })).toBe(0.5); // Christmas, Boxing Day (Monday 28th off)
  });

  it('count only the days and halves of a part-time week', () => {
    const mondayToWednesday = weekOfDays([1, 2, 3]);
    const mornings: WorkingWeek = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, part: 'MORNING' as const }));
    const mixed: WorkingWeek = [
      { weekday: 1, part: 'FULL' },
      { weekday: 3, part: 'MORNING' },
      { weekday: 5, part: 'AFTERNOON' },
    ];
    // Monday 23 to Sunday 29 November 2026: a whole week.
    const week = { start: '2026-11-23', end: '2026-11-29' };
    expect(countLeaveDays(week, 'GB', mondayToWednesday)).toBe(3);
    expect(countLeaveDays(week, 'GB', mornings)).toBe(2.5);
    expect(countLeaveDays(week, 'GB', mixed)).toBe(2);
    // A request starting Wednesday afternoon takes nothing of a morning-only Wednesday.
    expect(countLeaveDays({ ...week, start: '2026-11-25', startPart: 'AFTERNOON' }, 'GB', mornings)).toBe(1);
    // …and half of a Friday worked in the afternoon when it ends that morning: nothing.
    expect(countLeaveDays({ start: '2026-11-27', end: '2026-11-27', endPart: 'MORNING' }, 'GB', mixed)).toBe(0);
    expect([weekLength(mondayToWednesday), weekLength(mornings), weekLength(mixed)]).toEqual([3, 2.5, 2]);
  });

  it('count a Sunday-to-Thursday week, with its holidays', () => {
    const gulf = weekOfDays([7, 1, 2, 3, 4]);
    // Friday 27 to Thursday 3 December 2026: Sunday to Thursday worked; the UAE's National Day, Wednesday 2 December, is not.
    expect(countLeaveDays({ start: '2026-11-27', end: '2026-12-03' }, 'AE', gulf)).toBe(4);
    expect(countLeaveDays({ start: '2026-11-27', end: '2026-12-03' }, 'GB', gulf)).toBe(5);
    expect(countLeaveDays({ start: '2026-11-28', end: '2026-11-29', startPart: 'AFTERNOON' }, 'GB', gulf)).toBe(1);
    expect(weekLength(gulf)).toBe(5);
  });

  it('agree with counting whole days for a whole-day standard week', () => {
    for (const [start, end] of [
      ['2026-04-02', '2026-04-07'],
      ['2026-12-28', '2027-01-04'],
      ['2026-03-10', '2026-03-12'],
    ] as const) {
      expect(countLeaveDays({ start, end, startPart: 'FULL', endPart: 'FULL' }, 'GB')).toBe(
        countWorkingDays(start, end, 'GB'),
      );
    }
  });
});
