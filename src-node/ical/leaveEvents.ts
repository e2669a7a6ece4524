import { createEvents, type DateArray, type EventAttributes } from 'ics';
import { addDays, dateOnly } from '@shared/calendar/dates';
import type { EndPart, StartPart } from '@shared/wire';

// Leave as RFC 5545, written the same way by the app's export and the service's calendar feeds.

/** Where a working day starts and ends around its midday split, for the times of half days. */
export const DAY_STARTS_AT = '09:00';
export const DAY_ENDS_AT = '17:30';

/** One leave request as a calendar shows it. */
export interface IcalLeave {
  id: string;
  startDate: string;
  endDate: string;
  startPart?: StartPart | null;
  endPart?: EndPart | null;
  status: 'APPROVED' | 'PENDING' | string;
  updatedAt: string;
}

const day = (iso: string): [number, number, number] => {
  const [y, m, d] = dateOnly(iso).split('-').map(Number);
  return [y!, m!, d!];
};

const at = (iso: string, time: string): DateArray => {
  const [h, min] = time.split(':').map(Number);
  return [...day(iso), h!, min!];
};

/**
 * A request's VEVENT: all day (DTEND the day after its last, as the RFC has it) unless it starts
 * or ends at midday, then timed from the day's start or `middayAt` to `middayAt` or the day's end,
 * in floating time (each reader's own zone: 09:00 is 09:00 where the person is). TENTATIVE while
 * pending; busy as out of office.
 */
export function leaveEvent(
  leave: IcalLeave,
  words: { title: string; description: string; category: string },
  middayAt: string,
): EventAttributes {
  const halves = (leave.startPart ?? 'FULL') !== 'FULL' || (leave.endPart ?? 'FULL') !== 'FULL';
  const common = {
    uid: `${leave.id}@hr-offline`,
    title: words.title,
    description: words.description,
    status: leave.status === 'APPROVED' ? ('CONFIRMED' as const) : ('TENTATIVE' as const),
    busyStatus: 'OOF' as const,
    transp: 'OPAQUE' as const,
    categories: [words.category],
    lastModified: Date.parse(leave.updatedAt),
  };
  if (!halves) return { ...common, start: day(leave.startDate), end: day(addDays(dateOnly(leave.endDate), 1)) };
  return {
    ...common,
    start: at(leave.startDate, leave.startPart === 'AFTERNOON' ? middayAt : DAY_STARTS_AT),
    startInputType: 'local',
    startOutputType: 'local',
    end: at(leave.endDate, leave.endPart === 'MORNING' ? middayAt : DAY_ENDS_AT),
    endInputType: 'local',
    endOutputType: 'local',
  };
}

/** An all-day event of a public holiday, with its words in the reader's language. */
export function holidayEvent(
  holiday: { date: string },
  country: string,
  words: { title: string; category: string },
): EventAttributes {
  return {
    uid: `holiday-${country}-${holiday.date}@hr-offline`,
    title: words.title,
    start: day(holiday.date),
    end: day(addDays(holiday.date, 1)),
    transp: 'TRANSPARENT',
    categories: [words.category],
  };
}

/** The calendar's text, or an error in words when the library refuses an event. */
export function calendarText(
  events: EventAttributes[],
  options: { productId: string; calName: string },
): { text: string } | { error: string } {
  if (events.length === 0) {
    // ics writes nothing for no events; a subscribed calendar must stay a calendar while empty.
    return {
      text: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'CALSCALE:GREGORIAN',
        `PRODID:${options.productId}`,
        'METHOD:PUBLISH',
        `X-WR-CALNAME:${options.calName}`,
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    };
  }
  const { error, value } = createEvents(events, options);
  return error || !value ? { error: error?.message ?? 'The calendar could not be written' } : { text: value };
}
