import {
  addMonths,
  addQuarters,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfQuarter,
  endOfWeek,
  startOfMonth,
  startOfQuarter,
  startOfWeek,
} from 'date-fns';
import { defineMessage, type IntlShape } from 'react-intl';
import { dateString, daysBetween, utcDate, weekday as weekdayOf } from '@shared/calendar/dates';
import { weekOf, worksOn, type DayPart, type WorkingWeek } from '@shared/calendar/workingWeek';
import { LEAVE_TYPE_NAME } from '@shared/i18n/sharedMessages';
import { longDayText } from '@renderer/i18n/dates';
import type { ChartData, ChartLeave } from '@shared/appApi';
import type { LeaveType } from '@shared/wire';

export type Zoom = 'week' | 'month' | 'quarter';

/**
 * The days a zoom shows around a date: its week (from the locale's first day: Monday unless told),
 * month or calendar quarter.
 */
export function viewRange(
  zoom: Zoom,
  anchor: string,
  weekStartsOn: 0 | 1 | 2 | 3 | 4 | 5 | 6 = 1,
): { startDate: string; endDate: string } {
  const day = utcDate(anchor);
  const [start, end] =
    zoom === 'week'
      ? [startOfWeek(day, { weekStartsOn }), endOfWeek(day, { weekStartsOn })]
      : zoom === 'month'
        ? [startOfMonth(day), endOfMonth(day)]
        : [startOfQuarter(day), endOfQuarter(day)];
  return { startDate: dateString(start), endDate: dateString(end) };
}

/** The anchor one step before or after: a week, or the first day of the month or quarter. */
export function stepAnchor(zoom: Zoom, anchor: string, by: -1 | 1): string {
  const day = utcDate(anchor);
  if (zoom === 'week') return dateString(addWeeks(day, by));
  return dateString(startOfMonth(zoom === 'month' ? addMonths(day, by) : addQuarters(day, by)));
}

let lastDays: { key: string; days: readonly string[] } = { key: '', days: [] };

/** The dates of a range; the same array while the range stays, so memoized rows keep their props. */
export function daysOf(range: { startDate: string; endDate: string }): readonly string[] {
  const key = `${range.startDate}/${range.endDate}`;
  if (lastDays.key !== key) {
    const interval = { start: utcDate(range.startDate), end: utcDate(range.endDate) };
    lastDays = { key, days: eachDayOfInterval(interval).map(dateString) };
  }
  return lastDays.days;
}

/**
 * Each leave type's letter on the chart: colour is never the only sign. Each language's own, one
 * letter each (a quarter's day is 10 pixels wide), the key saying what each stands for.
 */
export const TYPE_LETTER = defineMessage<{ type: LeaveType }>({
  id: 'calendar.typeLetter',
  defaultMessage:
    '{type, select, ANNUAL {A} SICK {S} UNPAID {U} MATERNITY {M} PATERNITY {P} BEREAVEMENT {B} other {O}}',
});

const MESSAGES = {
  noDepartment: defineMessage({ id: 'calendar.chart.noDepartment', defaultMessage: 'No department' }),
  cell: defineMessage<{ person: string; date: string; today: 'yes' | 'no'; details: string }>({
    id: 'calendar.cell',
    defaultMessage: '{person}, {date}{today, select, yes { (today)} other {}}: {details}',
  }),
  leave: defineMessage<{
    leaveType: string;
    half: 'MORNING' | 'AFTERNOON' | 'none';
    status: 'PENDING' | 'APPROVED';
    waiting: 'yes' | 'no';
  }>({
    id: 'calendar.cell.leave',
    defaultMessage:
      '{leaveType}{half, select, MORNING { (morning)} AFTERNOON { (afternoon)} other {}}, {status, select, PENDING {pending} other {approved}}{waiting, select, yes { (waiting to sync)} other {}}',
  }),
  holiday: defineMessage<{ holiday: string }>({
    id: 'calendar.cell.holiday',
    defaultMessage: '{holiday} (public holiday)',
  }),
  weekend: defineMessage({ id: 'calendar.cell.weekend', defaultMessage: 'weekend' }),
  notWorking: defineMessage({ id: 'calendar.cell.notWorking', defaultMessage: 'not a working day' }),
  halfWorked: defineMessage<{ half: 'MORNING' | 'AFTERNOON' }>({
    id: 'calendar.cell.halfWorked',
    defaultMessage: 'works the {half, select, MORNING {morning} other {afternoon}} only',
  }),
  noLeave: defineMessage({ id: 'calendar.cell.noLeave', defaultMessage: 'no leave' }),
};

