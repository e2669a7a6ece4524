import { defineMessage } from '@formatjs/intl';
import type { LeaveStatus, LeaveType } from '../wire/enums';
import type { FormatMessage } from '../i18n/format';
import { LEAVE_TYPE_NAME } from '../i18n/sharedMessages';

// What the app's iCal export writes about each request, in the language the page is read in: the
// calendar's name, each event's title, description and category. Dates stay the file's own.
const M = {
  calendarName: defineMessage({ id: 'export.ical.calendarName', defaultMessage: 'Leave' }),
  fileName: defineMessage<{ startDate: string; endDate: string }>({
    id: 'export.ical.fileName',
    defaultMessage: 'leave {startDate} to {endDate}.ics',
  }),
  // `what` is the leave type's name (`leave.type`), said first.
  title: defineMessage<{ person: string; what: string }>({
    id: 'export.ical.title',
    defaultMessage: '{person}: {what}',
  }),
  description: defineMessage<{ what: string; days: number; status: LeaveStatus }>({
    id: 'export.ical.description',
    defaultMessage:
      '{what}, {days, plural, one {# working day} other {# working days}} ({status, select, APPROVED {approved} REJECTED {rejected} other {pending}})',
  }),
};

/** A request's words in the export, in `format`'s language. */
export function icalLeaveWords(
  format: FormatMessage,
  person: string,
  leave: { type: LeaveType; days: number; status: LeaveStatus },
): { title: string; description: string; category: string } {
  const what = format(LEAVE_TYPE_NAME.id, { type: leave.type });
  return {
    title: format(M.title.id, { person, what }),
    description: format(M.description.id, { what, days: leave.days, status: leave.status }),
    category: what,
  };
}

/** The exported calendar's name. */
export const icalCalendarName = (format: FormatMessage): string => format(M.calendarName.id);

/** The file's name: its range as ISO dates. */
export const icalFileName = (format: FormatMessage, range: { startDate: string; endDate: string }): string =>
  format(M.fileName.id, range);
