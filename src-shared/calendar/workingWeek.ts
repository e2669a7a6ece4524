import type { DayPart, PersonWeek } from '../wire/users';

// Working weeks without the holiday tables: the renderer shades the days each person works.

export type { DayPart };

// A day's halves as bits, so what a request takes and what a person works meet with one AND.
export const MORNING_BIT = 1;
export const AFTERNOON_BIT = 2;
export const WHOLE_DAY = MORNING_BIT | AFTERNOON_BIT;

const HALVES: Record<DayPart, number> = { FULL: WHOLE_DAY, MORNING: MORNING_BIT, AFTERNOON: AFTERNOON_BIT };
export const halvesIn = (bits: number) => (bits & MORNING_BIT) + ((bits & AFTERNOON_BIT) >> 1);

// Worked out once a week: every request is counted, and a week is a handful of objects at most.
const byWeekday = new WeakMap<WorkingWeek, readonly number[]>();

/** The halves worked on each weekday, indexed 0 = Sunday … 6 = Saturday. */
export function halvesByWeekday(week: WorkingWeek): readonly number[] {
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
// By the policy's own array too: balances ask for every person, every year, every type.
const weeksOfDays = new WeakMap<readonly number[], WorkingWeek>();

/**
 * Whose week counts a person's leave: their own when they have one, else the organization's (kept
 * once made, so the counts keyed by week find it again).
 */
export function weekOf(
  person: { workingWeek?: PersonWeek | null },
  policy: { workingWeek?: readonly number[] },
): WorkingWeek {
  if (person.workingWeek?.length) return person.workingWeek;
  const days = policy.workingWeek;
  if (!days) return STANDARD_WEEK;
  let week = weeksOfDays.get(days);
  if (!week) {
    const key = days.join();
    week = organizationWeeks.get(key);
    if (!week) organizationWeeks.set(key, (week = key === '1,2,3,4,5' ? STANDARD_WEEK : weekOfDays(days)));
    weeksOfDays.set(days, week);
  }
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
