import { z } from 'zod';
import { addDays, utcToday } from '@shared/calendar/dates';
import { MAX_RANGE_DAYS } from '@shared/rules';
import { calendarSchema, holidaySchema } from '@shared/wire';
import {
  clearCalendarPiece,
  keepCalendarLeaveWithin,
  writeCalendarLeave,
  writeCalendarUser,
  writeHolidays,
} from './calendarStore';
import { setMeta } from '../cache/openCache';
import { forgetPages } from '../cache/syncPages';
import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { conditionalGet, settled } from '../sync/pull/pages';

/** The dates of the calendar kept offline, around today. */
export function calendarWindow(ctx: PullContext): { startDate: string; endDate: string } {
  const today = utcToday(ctx.now());
  return {
    startDate: addDays(today, -ctx.calendarWindow.daysBack),
    endDate: addDays(today, ctx.calendarWindow.daysAhead),
  };
}

/** The service answers a calendar of at most MAX_RANGE_DAYS: a longer window is asked in pieces. */
export function calendarPieces(window: {
  startDate: string;
  endDate: string;
}): { startDate: string; endDate: string }[] {
  const pieces = [];
  for (let from = window.startDate; from <= window.endDate; from = addDays(from, MAX_RANGE_DAYS)) {
    const to = addDays(from, MAX_RANGE_DAYS - 1);
    pieces.push({ startDate: from, endDate: to < window.endDate ? to : window.endDate });
  }
  return pieces;
}

/**
 * The calendar as pulled, checked a person at a time as each is stored (a checked copy of ten
 * thousand people at once was the largest thing a first sync held). Everyone of one nationality has
 * the same holidays (the contract), so each country's list is checked and stored once, from its
 * first person, not once per person.
 */
const calendarPullSchema = calendarSchema.extend({ users: z.array(z.unknown()) });
const calendarEntrySchema = calendarSchema.shape.users.element.extend({ holidays: z.array(z.unknown()) });
const holidayListSchema = z.array(holidaySchema);

/**
 * The calendar for the offline window; the service decides what each person may see. Each piece
 * that changed replaces the leave overlapping it (exactly what its answer holds) and the people
 * (the same in every piece: who is shown does not depend on the dates).
 */
export async function pullCalendar(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const window = calendarWindow(ctx);
  const pieces = calendarPieces(window);
  run.progress.expect(pieces.length);
  const keys = pieces.map((p) => `calendar#${p.startDate}#${p.endDate}`);
  forgetPages(db, 'calendar#', keys);
  // Every piece is asked for at once: the service builds the next while this side stores one.
  // The leave of the people in the account's scope comes whole from the leave lists (pullLeave):
  // the calendar brings only the rest, not a second copy of it.
  const answers = pieces.map((piece, i) =>
    conditionalGet(ctx, run, keys[i]!, 'api/leave/calendar', { ...piece, leaveOf: 'outsideScope' }),
  );
  const stored = (async () => {
    // The people are the same in every piece of one pull: written from the first that changed.
    let people = true;
    for (const [i, piece] of pieces.entries()) {
      const res = await answers[i]!;
      run.progress.step();
      if (!res) continue;
      const calendar = calendarPullSchema.parse(res.body);
      db.transaction(() => {
        clearCalendarPiece(db, piece, people);
        res.remember();
        const countries = new Set<string>();
        for (const raw of calendar.users) {
          const entry = calendarEntrySchema.parse(raw);
          const u = entry.user;
          if (people) writeCalendarUser(db, u);
          for (const l of entry.leave) writeCalendarLeave(db, l);
          if (countries.has(u.nationality)) continue;
          countries.add(u.nationality);
          writeHolidays(db, u.nationality, holidayListSchema.parse(entry.holidays));
        }
      })();
      people = false;
    }
  })();
  // Nothing of the pull writes after it is over: every answer ends first (a 304 renews its tag).
  await settled(run, [stored, ...answers]);
  keepCalendarLeaveWithin(db, window);
  setMeta(db, 'calendarWindow', JSON.stringify(window));
}
