import { createEvents, type EventAttributes } from 'ics';
import { addDays, dateOnly } from '@shared/calendar/dates';
import { LEAVE_TYPE_NAMES } from '@shared/rules/leaveTypeNames';
import type { CalendarPage } from '@shared/appApi';
import { AppFailure } from '../app/appError';

const day = (iso: string): [number, number, number] => {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m!, d!];
};

/**
 * The leave of a calendar as RFC 5545: one all-day VEVENT per request (DTEND the day after its
 * last, as the RFC has it), TENTATIVE while pending. Notes stay out: a file travels further than
 * the app's views.
 */
export function icalOf(calendar: CalendarPage, productId: string): { text: string; events: number } {
  const events: EventAttributes[] = calendar.users.flatMap(({ user, leave }) =>
    leave.map((l) => ({
      uid: `${l.id}@hr-offline`,
      title: `${user.firstName} ${user.lastName}: ${LEAVE_TYPE_NAMES[l.type]}`,
      description: `${LEAVE_TYPE_NAMES[l.type]}, ${l.days} working day${l.days === 1 ? '' : 's'} (${l.status.toLowerCase()})`,
      start: day(dateOnly(l.startDate)),
      end: day(addDays(dateOnly(l.endDate), 1)),
      status: l.status === 'APPROVED' ? 'CONFIRMED' : 'TENTATIVE',
      busyStatus: 'OOF',
      transp: 'OPAQUE',
      categories: [LEAVE_TYPE_NAMES[l.type]],
      lastModified: Date.parse(l.updatedAt),
    })),
  );
  if (events.length === 0) return { text: '', events: 0 };
  const { error, value } = createEvents(events, { productId, calName: 'Leave' });
  if (error || !value) throw new AppFailure('INTERNAL', 'The calendar file could not be written');
  return { text: value, events: events.length };
}