export interface ChartPerson {
  id: string;
  name: string;
  /** Beside the name: the department, and for namesakes what else tells them apart. */
  detail: string;
  department: string;
  country: string;
  leave: ChartLeave[];
  holidays: Map<string, string>;
  /** What they work of each ISO weekday (index 1 Monday … 7 Sunday): FULL, a half, or null. */
  works: readonly (DayPart | null)[];
}

export type ChartRow = { kind: 'group'; department: string; count: number } | { kind: 'person'; person: ChartPerson };

/**
 * People grouped by department (in name order within each), one heading row per department.
 * Namesakes are told apart by their department, or where that is shared too, by their country.
 */
export function chartRows(data: ChartData, departmentNames: ReadonlyMap<string, string>, intl: IntlShape): ChartRow[] {
  const noDepartment = intl.formatMessage(MESSAGES.noDepartment);
  const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;
  const nameCount = new Map<string, number>();
  const nameInDepartment = new Map<string, number>();
  for (const u of data.people) {
    nameCount.set(fullName(u), (nameCount.get(fullName(u)) ?? 0) + 1);
    const key = `${fullName(u)}/${u.departmentId}`;
    nameInDepartment.set(key, (nameInDepartment.get(key) ?? 0) + 1);
  }
  const leaveOf = new Map<string, ChartLeave[]>();
  for (const l of data.leave) {
    const list = leaveOf.get(l.userId);
    if (list) list.push(l);
    else leaveOf.set(l.userId, [l]);
  }
  const holidaysOf = new Map<string, Map<string, string>>();
  const organizationWorks = worksOf(weekOf({}, { workingWeek: data.organizationWeek }));
  const groups = new Map<string, ChartPerson[]>();
  for (const user of data.people) {
    const department = (user.departmentId && departmentNames.get(user.departmentId)) || noDepartment;
    const sameDepartment = (nameInDepartment.get(`${fullName(user)}/${user.departmentId}`) ?? 0) > 1;
    let holidays = holidaysOf.get(user.nationality);
    if (!holidays) {
      holidays = new Map((data.holidays[user.nationality] ?? []).map((h) => [h.date, h.name]));
      holidaysOf.set(user.nationality, holidays);
    }
    const person: ChartPerson = {
      id: user.id,
      name: fullName(user),
      detail: sameDepartment ? `${department}, ${user.nationality}` : department,
      department,
      country: user.nationality,
      leave: (leaveOf.get(user.id) ?? []).sort((a, b) => a.startDate.localeCompare(b.startDate)),
      holidays,
      works: user.workingWeek ? worksOf(user.workingWeek) : organizationWorks,
    };
    const list = groups.get(department) ?? [];
    list.push(person);
    groups.set(department, list);
  }
  const rows: ChartRow[] = [];
  for (const department of [...groups.keys()].sort((a, b) => a.localeCompare(b))) {
    const people = groups.get(department)!;
    rows.push({ kind: 'group', department, count: people.length });
    for (const person of people) rows.push({ kind: 'person', person });
  }
  return rows;
}

export function leaveOn(person: ChartPerson, day: string): ChartLeave | undefined {
  return person.leave.find((l) => l.startDate <= day && l.endDate >= day);
}

/** A person's leave on each of `count` days from `first`, found in one pass over their leave. */
export function leaveByDay(person: ChartPerson, first: string, count: number): (ChartLeave | undefined)[] {
  const out = new Array<ChartLeave | undefined>(count).fill(undefined);
  for (const l of person.leave) {
    const from = Math.max(0, daysBetween(first, l.startDate));
    const to = Math.min(count - 1, daysBetween(first, l.endDate));
    for (let i = from; i <= to; i++) out[i] ??= l;
  }
  return out;
}

/** A week as the part worked of each ISO weekday (index 1 Monday … 7 Sunday). */
function worksOf(week: WorkingWeek): readonly (DayPart | null)[] {
  return [null, 1, 2, 3, 4, 5, 6, 7].map((d) => (d === null ? null : worksOn(week, d)));
}

