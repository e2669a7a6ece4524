import type { CalendarPage, CalendarQuery, ChartData } from './common';
import type { RefreshRules } from './refreshRules';

/** The team calendar. */
export interface CalendarCalls {
  'calendar.range': { args: CalendarQuery; result: CalendarPage };
  /** The same people and leave, compact, for the wall chart (everyone at once; no paging). */
  'calendar.chart': { args: Omit<CalendarQuery, 'page' | 'pageSize'>; result: ChartData };
  /** The leave a calendar shows as an iCalendar file (empty text when there is none). */
  'calendar.ical': { args: CalendarQuery; result: { fileName: string; text: string; events: number } };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const calendarReads = {
  'calendar.range': ['calendar', 'leave', 'users'],
  'calendar.chart': ['calendar', 'leave', 'users'],
  'calendar.ical': ['calendar', 'leave', 'users'],
} as const satisfies RefreshRules<CalendarCalls>;
