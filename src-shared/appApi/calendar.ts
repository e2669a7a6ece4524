import type { CalendarPage, CalendarQuery } from './common';
import type { RefreshRules } from './refreshRules';

/** The team calendar. */
export interface CalendarCalls {
  'calendar.range': { args: CalendarQuery; result: CalendarPage };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const calendarReads = {
  'calendar.range': ['calendar', 'leave', 'users'],
} as const satisfies RefreshRules<CalendarCalls>;