/** What the chart needs of each day, worked out once per range rather than once per cell. */
export interface DayInfo {
  day: string;
  long: string;
  /** Not a working day of the organization's week (a weekend where the week is Monday to Friday). */
  weekend: boolean;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
}
let lastInfo: { days: readonly string[]; week: string; locale: string; info: readonly DayInfo[] } = {
  days: [],
  week: '',
  locale: '',
  info: [],
};
/** Each day shown, named in full as the page's locale writes it ("Monday 25 January 2027", "Montag, 25. Januar 2027"). */
export function dayInfoOf(
  intl: Pick<IntlShape, 'locale'>,
  days: readonly string[],
  organizationWeek: readonly number[] = [1, 2, 3, 4, 5],
): readonly DayInfo[] {
  const week = organizationWeek.join();
  if (lastInfo.days !== days || lastInfo.week !== week || lastInfo.locale !== intl.locale) {
    lastInfo = {
      days,
      week,
      locale: intl.locale,
      info: days.map((day) => {
        const weekday = weekdayOf(day) || 7;
        return { day, long: longDayText(intl, day), weekend: !organizationWeek.includes(weekday), weekday };
      }),
    };
  }
  return lastInfo.info;
}

/** The half of a day a leave takes on it: its first day from midday, its last until midday; else null. */
export function halfOn(leave: ChartLeave, day: string): 'MORNING' | 'AFTERNOON' | null {
  if (day === leave.startDate && leave.startPart === 'AFTERNOON') return 'AFTERNOON';
  if (day === leave.endDate && leave.endPart === 'MORNING') return 'MORNING';
  return null;
}

/** How many of the people shown are away each day (a day they do not work counts none). */
export function peopleOut(people: readonly ChartPerson[], days: readonly string[]): number[] {
  const counts = days.map(() => 0);
  const first = days[0];
  if (!first) return counts;
  const weekdays = days.map((d) => weekdayOf(d) || 7);
  const out = new Uint8Array(days.length);
  for (const person of people) {
    if (person.leave.length === 0) continue;
    out.fill(0);
    for (const l of person.leave) {
      const from = Math.max(0, daysBetween(first, l.startDate));
      const to = Math.min(days.length - 1, daysBetween(first, l.endDate));
      for (let i = from; i <= to; i++) if (person.works[weekdays[i]!] && !person.holidays.has(days[i]!)) out[i] = 1;
    }
    for (let i = 0; i < days.length; i++) counts[i]! += out[i]!;
  }
  return counts;
}

/** What a cell says to a screen reader: the person, the date, and everything on it. */
export function cellName(
  intl: IntlShape,
  person: ChartPerson,
  info: DayInfo,
  today: string,
  leave: ChartLeave | undefined = leaveOn(person, info.day),
  waiting = false,
): string {
  const parts: string[] = [];
  if (leave) {
    parts.push(
      intl.formatMessage(MESSAGES.leave, {
        leaveType: intl.formatMessage(LEAVE_TYPE_NAME, { type: leave.type }),
        half: halfOn(leave, info.day) ?? 'none',
        status: leave.status === 'PENDING' ? 'PENDING' : 'APPROVED',
        waiting: waiting ? 'yes' : 'no',
      }),
    );
  }
  const holiday = person.holidays.get(info.day);
  if (holiday) parts.push(intl.formatMessage(MESSAGES.holiday, { holiday }));
  const works = person.works[info.weekday];
  if (!works) parts.push(intl.formatMessage(info.weekend ? MESSAGES.weekend : MESSAGES.notWorking));
  else if (works !== 'FULL') parts.push(intl.formatMessage(MESSAGES.halfWorked, { half: works }));
  if (parts.length === 0) parts.push(intl.formatMessage(MESSAGES.noLeave));
  return intl.formatMessage(MESSAGES.cell, {
    person: person.name,
    date: info.long,
    today: info.day === today ? 'yes' : 'no',
    details: parts.join('; '),
  });
}

/** The public holidays of the people shown, once each: its date, name and the countries keeping it. */
export function holidaysShown(people: readonly ChartPerson[], days: readonly string[]) {
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? '';
  const byKey = new Map<string, { date: string; name: string; countries: Set<string> }>();
  const countriesSeen = new Set<string>();
  for (const person of people) {
    // Everyone of a country has the same holidays: each country's are read once.
    if (countriesSeen.has(person.country)) continue;
    countriesSeen.add(person.country);
    for (const [date, name] of person.holidays) {
      if (date < first || date > last) continue;
      const key = `${date}/${name}`;
      const entry = byKey.get(key) ?? { date, name, countries: new Set<string>() };
      entry.countries.add(person.country);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
}
