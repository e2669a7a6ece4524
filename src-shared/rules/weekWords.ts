import type { DayPart, PersonWeek } from '../wire/users';

/** ISO weekday names, Monday first (index: weekday − 1). */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const PART_WORDS: Record<DayPart, string> = { FULL: '', MORNING: ' mornings', AFTERNOON: ' afternoons' };

/**
 * A working week in words: "Monday to Friday", "Monday to Wednesday", "Monday to Friday mornings",
 * "Sunday to Thursday", "Monday, Wednesday mornings and Friday afternoons". A week that works Sunday
 * and Monday but not Saturday is read from Sunday.
 */
export function weekWords(week: PersonWeek | readonly number[]): string {
  const days = week.map((d) => (typeof d === 'number' ? { weekday: d, part: 'FULL' as const } : d));
  if (days.length === 0) return 'No working days';
  const has = (n: number) => days.some((d) => d.weekday === n);
  const fromSunday = has(7) && has(1) && !has(6);
  const order = (n: number) => (fromSunday ? n % 7 : n);
  const sorted = [...days].sort((a, b) => order(a.weekday) - order(b.weekday));
  const runs: { first: number; last: number; part: DayPart; length: number }[] = [];
  for (const d of sorted) {
    const run = runs.at(-1);
    if (run && run.part === d.part && order(d.weekday) === order(run.last) + 1) {
      run.last = d.weekday;
      run.length += 1;
    } else runs.push({ first: d.weekday, last: d.weekday, part: d.part, length: 1 });
  }
  const words = runs.flatMap((r) => {
    const name = (n: number) => WEEKDAY_NAMES[n - 1]!;
    const suffix = PART_WORDS[r.part];
    if (r.length >= 3) return [`${name(r.first)} to ${name(r.last)}${suffix}`];
    if (r.length === 2) return [`${name(r.first)}${suffix}`, `${name(r.last)}${suffix}`];
    return [`${name(r.first)}${suffix}`];
  });
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
