import { addDays, daysBetween, weekday } from '../calendar/dates';
import type { EndPart, StartPart } from '../wire/leave';
import type { DayPart, PersonWeek } from '../wire/users';
import { AFTERNOON_BIT, MORNING_BIT, takenOnFirstDay, takenOnLastDay, WHOLE_DAY } from '../rules/leaveRules';
import { publicHolidaysBetween } from './publicHolidays';

export type { DayPart };

/** One working day of a week: its ISO weekday (1 Monday … 7 Sunday) and the part of it worked. */
export interface WorkingDay {
  weekday: number;
  part: DayPart;
}

/** Someone's working week: the days they work, each whole or a half. */
export type WorkingWeek = readonly WorkingDay[];

/** Monday to Friday, whole days: the week of an organization that says nothing else. */
export const STANDARD_WEEK: WorkingWeek = weekOfDays([1, 2, 3, 4, 5]);

/** An organization's week as its policy gives it (ISO weekdays), each day whole. */
export function weekOfDays(isoWeekdays: readonly number[]): WorkingWeek {
  return isoWeekdays.map((day) => ({ weekday: day, part: 'FULL' as const }));
}

const organizationWeeks = new Map<string, WorkingWeek>();

/**
 * Whose week counts a person's leave: their own when they have one, else the organization's (kept
 * once made, so the counts keyed by week find it again).
 */
export function weekOf(
  person: { workingWeek?: PersonWeek | null },
  policy: { workingWeek?: readonly number[] },
): WorkingWeek {
  if (person.workingWeek?.length) return person.workingWeek;
  const days = policy.workingWeek ?? [1, 2, 3, 4, 5];
  const key = days.join();
  let week = organizationWeeks.get(key);
  if (!week) organizationWeeks.set(key, (week = key === '1,2,3,4,5' ? STANDARD_WEEK : weekOfDays(days)));
  return week;
}

const weekKeys = new WeakMap<WorkingWeek, string>();

/** A week's halves by weekday as a short key ("0333330"): two weeks working the same halves share it. */
export function weekKey(week: WorkingWeek): string {
  let key = weekKeys.get(week);
  if (key === undefined) weekKeys.set(week, (key = halvesByWeekday(week).join('')));
  return key;
}

/** Whether someone with this week works any of this ISO weekday (1 Monday … 7 Sunday). */
export function worksOn(week: WorkingWeek, isoWeekday: number): DayPart | null {
  const bits = halvesByWeekday(week)[isoWeekday % 7]!;
  return bits === WHOLE_DAY ? 'FULL' : bits === MORNING_BIT ? 'MORNING' : bits === AFTERNOON_BIT ? 'AFTERNOON' : null;
}

/** The dates of a leave request and where its first and last days start and end. */
export interface LeaveSpan {
  start: string;
  end: string;
  /** AFTERNOON: the first day is taken from midday. */
  startPart?: StartPart;
  /** MORNING: the last day is taken until midday. */
  endPart?: EndPart;
}

const HALVES: Record<DayPart, number> = { FULL: WHOLE_DAY, MORNING: MORNING_BIT, AFTERNOON: AFTERNOON_BIT };
const halvesIn = (bits: number) => (bits & MORNING_BIT) + ((bits & AFTERNOON_BIT) >> 1);

// Worked out once a week: every request is counted, and a week is a handful of objects at most.
const byWeekday = new WeakMap<WorkingWeek, readonly number[]>();

/** The halves worked on each weekday, indexed 0 = Sunday … 6 = Saturday. */
function halvesByWeekday(week: WorkingWeek): readonly number[] {
  let worked = byWeekday.get(week);
  if (!worked) {
    const bits = [0, 0, 0, 0, 0, 0, 0];
    for (const d of week) bits[d.weekday % 7]! |= HALVES[d.part];
    byWeekday.set(week, (worked = bits));
  }
  return worked;
}

/** How many days a week is worth: Monday to Wednesday is 3, five mornings 2.5. */
export function weekLength(week: WorkingWeek): number {
  return halvesByWeekday(week).reduce((sum, bits) => sum + halvesIn(bits), 0) / 2;
}

/**
 * The days a leave request takes, in halves: only the owner's working days (and the halves of
 * them worked) count, public holidays of their nationality do not, its first day from midday when
 * it starts in the afternoon and its last until midday when it ends in the morning. Wednesday
 * afternoon to Friday morning is 2 days; a Wednesday for someone who works its mornings, 0.5.
 */
export function countLeaveDays(span: LeaveSpan, nationality: string, week: WorkingWeek = STANDARD_WEEK): number {
  const worked = halvesByWeekday(week);
  const holidays = new Set(publicHolidaysBetween(nationality, span.start, span.end).map((h) => h.date));
  const length = daysBetween(span.start, span.end) + 1;
  let halves = 0;
  // Weekdays counted on, dates written only to look up holidays: every leave request counts its
  // days, and a date per day was a tenth of the service's work on one.
  for (let i = 0, day = weekday(span.start); i < length; i++, day = (day + 1) % 7) {
    let taken = worked[day]!;
    if (i === 0) taken &= takenOnFirstDay(span.startPart);
    if (i === length - 1) taken &= takenOnLastDay(span.endPart);
    if (taken === 0) continue;
    if (holidays.size > 0 && holidays.has(addDays(span.start, i))) continue;
    halves += halvesIn(taken);
  }
  return halves / 2;
}

/**
 * Working days of a leave request, start and end included: weekends and the public holidays of
 * the owner's nationality do not count (docs/service.md, Leave). The client uses it for offline requests.
 */
export function countWorkingDays(start: string, end: string, nationality: string): number {
  return countLeaveDays({ start, end }, nationality);
}
