import { defineMessages } from '@formatjs/intl';
import { LEAVE_TYPE_NAMES } from '@shared/rules/leaveTypeNames';
import type { CalendarPage } from '@shared/appApi';
import { speak } from '../api/language';
import { calendarText, leaveEvent } from '../../../src-node/ical/leaveEvents';
import { AppFailure } from '../app/appError';

// A file that cannot be written is told in the page's language.
const REFUSALS = defineMessages({
  notWritten: { id: 'core.calendar.fileNotWritten', defaultMessage: 'The calendar file could not be written' },
});

/**
 * The leave of a calendar as RFC 5545: one VEVENT per request, all day or, for half days, timed
 * around the policy's midday. Notes stay out: a file travels further than the app's views.
 */
export function icalOf(
  calendar: CalendarPage,
  productId: string,
  middayAt = '13:00',
): { text: string; events: number } {
  const events = calendar.users.flatMap(({ user, leave }) =>
    leave.map((l) =>
      leaveEvent(
        l,
        {
          title: `${user.firstName} ${user.lastName}: ${LEAVE_TYPE_NAMES[l.type]}`,
          description: `${LEAVE_TYPE_NAMES[l.type]}, ${l.days} working day${l.days === 1 ? '' : 's'} (${l.status.toLowerCase()})`,
          category: LEAVE_TYPE_NAMES[l.type],
        },
        middayAt,
      ),
    ),
  );
  if (events.length === 0) return { text: '', events: 0 };
  const written = calendarText(events, { productId, calName: 'Leave' });
  if ('error' in written) throw new AppFailure('INTERNAL', speak(REFUSALS.notWritten));
  return { text: written.text, events: events.length };
}
