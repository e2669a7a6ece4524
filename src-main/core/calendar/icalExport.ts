import { defineMessages } from '@formatjs/intl';
import type { CalendarPage } from '@shared/appApi';
import type { FormatMessage } from '@shared/i18n/format';
import { icalCalendarName, icalLeaveWords } from '@shared/records/icalWords';
import { speak } from '../api/language';
import { calendarText, leaveEvent } from '../../../src-node/ical/leaveEvents';
import { AppFailure } from '../app/appError';

// A file that cannot be written is told in the page's language.
const REFUSALS = defineMessages({
  notWritten: { id: 'core.calendar.fileNotWritten', defaultMessage: 'The calendar file could not be written' },
});

/**
 * The leave of a calendar as RFC 5545: one VEVENT per request, all day or, for half days, timed
 * around the policy's midday, its words in `format`'s language (the page's). Notes stay out: a file
 * travels further than the app's views.
 */
export function icalOf(
  calendar: CalendarPage,
  productId: string,
  format: FormatMessage,
  middayAt = '13:00',
): { text: string; events: number } {
  const events = calendar.users.flatMap(({ user, leave }) =>
    leave.map((l) => leaveEvent(l, icalLeaveWords(format, `${user.firstName} ${user.lastName}`, l), middayAt)),
  );
  if (events.length === 0) return { text: '', events: 0 };
  const written = calendarText(events, { productId, calName: icalCalendarName(format) });
  if ('error' in written) throw new AppFailure('INTERNAL', speak(REFUSALS.notWritten));
  return { text: written.text, events: events.length };
}
