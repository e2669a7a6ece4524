import { createIntl, type MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { ChartData, ChartLeave } from '../../src-shared/appApi';
import {
  cellName,
  chartRows,
  holidaysShown,
  peopleOut,
  stepAnchor,
  viewRange,
  daysOf,
  dayInfoOf,
  leaveByDay,
  leaveOn,
  type ChartPerson,
} from '../../src-renderer/features/calendar/chartModel';
import { longDayText } from '../../src-renderer/i18n/dates';
import english from '../../src-shared/i18n/compiled/en.json';

/** The chart's words as the app gives them in English. */
const intl = createIntl({
  locale: 'en',
  defaultLocale: 'en',
  messages: english as Record<string, MessageFormatElement[]>,
  onError: (error) => {
    throw error;
  },
});

const leave = (userId: string, start: string, end: string, extra: Partial<ChartLeave> = {}): ChartLeave => ({
  id: `${userId}-${start}`,
  userId,
  startDate: start,
  endDate: end,
  type: 'ANNUAL',
  status: 'APPROVED',
  days: 1,
  startPart: null,
  endPart: null,
  ...extra,
});

const MONDAY_TO_FRIDAY = [null, 'FULL', 'FULL', 'FULL', 'FULL', 'FULL', null, null] as const;

const person = (
  id: string,
  leaveList: ChartLeave[],
  holidays: [string, string][] = [],
  works: ChartPerson['works'] = MONDAY_TO_FRIDAY,
): ChartPerson => ({
  id,
  name: id,
  detail: 'Engineering',
  department: 'Engineering',
  country: 'GB',
  leave: leaveList,
  holidays: new Map(holidays),
  works,
});

describe('the wall chart model', () => {
  it('a zoom shows its week (Monday first), month or calendar quarter, and steps by it', () => {
    expect(viewRange('week', '2026-11-25')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
    expect(viewRange('week', '2026-11-29')).toEqual({ startDate: '2026-11-23', endDate: '2026-11-29' });
    // Where the week starts on Sunday (the United States), the Sunday opens the next one.
    expect(viewRange('week', '2026-11-29', 0)).toEqual({ startDate: '2026-11-29', endDate: '2026-12-05' });
    expect(viewRange('month', '2028-02-10')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(viewRange('quarter', '2026-11-25')).toEqual({ startDate: '2026-10-01', endDate: '2026-12-31' });
    expect(stepAnchor('quarter', '2026-11-25', 1)).toBe('2027-02-01');
    expect(viewRange('quarter', stepAnchor('quarter', '2026-11-25', 1)).startDate).toBe('2027-01-01');
    expect(stepAnchor('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(stepAnchor('week', '2026-11-25', -1)).toBe('2026-11-18');
    expect(daysOf(viewRange('quarter', '2027-02-01'))).toHaveLength(90);
  });

  it('counts the people out each working day: not on weekends, not on their own public holidays', () => {
    const days = daysOf({ startDate: '2026-12-24', endDate: '2026-12-28' }); // Thu … Mon
    const people = [
      person('a', [leave('a', '2026-12-21', '2026-12-31')], [['2026-12-25', 'Christmas Day']]),
      person('b', [leave('b', '2026-12-24', '2026-12-24'), leave('b', '2026-12-28', '2027-01-02')]),
      person('c', []),
    ];
    expect(peopleOut(people, days)).toEqual([2, 0, 0, 0, 2]);
  });

  it('counts a part-timer out only on the days they work, and says a half day and a day off in the cell’s name', () => {
    const days = daysOf({ startDate: '2026-11-23', endDate: '2026-11-27' }); // Mon … Fri
    const mondayToWednesday = [null, 'FULL', 'FULL', 'FULL', null, null, null, null] as const;
    const partTimer = person('p', [leave('p', '2026-11-23', '2026-11-27')], [], mondayToWednesday);
    const half = person('h', [leave('h', '2026-11-27', '2026-11-27', { startPart: 'AFTERNOON' })]);
    expect(peopleOut([partTimer, half], days)).toEqual([1, 1, 1, 0, 1]);
    const info = dayInfoOf(intl, days);
    expect(cellName(intl, half, info[4]!, '2026-11-01')).toBe(
      'h, Friday, 27 November 2026: Annual leave (afternoon), approved',
    );
    expect(cellName(intl, partTimer, info[3]!, '2026-11-01')).toBe(
      'p, Thursday, 26 November 2026: Annual leave, approved; not a working day',
    );
    // Sunday to Thursday: Friday and Saturday are the weekend.
    const gulf = dayInfoOf(intl, daysOf({ startDate: '2026-11-27', endDate: '2026-11-29' }), [7, 1, 2, 3, 4]);
    expect(gulf.map((d) => d.weekend)).toEqual([true, true, false]);
  });

  it('groups people by department, and tells namesakes apart', () => {
    const user = (id: string, firstName: string, departmentId: string, nationality = 'GB') => ({
      id,
      firstName,
      lastName: 'Smith',
      departmentId,
      nationality,
    });
    const page: ChartData = {
      range: { startDate: '2026-12-01', endDate: '2026-12-31' },
      people: [user('1', 'Sam', 'd2'), user('2', 'Sam', 'd1'), user('3', 'Sam', 'd1', 'FR'), user('4', 'Ann', 'd2')],
      leave: [leave('4', '2026-12-02', '2026-12-03'), leave('4', '2026-12-01', '2026-12-01')],
      holidays: { GB: [{ date: '2026-12-25', name: 'Christmas Day' }], FR: [] },
      known: 4,
      synced: null,
      organizationWeek: [1, 2, 3, 4, 5],
      blocked: [],
    };
    const rows = chartRows(
      page,
      new Map([
        ['d1', 'Sales'],
        ['d2', 'Engineering'],
      ]),
      intl,
    );
    expect(
      rows.map((r) =>
        r.kind === 'group' ? `# ${r.department} (${r.count})` : `${r.person.name} · ${r.person.detail}`,
      ),
    ).toEqual([
      '# Engineering (2)',
      'Sam Smith · Engineering',
      'Ann Smith · Engineering',
      '# Sales (2)',
      'Sam Smith · Sales, GB',
      'Sam Smith · Sales, FR',
    ]);
    // Each person's leave in date order; holidays by their country.
    const ann = rows.flatMap((r) => (r.kind === 'person' && r.person.id === '4' ? [r.person] : []))[0]!;
    expect(ann.leave.map((l) => l.startDate)).toEqual(['2026-12-01', '2026-12-02']);
    expect([...ann.holidays]).toEqual([['2026-12-25', 'Christmas Day']]);
    expect(leaveByDay(ann, '2026-11-30', 5).map((l) => l?.startDate ?? '-')).toEqual([
      '-',
      '2026-12-01',
      '2026-12-02',
      '2026-12-02',
      '-',
    ]);
  });

  it('names a cell by its person, date and everything on it; lists the holidays shown once, with their countries', () => {
    const ada = person(
      'Ada',
      [leave('Ada', '2026-12-24', '2026-12-29', { status: 'PENDING', type: 'SICK' })],
      [['2026-12-25', 'Christmas Day']],
    );
    const [info25, info26] = dayInfoOf(intl, daysOf({ startDate: '2026-12-25', endDate: '2026-12-26' }));
    // Each day is named in full as the page's locale writes it.
    const german = dayInfoOf(createIntl({ locale: 'de' }), daysOf({ startDate: '2026-12-25', endDate: '2026-12-26' }));
    expect(german[0]!.long).toBe('Freitag, 25. Dezember 2026');
    expect(dayInfoOf(createIntl({ locale: 'fr' }), ['2026-12-26'])[0]!.long).toBe('samedi 26 décembre 2026');
    expect(cellName(intl, ada, info25!, '2026-12-25', undefined, false)).toContain(
      '(today): Sick leave, pending; Christmas',
    );
    expect(cellName(intl, ada, info25!, '2026-12-25', leaveOn(ada, '2026-12-25'), true)).toBe(
      `Ada, ${longDayText(intl, '2026-12-25')} (today): Sick leave, pending (waiting to sync); Christmas Day (public holiday)`,
    );
    expect(cellName(intl, ada, dayInfoOf(intl, ['2026-12-30'])[0]!, '2026-12-25')).toBe(
      `Ada, ${longDayText(intl, '2026-12-30')}: no leave`,
    );
    expect(cellName(intl, ada, info26!, '2026-12-25')).toBe(
      `Ada, ${longDayText(intl, '2026-12-26')}: Sick leave, pending; weekend`,
    );
    const fr = { ...person('Luc', []), country: 'FR', holidays: new Map([['2026-12-25', 'Christmas Day']]) };
    expect(holidaysShown([ada, fr], daysOf({ startDate: '2026-12-01', endDate: '2026-12-31' }))).toEqual([
      { date: '2026-12-25', name: 'Christmas Day', countries: new Set(['GB', 'FR']) },
    ]);
  });
});
